import type { IntegrationRecord, IntegrationTarget, OrganizationRecord } from '../../model/index.js';
import { newId } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, conflict, notFound } from '../core/errors.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { IntegrationAccess, IntegrationView } from './access.js';
import { blockDomains, manifestOf, type PublishInput } from './manifest.js';
import { filterAsync } from '../core/async.js';

export interface IntegrationQuery extends PageRequest {
  search?: string;
  category?: string;
  blockDomain?: string;
  blocks?: boolean;
  contentSources?: boolean;
  owner?: string;
  scope?: string;
  target?: IntegrationTarget;
}

export interface DevelopmentMode {
  tunnelUrl: string;
  all?: boolean;
}

/** Does the integration pass the list filters? `target` keeps the integrations that can be installed there. */
export function matches(integration: IntegrationRecord, query: Omit<IntegrationQuery, keyof PageRequest>): boolean {
  const { manifest } = integration;
  const search = query.search?.trim().toLowerCase();
  if (search && ![integration.name, integration.title, manifest.description].some((text) => text.toLowerCase().includes(search))) return false;
  if (query.category !== undefined && !manifest.categories.includes(query.category)) return false;
  if (query.scope !== undefined && !manifest.scopes.includes(query.scope)) return false;
  if (query.owner !== undefined && integration.organizationId !== query.owner) return false;
  if (query.blocks !== undefined && manifest.blocks.length > 0 !== query.blocks) return false;
  if (query.contentSources !== undefined && manifest.contentSources.length > 0 !== query.contentSources) return false;
  if (query.target !== undefined && integration.target !== query.target && integration.target !== 'all') return false;
  if (query.blockDomain !== undefined) {
    const domain = query.blockDomain.toLowerCase();
    if (!blockDomains(manifest).some((host) => host === domain || host.endsWith(`.${domain}`))) return false;
  }
  return true;
}

/** Publishing, reading, listing and unpublishing integrations, and their development mode. */
export class IntegrationCatalog {
  constructor(private readonly access: IntegrationAccess) {}

  /** Creates the integration, or publishes a new version of it (secrets kept unless new ones are given). */
  async publish(caller: Caller, name: string, input: PublishInput): Promise<IntegrationView> {
    const { store } = this.access.deps;
    const org = await this.publisher(input.organization);
    await caller.access.requireOrganization(org, 'admin');
    const manifest = manifestOf(input);
    const integration = await store.tx(async () => {
      const existing = await store.integrations.get(name);
      if (existing && existing.organizationId !== org.id) {
        throw conflict(`The integration name "${name}" is already taken by another organization`);
      }
      const now = nowIso(this.access.deps);
      const record: IntegrationRecord = {
        name,
        id: existing?.id ?? newId(),
        organizationId: org.id,
        version: (existing?.version ?? 0) + 1,
        title: input.title,
        visibility: input.visibility ?? existing?.visibility ?? 'private',
        target: input.target ?? 'all',
        manifest,
        sealedSecrets: input.secrets ? store.secrets.seal(JSON.stringify(input.secrets)) : (existing?.sealedSecrets ?? null),
        devTunnelUrl: existing?.devTunnelUrl ?? null,
        devAll: existing?.devAll ?? false,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      };
      await store.integrations.put(record, input.script);
      return record;
    });
    return await this.access.view(caller, integration);
  }

  async get(caller: Caller, name: string): Promise<IntegrationView> {
    return await this.access.view(caller, await this.access.find(caller, name));
  }

  /**
   * Public integrations; with `owner`, also that organization's private and unlisted ones when the caller is a member
   * of it. `trustedBy`: the organization whose own integrations are listed too (`listOrganizationIntegrations`).
   */
  async list(caller: Caller, query: IntegrationQuery, trustedBy?: string): Promise<Page<IntegrationView>> {
    const own = async (i: IntegrationRecord) =>
      i.organizationId === trustedBy || (i.organizationId === query.owner && (await caller.access.organizationRole(i.organizationId)) !== undefined);
    const records = await filterAsync(
      await this.access.deps.store.integrations.all(),
      async (i) => (i.visibility === 'public' || (await own(i))) && matches(i, query),
    );
    const page = paginate(records, query, (i) => [i.name]);
    return { ...page, items: await Promise.all(page.items.map(async (i) => await this.access.view(caller, i))) };
  }

  /** `listOrganizationIntegrations`: public integrations and the organization's own. */
  async listForOrganization(caller: Caller, organizationId: string, query: IntegrationQuery): Promise<Page<IntegrationView>> {
    const org = await this.access.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'member');
    return await this.list(caller, query, org.id);
  }

  /** Removes the integration with its installations and events; 404 when there is none the caller can see. */
  async unpublish(caller: Caller, name: string): Promise<boolean> {
    const integration = await this.access.find(caller, name);
    await this.access.requireDeveloper(caller, integration, 'unpublish it');
    return await this.access.deps.store.integrations.delete(name);
  }

  async setDevelopmentMode(caller: Caller, name: string, mode: DevelopmentMode): Promise<void> {
    const integration = await this.access.find(caller, name);
    await this.access.requireDeveloper(caller, integration, 'set its development mode');
    await this.access.deps.store.integrations.setDevelopmentMode(integration.name, tunnelUrl(mode.tunnelUrl), mode.all ?? false, nowIso(this.access.deps));
  }

  async disableDevelopmentMode(caller: Caller, name: string): Promise<void> {
    const integration = await this.access.find(caller, name);
    await this.access.requireDeveloper(caller, integration, 'turn off its development mode');
    await this.access.deps.store.integrations.setDevelopmentMode(integration.name, null, false, nowIso(this.access.deps));
  }

  /** `organization` of a publish request: an organization id, or its hostname. */
  private async publisher(idOrHostname: string): Promise<OrganizationRecord> {
    const { organizations } = this.access.deps.store;
    const org = (await organizations.get(idOrHostname)) ?? (await organizations.all()).find((o) => o.hostname === idOrHostname);
    if (!org) throw notFound(`organization: no organization has the ID or hostname "${idOrHostname}"`);
    return org;
  }
}

function tunnelUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidInput(`tunnelUrl: "${raw}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidInput(`tunnelUrl: must be an http or https URL, not ${url.protocol}`);
  if (url.username || url.password) throw invalidInput('tunnelUrl: must not carry credentials');
  return url.href;
}
