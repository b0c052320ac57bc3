import { randomBytes } from 'node:crypto';
import { newId, type SiteRecord, type SiteShareLinkRecord } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { notFound } from '../core/errors.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { SiteAccess } from './access.js';

/** The query parameter that carries a share key in a published URL: `/<basename>/...?share=<key>`. */
export const SHARE_KEY_PARAM = 'share';

export interface ShareLinkView {
  site: SiteRecord;
  link: SiteShareLinkRecord;
}

/** Secret links that open a `share-link` site. The key is a separate secret, never the id. */
export class SiteShareLinks {
  constructor(private readonly access: SiteAccess) {}

  async list(caller: Caller, organizationId: string, siteId: string, request: PageRequest): Promise<Page<ShareLinkView>> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const links = (await this.access.deps.store.sites.shareLinks(site.id)).map((link) => ({ site, link }));
    return paginate(links, request, (v) => [v.link.createdAt, v.link.id]);
  }

  async create(caller: Caller, organizationId: string, siteId: string, name: string): Promise<ShareLinkView> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const link: SiteShareLinkRecord = {
      id: newId(),
      siteId: site.id,
      key: randomBytes(24).toString('base64url'),
      name,
      active: true,
      createdAt: nowIso(this.access.deps),
    };
    await this.access.deps.store.sites.putShareLink(link);
    return { site, link };
  }

  async update(caller: Caller, organizationId: string, siteId: string, linkId: string, patch: { name?: string; active?: boolean }): Promise<ShareLinkView> {
    return await this.access.deps.store.tx(async () => {
      const { site } = await this.access.require(caller, organizationId, siteId, 'create');
      const link = (await this.access.deps.store.sites.shareLinks(site.id)).find((l) => l.id === linkId);
      if (!link) throw notFound(`No matching share link ${linkId} in the site ${site.id}`);
      const next = { ...link, ...(patch.name !== undefined ? { name: patch.name } : {}), ...(patch.active !== undefined ? { active: patch.active } : {}) };
      await this.access.deps.store.sites.putShareLink(next);
      return { site, link: next };
    });
  }

  async delete(caller: Caller, organizationId: string, siteId: string, linkId: string): Promise<boolean> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    return await this.access.deps.store.sites.deleteShareLink(site.id, linkId);
  }

  /** True when `key` is an active share key of the site: what a visitor of a `share-link` site must present. */
  async opens(siteId: string, key: string | undefined): Promise<boolean> {
    if (!key) return false;
    const link = await this.access.deps.store.sites.shareLinkByKey(key);
    return !!link && link.active && link.siteId === siteId;
  }
}
