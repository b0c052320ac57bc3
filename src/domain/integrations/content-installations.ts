import type { ContentInstallationRecord, ContentKind, InstallationRecord, IntegrationRecord, SiteRecord, SpaceRecord } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, conflict, forbidden, notFound } from '../core/errors.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import { atLeast } from '../core/roles.js';
import type { Sites, SiteView } from '../sites/sites.js';
import type { Spaces, SpaceView } from '../spaces/spaces.js';
import type { IntegrationAccess } from './access.js';
import { checkConfiguration, statusFor } from './configuration.js';
import type { IntegrationEvents } from './events.js';
import { externalIdsOf, type Installations } from './installations.js';

export interface ContentInstallationView {
  kind: ContentKind;
  integration: IntegrationRecord;
  installation: InstallationRecord;
  record: ContentInstallationRecord;
  /** With `extended`: the space or site itself, as the caller sees it. */
  space?: SpaceView;
  site?: SiteView;
}

export interface ContentInstallationPatch {
  externalIds?: string[];
  configuration?: Record<string, unknown>;
}

export interface ContentListQuery extends PageRequest {
  externalId?: string;
  extended?: boolean;
}

type Target = { kind: 'space'; space: SpaceRecord } | { kind: 'site'; site: SiteRecord };

/**
 * Installations of an integration on spaces and sites of the organization it is installed in. Installing on a space
 * needs the admin role on it, on a site the admin role in the organization. Every change records an event.
 */
export class ContentInstallations {
  constructor(
    private readonly access: IntegrationAccess,
    private readonly installations: Installations,
    private readonly events: IntegrationEvents,
    private readonly spaces: Spaces,
    private readonly sites: Sites,
  ) {}

  async install(caller: Caller, kind: ContentKind, name: string, installationId: string, targetId: string, extended = false): Promise<ContentInstallationView> {
    const integration = await this.access.find(caller, name);
    const installation = await this.access.installation(integration, installationId);
    const field = kind === 'space' ? 'space' : 'siteId';
    if (integration.target !== 'all' && integration.target !== kind) {
      throw invalidInput(`${field}: ${name} can only be installed on ${integration.target === 'organization' ? 'an organization' : `${integration.target}s`}`);
    }
    const target = await this.target(kind, installation, targetId, field);
    await this.requireTargetAdmin(caller, target);
    const { store } = this.access.deps;
    const { record, event } = await store.tx(async () => {
      if (await store.integrations.contentInstallation(kind, installation.id, targetId)) {
        throw conflict(`${name} is already installed on the ${kind} ${targetId}`);
      }
      const now = nowIso(this.access.deps);
      const created: ContentInstallationRecord = {
        installationId: installation.id,
        targetId,
        status: statusFor(integration.manifest.configurations[kind], {}),
        configuration: {},
        externalIds: [],
        createdAt: now,
        updatedAt: now,
      };
      await store.integrations.putContentInstallation(kind, created);
      const recorded = await this.events.record(integration, installation, {
        type: `${kind}_installation_setup`,
        installationId: installation.id,
        ...this.targetField(kind, targetId),
        status: created.status,
      });
      return { record: created, event: recorded };
    });
    this.events.dispatch([event]);
    return await this.view(caller, kind, integration, installation, record, extended);
  }

  async get(caller: Caller, kind: ContentKind, name: string, installationId: string, targetId: string, extended = false): Promise<ContentInstallationView> {
    const { integration, installation, record } = await this.managed(caller, kind, name, installationId, targetId);
    return await this.view(caller, kind, integration, installation, record, extended);
  }

  async update(
    caller: Caller,
    kind: ContentKind,
    name: string,
    installationId: string,
    targetId: string,
    patch: ContentInstallationPatch,
    extended = false,
  ): Promise<ContentInstallationView> {
    const { integration, installation } = await this.managed(caller, kind, name, installationId, targetId);
    const schema = integration.manifest.configurations[kind];
    if (patch.configuration) checkConfiguration(schema, patch.configuration, 'configuration', kind);
    const externalIds = patch.externalIds ? externalIdsOf(patch.externalIds) : undefined;
    const { store } = this.access.deps;
    // Read and written in one transaction: another patch's fields stay, and an uninstalled one stays gone.
    const { next, event } = await store.tx(async () => {
      const record = await store.integrations.contentInstallation(kind, installation.id, targetId);
      if (!record) throw notFound(`${name} is not installed on the ${kind} ${targetId} through the installation ${installation.id}`);
      const configuration = patch.configuration ?? record.configuration;
      const next: ContentInstallationRecord = {
        ...record,
        configuration,
        status: statusFor(schema, configuration),
        externalIds: externalIds ?? record.externalIds,
        updatedAt: nowIso(this.access.deps),
      };
      const setupChanged = next.status !== record.status || JSON.stringify(next.configuration) !== JSON.stringify(record.configuration);
      await store.integrations.putContentInstallation(kind, next);
      if (!setupChanged) return { next, event: undefined };
      const event = await this.events.record(integration, installation, {
        type: `${kind}_installation_setup`,
        installationId: installation.id,
        ...this.targetField(kind, targetId),
        status: next.status,
        previous: { status: record.status, configuration: record.configuration },
      });
      return { next, event };
    });
    if (event) this.events.dispatch([event]);
    return await this.view(caller, kind, integration, installation, next, extended);
  }

  /** False when the integration was not installed on that space or site. */
  async uninstall(caller: Caller, kind: ContentKind, name: string, installationId: string, targetId: string): Promise<boolean> {
    const integration = await this.access.find(caller, name);
    const installation = await this.access.installation(integration, installationId);
    const target = await this.target(kind, installation, targetId, kind === 'space' ? 'spaceId' : 'siteId');
    if (!(await this.access.isInstaller(caller, installation))) await this.requireTargetAdmin(caller, target);
    const { store } = this.access.deps;
    // Read and deleted in one transaction: of two uninstalls at once, one records the event, the other answers false.
    const event = await store.tx(async () => {
      const record = await store.integrations.contentInstallation(kind, installation.id, targetId);
      if (!record) return undefined;
      await store.integrations.deleteContentInstallation(kind, installation.id, targetId);
      return await this.events.record(integration, installation, {
        type: `${kind}_installation_deleted`,
        installationId: installation.id,
        ...this.targetField(kind, targetId),
        previous: { configuration: record.configuration },
      });
    });
    if (!event) return false;
    this.events.dispatch([event]);
    return true;
  }

  /** The space or site installations of one installation. */
  async listOfInstallation(
    caller: Caller,
    kind: ContentKind,
    name: string,
    installationId: string,
    query: ContentListQuery,
  ): Promise<Page<ContentInstallationView>> {
    const { integration, installation } = await this.installations.managed(caller, name, installationId);
    const records = await this.access.deps.store.integrations.contentInstallations(kind, installation.id);
    return await this.page(caller, kind, integration, [installation], records, query);
  }

  /** Every space or site installation of an integration, for its developers; an installation token sees its own. */
  async listOfIntegration(caller: Caller, kind: ContentKind, name: string, query: ContentListQuery): Promise<Page<ContentInstallationView>> {
    const integration = await this.access.find(caller, name);
    const own = caller.access.installation?.integration === integration.name ? caller.access.installation.installationId : undefined;
    if (!own) await this.access.requireDeveloper(caller, integration, `list its ${kind} installations`);
    const { integrations } = this.access.deps.store;
    const installations = (await integrations.installationsOf(integration.name)).filter((i) => !own || i.id === own);
    const records = (await Promise.all(installations.map(async (i) => await integrations.contentInstallations(kind, i.id)))).flat();
    return await this.page(caller, kind, integration, installations, records, query);
  }

  private async page(
    caller: Caller,
    kind: ContentKind,
    integration: IntegrationRecord,
    installations: InstallationRecord[],
    records: ContentInstallationRecord[],
    query: ContentListQuery,
  ): Promise<Page<ContentInstallationView>> {
    const byId = new Map(installations.map((i) => [i.id, i]));
    const items = records
      .filter((r) => query.externalId === undefined || r.externalIds.includes(query.externalId))
      .map((r) => ({ integration, installation: byId.get(r.installationId)!, record: r }));
    const page = paginate(items, query, (v) => [v.record.createdAt, v.record.installationId, v.record.targetId]);
    return {
      ...page,
      items: await Promise.all(page.items.map(async (v) => await this.view(caller, kind, v.integration, v.installation, v.record, query.extended ?? false))),
    };
  }

  /** The installation on the space or site, once the caller is known to manage it (or to administer that space or site). */
  private async managed(caller: Caller, kind: ContentKind, name: string, installationId: string, targetId: string) {
    const integration = await this.access.find(caller, name);
    const installation = await this.access.installation(integration, installationId);
    const record = await this.access.deps.store.integrations.contentInstallation(kind, installation.id, targetId);
    if (!record) throw notFound(`${name} is not installed on the ${kind} ${targetId} through the installation ${installation.id}`);
    const manager =
      (await this.access.isInstaller(caller, installation)) || (await this.access.isDeveloper(caller, integration)) || this.access.isSelf(caller, installation);
    if (!manager) await this.requireTargetAdmin(caller, await this.target(kind, installation, targetId, kind === 'space' ? 'spaceId' : 'siteId'));
    return { integration, installation, record };
  }

  /** The space or site, when it belongs to the installation's organization. */
  private async target(kind: ContentKind, installation: InstallationRecord, id: string, field: string): Promise<Target> {
    if (kind === 'space') {
      const space = await this.access.deps.store.content.space(id);
      if (!space || space.deletedAt || space.organizationId !== installation.organizationId) {
        throw notFound(`${field}: no space ${id} in the organization ${installation.organizationId}`);
      }
      return { kind, space };
    }
    const site = await this.access.deps.store.sites.get(id);
    if (!site || site.organizationId !== installation.organizationId) {
      throw notFound(`${field}: no site ${id} in the organization ${installation.organizationId}`);
    }
    return { kind, site };
  }

  private async requireTargetAdmin(caller: Caller, target: Target): Promise<void> {
    if (target.kind === 'space') {
      await caller.access.requireSpace(target.space, 'admin');
    } else if (!atLeast(await this.sites.access.role(caller, target.site), 'admin')) {
      throw forbidden(`Installing integrations on the site ${target.site.id} needs the admin role in its organization`);
    }
  }

  private targetField(kind: ContentKind, id: string): Record<string, string> {
    return kind === 'space' ? { spaceId: id } : { siteId: id };
  }

  private async view(
    caller: Caller,
    kind: ContentKind,
    integration: IntegrationRecord,
    installation: InstallationRecord,
    record: ContentInstallationRecord,
    extended: boolean,
  ): Promise<ContentInstallationView> {
    const view: ContentInstallationView = { kind, integration, installation, record };
    if (!extended) return view;
    if (kind === 'space') {
      const space = await this.access.deps.store.content.space(record.targetId);
      if (space) view.space = await this.spaces.view(space, await caller.access.spaceRole(space));
    } else {
      const site = await this.access.deps.store.sites.get(record.targetId);
      if (site) view.site = await this.sites.view(site, await this.sites.access.role(caller, site));
    }
    return view;
  }
}
