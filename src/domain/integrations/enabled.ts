import type { ContentKind, InstallationRecord, IntegrationRecord } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { MAX_LIMIT, paginate, type Page } from '../core/pagination.js';
import type { Sites } from '../sites/sites.js';
import type { Spaces } from '../spaces/spaces.js';
import type { IntegrationAccess, IntegrationView } from './access.js';
import { matches } from './catalog.js';
import { policyText } from './manifest.js';

export interface EnabledIntegration {
  integration: IntegrationRecord;
  installation: InstallationRecord;
}

export interface SiteScriptView extends EnabledIntegration {
  siteId: string;
  cookies: boolean;
  contentSecurityPolicy?: string;
}

/**
 * The integrations enabled on a space or a site: installed in its organization, installable on that kind of target,
 * and reaching it (every space or site with selection `all`, or installed on it).
 */
export class EnabledIntegrations {
  constructor(
    private readonly access: IntegrationAccess,
    private readonly spaces: Spaces,
    private readonly sites: Sites,
  ) {}

  async onSpace(caller: Caller, spaceId: string, search?: string): Promise<Page<IntegrationView>> {
    const space = await this.spaces.find(spaceId);
    await caller.access.requireSpace(space, 'read');
    return await this.page(caller, await this.enabled('space', space.organizationId, space.id), search);
  }

  async blocksOnSpace(caller: Caller, spaceId: string): Promise<{ name: string; blocks: Record<string, unknown>[] }[]> {
    const space = await this.spaces.find(spaceId);
    await caller.access.requireSpace(space, 'read');
    return (await this.enabled('space', space.organizationId, space.id))
      .filter(({ integration }) => integration.manifest.blocks.length > 0)
      .map(({ integration }) => ({ name: integration.name, blocks: integration.manifest.blocks }));
  }

  async onSite(caller: Caller, organizationId: string, siteId: string, search?: string): Promise<Page<IntegrationView>> {
    const { site } = await this.sites.access.require(caller, organizationId, siteId, 'read');
    return await this.page(caller, await this.enabled('site', site.organizationId, site.id), search);
  }

  /** The scripts a published site loads: its active integrations that may inject one (`site:script:inject`). */
  async scriptsOnSite(caller: Caller, organizationId: string, siteId: string): Promise<SiteScriptView[]> {
    const { site } = await this.sites.access.require(caller, organizationId, siteId, 'read');
    return (await this.enabled('site', site.organizationId, site.id))
      .filter(({ integration, installation }) => integration.manifest.scopes.includes('site:script:inject') && installation.status === 'active')
      .map(({ integration, installation }) => {
        const policy = policyText(integration.manifest.contentSecurityPolicy);
        return {
          integration,
          installation,
          siteId: site.id,
          cookies: integration.manifest.scopes.includes('site:script:cookies'),
          ...(policy !== undefined ? { contentSecurityPolicy: policy } : {}),
        };
      });
  }

  private async enabled(kind: ContentKind, organizationId: string, targetId: string): Promise<EnabledIntegration[]> {
    const { integrations } = this.access.deps.store;
    const on = new Set((await integrations.contentInstallationsOn(kind, targetId)).map((c) => c.installationId));
    return (
      await Promise.all(
        (
          await integrations.installationsInOrganization(organizationId)
        ).map(async (installation) => {
          const integration = await integrations.get(installation.integration);
          if (!integration || (integration.target !== 'all' && integration.target !== kind)) return [];
          const selection = kind === 'space' ? installation.spaceSelection : installation.siteSelection;
          return selection === 'all' || on.has(installation.id) ? [{ integration, installation }] : [];
        }),
      )
    ).flat();
  }

  private async page(caller: Caller, enabled: EnabledIntegration[], search: string | undefined): Promise<Page<IntegrationView>> {
    const items = await Promise.all(
      enabled
        .filter(({ integration }) => matches(integration, search !== undefined ? { search } : {}))
        .map(async ({ integration }) => await this.access.view(caller, integration)),
    );
    return paginate(items, { limit: MAX_LIMIT }, (v) => [v.integration.name]);
  }
}
