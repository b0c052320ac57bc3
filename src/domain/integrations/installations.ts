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
  /** What it is installed on: the organization, or one space or site. */
  target: { type: 'organization'; organizationId: string } | { type: 'space'; spaceId: string } | { type: 'site'; siteId: string };
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

  async install(caller: Caller, name: string, organizationId: string): Promise<InstallationView> {
    const integration = await this.access.find(caller, name);
    const org = await this.access.deps.store.organizations.get(organizationId);
    if (!org) throw notFound(`organization: no organization has the ID ${organizationId}`);
    await caller.access.requireOrganization(org, 'admin');
    if (integration.visibility === 'private' && integration.organizationId !== org.id) {
      throw forbidden(`${name} is private: it can only be installed in the organization ${integration.organizationId}`);
    }
    const { store } = this.access.deps;
    let event: IntegrationEventRecord;
    const installation = await store.tx(async () => {
      if (await store.integrations.installationIn(name, org.id)) throw conflict(`${name} is already installed in the organization ${org.id}`);
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
      await store.integrations.putInstallation(record);
      event = await this.events.record(integration, record, { type: 'installation_setup', installationId: record.id, status: record.status });
      return record;
    });
    this.events.dispatch([event!]);
    return await this.view(integration, installation);
  }

  async get(caller: Caller, name: string, installationId: string): Promise<InstallationView> {
    const { integration, installation } = await this.managed(caller, name, installationId);
    return await this.view(integration, installation);
  }

  async update(caller: Caller, name: string, installationId: string, patch: InstallationPatch): Promise<InstallationView> {
    const { integration } = await this.managed(caller, name, installationId);
    if (patch.configuration) checkConfiguration(integration.manifest.configurations.account, patch.configuration, 'configuration', 'account');
    const externalIds = patch.externalIds ? externalIdsOf(patch.externalIds) : undefined;
    const { store } = this.access.deps;
    // Read and written in one transaction: another patch's fields stay, and an uninstalled installation stays gone.
    const { next, event } = await store.tx(async () => {
      const installation = await this.access.installation(integration, installationId);
      const configuration = patch.configuration ?? installation.configuration;
      const next: InstallationRecord = {
        ...installation,
        configuration,
        status: statusFor(integration.manifest.configurations.account, configuration),
        spaceSelection: patch.space_selection ?? installation.spaceSelection,
        siteSelection: patch.site_selection ?? installation.siteSelection,
        externalIds: externalIds ?? installation.externalIds,
        updatedAt: nowIso(this.access.deps),
      };
      const setupChanged =
        next.status !== installation.status ||
        next.spaceSelection !== installation.spaceSelection ||
        next.siteSelection !== installation.siteSelection ||
        JSON.stringify(next.configuration) !== JSON.stringify(installation.configuration);
      await store.integrations.putInstallation(next);
      if (!setupChanged) return { next, event: undefined };
      const event = await this.events.record(integration, next, {
        type: 'installation_setup',
        installationId: next.id,
        status: next.status,
        previous: { status: installation.status, configuration: installation.configuration },
      });
      return { next, event };
    });
    if (event) this.events.dispatch([event]);
    return await this.view(integration, next);
  }

  /** Removes the installation with its space and site installations and tokens; 404 when there is none (no organization to check a role in). */
  async uninstall(caller: Caller, name: string, installationId: string): Promise<boolean> {
    const integration = await this.access.find(caller, name);
    const installation = await this.access.installation(integration, installationId);
    if (!(await this.access.isInstaller(caller, installation))) {
      throw forbidden(`Only admins of the organization ${installation.organizationId} can uninstall ${name} from it`);
    }
    const { store } = this.access.deps;
    const event = await store.tx(async () => {
      // Read again here: of two uninstalls at once, one records the event, the other finds nothing left.
      const current = await store.integrations.installation(installation.id);
      if (!current) return undefined;
      const recorded = await this.events.record(integration, current, {
        type: 'installation_deleted',
        installationId: current.id,
        previous: { configuration: current.configuration },
      });
      await store.integrations.deleteInstallation(current.id);
      return recorded;
    });
    if (event) this.events.dispatch([event]);
    return true;
  }

  /** Every installation of an integration, for its developers; an installation token sees its own. */
  async list(caller: Caller, name: string, query: PageRequest & { externalId?: string }): Promise<Page<InstallationView>> {
    const integration = await this.access.find(caller, name);
    const own = caller.access.installation?.integration === integration.name ? caller.access.installation.installationId : undefined;
    if (!own) await this.access.requireDeveloper(caller, integration, 'list its installations');
    const items = await Promise.all(
      (await this.access.deps.store.integrations.installationsOf(integration.name))
        .filter((i) => !own || i.id === own)
        .filter((i) => query.externalId === undefined || i.externalIds.includes(query.externalId))
        .map(async (i) => await this.view(integration, i)),
    );
    return paginate(items, query, (v) => [v.installation.createdAt, v.installation.id]);
  }

  /** `getOrganizationIntegrationStatus`: 404 when the integration is not installed there. */
  async statusIn(caller: Caller, organizationId: string, name: string): Promise<InstallationStatus> {
    const org = await this.access.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'member');
    const integration = await this.access.find(caller, name);
    const installation = await this.access.deps.store.integrations.installationIn(integration.name, org.id);
    if (!installation) throw notFound(`${name} is not installed in the organization ${org.id}`);
    return installation.status;
  }

  /** `listOrganizationInstallations`: the organization's installations with their integrations, for its admins. */
  async listInOrganization(caller: Caller, organizationId: string, query: PageRequest & { search?: string }): Promise<Page<OrganizationInstallationView>> {
    const org = await this.access.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'admin');
    const items = await Promise.all(
      (await this.installed(org.id))
        .filter(({ integration }) => matches(integration, { ...(query.search !== undefined ? { search: query.search } : {}) }))
        .map(async ({ integration, installation }) => ({
          integration: await this.access.view(caller, integration),
          installation: await this.view(integration, installation),
        })),
    );
    return paginate(items, query, (v) => [v.installation.installation.createdAt, v.installation.installation.id]);
  }

  /**
   * `listOrganizationIntegrationsStatus`: the integrations installed in the organization, on its spaces or on its
   * sites, each with its status (for spaces and sites, the best among its space or site installations).
   */
  /**
   * The installations on the organization, or on its spaces or sites (`only`: one space's or site's), each with its
   * target, leaving out those neither active, pending nor paused.
   */
  async statuses(
    caller: Caller,
    organizationId: string,
    target: InstallationTarget,
    query: PageRequest & { only?: string },
  ): Promise<Page<InstalledIntegrationView>> {
    const org = await this.access.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'read');
    const { integrations } = this.access.deps.store;
    const listed = (status: InstallationStatus) => ['active', 'pending', 'paused'].includes(status);
    const items = (
      await Promise.all(
        (
          await this.installed(org.id)
        ).map(async ({ integration, installation }): Promise<InstalledIntegrationView[]> => {
          if (target === 'organization') {
            if (!listed(installation.status)) return [];
            return [
              {
                integration: await this.access.view(caller, integration),
                status: installation.status,
                target: { type: 'organization', organizationId: org.id },
              },
            ];
          }
          const on = (await integrations.contentInstallations(target, installation.id)).filter(
            (c) => listed(c.status) && (query.only === undefined || c.targetId === query.only),
          );
          if (!on.length) return [];
          const view = await this.access.view(caller, integration);
          return on.map((c) => ({
            integration: view,
            status: c.status,
            target: target === 'space' ? { type: 'space' as const, spaceId: c.targetId } : { type: 'site' as const, siteId: c.targetId },
          }));
        }),
      )
    ).flat();
    const targetId = (v: InstalledIntegrationView) =>
      v.target.type === 'organization' ? v.target.organizationId : v.target.type === 'space' ? v.target.spaceId : v.target.siteId;
    return paginate(items, query, (v) => [v.integration.integration.name, targetId(v)]);
  }

  async view(integration: IntegrationRecord, installation: InstallationRecord): Promise<InstallationView> {
    return { integration, installation, spaces: await this.access.deps.store.integrations.countContentInstallations('space', installation.id) };
  }

  /** The integration and installation, once the caller is known to manage it. */
  async managed(caller: Caller, name: string, installationId: string): Promise<{ integration: IntegrationRecord; installation: InstallationRecord }> {
    const integration = await this.access.find(caller, name);
    const installation = await this.access.installation(integration, installationId);
    await this.access.requireManager(caller, integration, installation);
    return { integration, installation };
  }

  private async installed(organizationId: string): Promise<{ integration: IntegrationRecord; installation: InstallationRecord }[]> {
    const { integrations } = this.access.deps.store;
    return (
      await Promise.all(
        (
          await integrations.installationsInOrganization(organizationId)
        ).map(async (installation) => {
          const integration = await integrations.get(installation.integration);
          return integration ? [{ integration, installation }] : [];
        }),
      )
    ).flat();
  }
}
