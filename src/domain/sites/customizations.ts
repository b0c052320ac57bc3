import type { Caller } from '../core/context.js';
import type { SiteAccess } from './access.js';
import { type CustomizationSettings, effectiveCustomization, patchOverride, siteCustomization } from './customization.js';
import type { SiteSpaces } from './site-spaces.js';

/** A site's customization settings, and the members each site space overrides. */
export class SiteCustomizations {
  constructor(
    private readonly access: SiteAccess,
    private readonly siteSpaces: SiteSpaces,
  ) {}

  async get(caller: Caller, organizationId: string, siteId: string): Promise<CustomizationSettings> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'read');
    return siteCustomization(site);
  }

  /** Replaces the site's settings whole (the body was validated against the API schema). */
  async update(caller: Caller, organizationId: string, siteId: string, settings: Record<string, unknown>): Promise<CustomizationSettings> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    return siteCustomization(await this.access.change(site.id, (current) => ({ ...current, customization: settings })));
  }

  async forSiteSpace(
    caller: Caller,
    organizationId: string,
    siteId: string,
    siteSpaceId: string,
  ): Promise<{ settings: CustomizationSettings; hasOverrides: boolean }> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'read');
    const node = this.siteSpaces.find(await this.access.tree(caller, site), siteSpaceId);
    return { settings: node.customization, hasOverrides: node.record.customization !== null };
  }

  /** Lays `patch` over the site space's overrides: a member set to null stops overriding. */
  async override(caller: Caller, organizationId: string, siteId: string, siteSpaceId: string, patch: Record<string, unknown>): Promise<CustomizationSettings> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    const record = await store.tx(async () => {
      const node = this.siteSpaces.find(await this.access.tree(caller, site), siteSpaceId);
      const next = { ...node.record, customization: patchOverride(node.record.customization, patch) };
      await store.sites.putSiteSpace(next);
      await this.access.change(site.id);
      return next;
    });
    return effectiveCustomization((await store.sites.get(site.id))!, record);
  }

  /** True when the site space had overrides. */
  async deleteOverrides(caller: Caller, organizationId: string, siteId: string, siteSpaceId: string): Promise<boolean> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    return await store.tx(async () => {
      const node = this.siteSpaces.find(await this.access.tree(caller, site), siteSpaceId);
      if (node.record.customization === null) return false;
      await store.sites.putSiteSpace({ ...node.record, customization: null });
      return true;
    });
  }
}
