import type { InstallationRecord, InstallationSelection, InstallationStatus, IntegrationEventRecord, IntegrationRecord } from '../../model/index.js';
import { newId } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, conflict, forbidden, notFound } from '../core/errors.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { IntegrationAccess, IntegrationView } from './access.js';
import { matches } from './catalog.js';
import { checkConfiguration, statusFor } from './configuration.js';
import type { IntegrationEvents } from './events.js';

export interface InstallationView {
  integration: IntegrationRecord;
  installation: InstallationRecord;
  /** How many space installations it has. */
  spaces: number;
}

export interface InstallationPatch {
  externalIds?: string[];
  configuration?: Record<string, unknown>;
  space_selection?: InstallationSelection;
  site_selection?: InstallationSelection;
}

export interface InstalledIntegrationView {
  integration: IntegrationView;
  status: InstallationStatus;
}

export interface OrganizationInstallationView {
  integration: IntegrationView;
  installation: InstallationView;
}

export type InstallationTarget = 'organization' | 'space' | 'site';

const MAX_EXTERNAL_IDS = 5;

/** `externalIds` with duplicates removed; 400 beyond five. */
export function externalIdsOf(ids: string[], field = 'externalIds'): string[] {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_EXTERNAL_IDS) throw invalidInput(`${field}: at most ${MAX_EXTERNAL_IDS} external IDs`);
  return unique;
}

/**
 * Installations of integrations on organizations. Installing needs the admin role in the organization; a private
 * integration installs only in the organization that publishes it. Every change records an event.
 */
export class Installations {
  constructor(
    private readonly access: IntegrationAccess,
    private readonly events: IntegrationEvents,
  ) {}

  install(caller: Caller, name: string, organizationId: string): InstallationView {
    const integration = this.access.find(caller, name);
    const org = this.access.deps.store.organizations.get(organizationId);
    if (!org) throw notFound(`organization: no organization has the ID ${organizationId}`);
    caller.access.requireOrganization(org, 'admin');
    if (integration.visibility === 'private' && integration.organizationId !== org.id) {
      throw forbidden(`${name} is private: it can only be installed in the organization ${integration.organizationId}`);
    }
    const { store } = this.access.deps;
    let event: IntegrationEventRecord;
    const installation = store.tx(() => {
      if (store.integrations.installationIn(name, org.id)) throw conflict(`${name} is already installed in the organization ${org.id}`);
      const now = nowIso(this.access.deps);
      const record: InstallationRecord = {
        id: newId(),
        integration: name,
        organizationId: org.id,
        status: statusFor(integration.manifest.configurations.account, {}),
        spaceSelection: 'selected',
        siteSelection: 'selected',
        configuration: {},
        externalIds: [],
        userId: null,
        createdAt: now,
        updatedAt: now,
      };
      store.integrations.putInstallation(record);
      event = this.events.record(integration, record, { type: 'installation_setup', installationId: record.id, status: record.status });
      return record;
    });
    this.events.dispatch([event!]);
    return this.view(integration, installation);
  }

  get(caller: Caller, name: string, installationId: string): InstallationView {
    const { integration, installation } = this.managed(caller, name, installationId);
    return this.view(integration, installation);
  }

  update(caller: Caller, name: string, installationId: string, patch: InstallationPatch): InstallationView {
    const { integration, installation } = this.managed(caller, name, installationId);
    const configuration = patch.configuration ?? installation.configuration;
    if (patch.configuration) checkConfiguration(integration.manifest.configurations.account, configuration, 'configuration', 'account');
    const next: InstallationRecord = {
      ...installation,
      configuration,
      status: statusFor(integration.manifest.configurations.account, configuration),
      spaceSelection: patch.space_selection ?? installation.spaceSelection,
      siteSelection: patch.site_selection ?? installation.siteSelection,
      externalIds: patch.externalIds ? externalIdsOf(patch.externalIds) : installation.externalIds,
      updatedAt: nowIso(this.access.deps),
    };
    const setupChanged =
      next.status !== installation.status ||
      next.spaceSelection !== installation.spaceSelection ||
      next.siteSelection !== installation.siteSelection ||
      JSON.stringify(next.configuration) !== JSON.stringify(installation.configuration);
    const { store } = this.access.deps;
    const event = store.tx(() => {
      store.integrations.putInstallation(next);
      if (!setupChanged) return undefined;
      return this.events.record(integration, next, {
        type: 'installation_setup',
        installationId: next.id,
        status: next.status,
        previous: { status: installation.status, configuration: installation.configuration },
      });
    });
    if (event) this.events.dispatch([event]);
    return this.view(integration, next);
  }

  /** Removes the installation with its space and site installations and tokens; 404 when there is none (no organization to check a role in). */
  uninstall(caller: Caller, name: string, installationId: string): boolean {
    const integration = this.access.find(caller, name);
    const installation = this.access.installation(integration, installationId);
    if (!this.access.isInstaller(caller, installation)) {
      throw forbidden(`Only admins of the organization ${installation.organizationId} can uninstall ${name} from it`);
    }
    const { store } = this.access.deps;
    const event = store.tx(() => {
      const recorded = this.events.record(integration, installation, {
        type: 'installation_deleted',
        installationId: installation.id,
        previous: { configuration: installation.configuration },
      });
      store.integrations.deleteInstallation(installation.id);
      return recorded;
    });
    this.events.dispatch([event]);
    return true;
  }

  /** Every installation of an integration, for its developers; an installation token sees its own. */
  list(caller: Caller, name: string, query: PageRequest & { externalId?: string }): Page<InstallationView> {
    const integration = this.access.find(caller, name);
    const own = caller.access.installation?.integration === integration.name ? caller.access.installation.installationId : undefined;
    if (!own) this.access.requireDeveloper(caller, integration, 'list its installations');
    const items = this.access.deps.store.integrations
      .installationsOf(integration.name)
      .filter((i) => !own || i.id === own)
      .filter((i) => query.externalId === undefined || i.externalIds.includes(query.externalId))
      .map((i) => this.view(integration, i));
    return paginate(items, query, (v) => [v.installation.createdAt, v.installation.id]);
  }

  /** `getOrganizationIntegrationStatus`: 404 when the integration is not installed there. */
  statusIn(caller: Caller, organizationId: string, name: string): InstallationStatus {
    const org = this.access.organizations.find(organizationId);
    caller.access.requireOrganization(org, 'member');
    const integration = this.access.find(caller, name);
    const installation = this.access.deps.store.integrations.installationIn(integration.name, org.id);
    if (!installation) throw notFound(`${name} is not installed in the organization ${org.id}`);
    return installation.status;
  }

  /** `listOrganizationInstallations`: the organization's installations with their integrations, for its admins. */
  listInOrganization(caller: Caller, organizationId: string, query: PageRequest & { search?: string }): Page<OrganizationInstallationView> {
    const org = this.access.organizations.find(organizationId);
    caller.access.requireOrganization(org, 'admin');
    const items = this.installed(org.id)
      .filter(({ integration }) => matches(integration, { ...(query.search !== undefined ? { search: query.search } : {}) }))
      .map(({ integration, installation }) => ({ integration: this.access.view(caller, integration), installation: this.view(integration, installation) }));
    return paginate(items, query, (v) => [v.installation.installation.createdAt, v.installation.installation.id]);
  }

  /**
   * `listOrganizationIntegrationsStatus`: the integrations installed in the organization, on its spaces or on its
   * sites, each with its status (for spaces and sites, the best among its space or site installations).
   */
  statuses(caller: Caller, organizationId: string, target: InstallationTarget, query: PageRequest): Page<InstalledIntegrationView> {
    const org = this.access.organizations.find(organizationId);
    caller.access.requireOrganization(org, 'read');
    const { integrations } = this.access.deps.store;
    const items = this.installed(org.id).flatMap(({ integration, installation }) => {
      const statuses = target === 'organization' ? [installation.status] : integrations.contentInstallations(target, installation.id).map((c) => c.status);
      const status = (['active', 'pending', 'paused'] as const).find((s) => statuses.includes(s));
      return status ? [{ integration: this.access.view(caller, integration), status }] : [];
    });
    return paginate(items, query, (v) => [v.integration.integration.name]);
  }

  view(integration: IntegrationRecord, installation: InstallationRecord): InstallationView {
    return { integration, installation, spaces: this.access.deps.store.integrations.countContentInstallations('space', installation.id) };
  }

  /** The integration and installation, once the caller is known to manage it. */
  managed(caller: Caller, name: string, installationId: string): { integration: IntegrationRecord; installation: InstallationRecord } {
    const integration = this.access.find(caller, name);
    const installation = this.access.installation(integration, installationId);
    this.access.requireManager(caller, integration, installation);
    return { integration, installation };
  }

  private installed(organizationId: string): { integration: IntegrationRecord; installation: InstallationRecord }[] {
    const { integrations } = this.access.deps.store;
    return integrations.installationsInOrganization(organizationId).flatMap((installation) => {
      const integration = integrations.get(installation.integration);
      return integration ? [{ integration, installation }] : [];
    });
  }
}
