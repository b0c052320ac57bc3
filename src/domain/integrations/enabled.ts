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

  onSpace(caller: Caller, spaceId: string, search?: string): Page<IntegrationView> {
    const space = this.spaces.find(spaceId);
    caller.access.requireSpace(space, 'read');
    return this.page(caller, this.enabled('space', space.organizationId, space.id), search);
  }

  blocksOnSpace(caller: Caller, spaceId: string): { name: string; blocks: Record<string, unknown>[] }[] {
    const space = this.spaces.find(spaceId);
    caller.access.requireSpace(space, 'read');
    return this.enabled('space', space.organizationId, space.id)
      .filter(({ integration }) => integration.manifest.blocks.length > 0)
      .map(({ integration }) => ({ name: integration.name, blocks: integration.manifest.blocks }));
  }

  onSite(caller: Caller, organizationId: string, siteId: string, search?: string): Page<IntegrationView> {
    const { site } = this.sites.access.require(caller, organizationId, siteId, 'read');
    return this.page(caller, this.enabled('site', site.organizationId, site.id), search);
  }

  /** The scripts a published site loads: its active integrations that may inject one (`site:script:inject`). */
  scriptsOnSite(caller: Caller, organizationId: string, siteId: string): SiteScriptView[] {
    const { site } = this.sites.access.require(caller, organizationId, siteId, 'read');
    return this.enabled('site', site.organizationId, site.id)
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

  private enabled(kind: ContentKind, organizationId: string, targetId: string): EnabledIntegration[] {
    const { integrations } = this.access.deps.store;
    const on = new Set(integrations.contentInstallationsOn(kind, targetId).map((c) => c.installationId));
    return integrations.installationsInOrganization(organizationId).flatMap((installation) => {
      const integration = integrations.get(installation.integration);
      if (!integration || (integration.target !== 'all' && integration.target !== kind)) return [];
      const selection = kind === 'space' ? installation.spaceSelection : installation.siteSelection;
      return selection === 'all' || on.has(installation.id) ? [{ integration, installation }] : [];
    });
  }

  private page(caller: Caller, enabled: EnabledIntegration[], search: string | undefined): Page<IntegrationView> {
    const items = enabled
      .filter(({ integration }) => matches(integration, search !== undefined ? { search } : {}))
      .map(({ integration }) => this.access.view(caller, integration));
    return paginate(items, { limit: MAX_LIMIT }, (v) => [v.integration.name]);
  }
}
