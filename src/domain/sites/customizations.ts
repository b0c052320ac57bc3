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

  get(caller: Caller, organizationId: string, siteId: string): CustomizationSettings {
    const { site } = this.access.require(caller, organizationId, siteId, 'read');
    return siteCustomization(site);
  }

  /** Replaces the site's settings whole (the body was validated against the API schema). */
  update(caller: Caller, organizationId: string, siteId: string, settings: Record<string, unknown>): CustomizationSettings {
    const { site } = this.access.require(caller, organizationId, siteId, 'create');
    return siteCustomization(this.access.save({ ...site, customization: settings }));
  }

  forSiteSpace(caller: Caller, organizationId: string, siteId: string, siteSpaceId: string): { settings: CustomizationSettings; hasOverrides: boolean } {
    const { site } = this.access.require(caller, organizationId, siteId, 'read');
    const node = this.siteSpaces.find(this.access.tree(caller, site), siteSpaceId);
    return { settings: node.customization, hasOverrides: node.record.customization !== null };
  }

  /** Lays `patch` over the site space's overrides: a member set to null stops overriding. */
  override(caller: Caller, organizationId: string, siteId: string, siteSpaceId: string, patch: Record<string, unknown>): CustomizationSettings {
    const { site } = this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    const record = store.tx(() => {
      const node = this.siteSpaces.find(this.access.tree(caller, site), siteSpaceId);
      const next = { ...node.record, customization: patchOverride(node.record.customization, patch) };
      store.sites.putSiteSpace(next);
      this.access.save(site);
      return next;
    });
    return effectiveCustomization(store.sites.get(site.id)!, record);
  }

  /** True when the site space had overrides. */
  deleteOverrides(caller: Caller, organizationId: string, siteId: string, siteSpaceId: string): boolean {
    const { site } = this.access.require(caller, organizationId, siteId, 'create');
    const node = this.siteSpaces.find(this.access.tree(caller, site), siteSpaceId);
    if (node.record.customization === null) return false;
    this.access.deps.store.sites.putSiteSpace({ ...node.record, customization: null });
    return true;
  }
}
