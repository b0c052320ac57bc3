import { hasDotSegment } from '../../content/paths.js';
import { newId, type SiteRecord, type SiteRedirectDestination, type SiteRedirectRecord } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, conflict, notFound } from '../core/errors.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { SiteAccess } from './access.js';
import type { SiteTree } from './structure.js';

export interface RedirectInput {
  source: string;
  destination: SiteRedirectDestination;
}

/** One item of `bulkUpsertSiteRedirects`: a destination to create or update the source's redirect with, null to delete it. */
export interface BulkRedirect {
  source: string;
  intent?: 'live' | 'draft' | 'publish';
  captureWildcard?: boolean;
  destination?: SiteRedirectDestination | { kind: 'path'; spaceId: string; path: string } | { kind: 'external'; url: string } | null;
}

export type BulkResult = { status: 'created' | 'updated'; source: string; draft: false; id: string } | { status: 'deleted'; source: string; draft: false };

/** A redirect and the site-relative path it leads to. */
export interface RedirectTarget {
  redirect: SiteRedirectRecord;
  /** Path under the site root, without a leading slash ('' for the site's home). */
  path: string;
}

/** Normalised so that `/Old/Page/` and `/old/page` are the same source. */
export const normalizeSource = (source: string): string => (source.replace(/\/+$/, '') || '/').toLowerCase();

/** Site redirects: an old path on the site leads to a section, a site space or a page. */
export class SiteRedirects {
  constructor(private readonly access: SiteAccess) {}

  /**
   * The site's redirects whose source contains `search`. `draft: true` asks for the draft redirects, not yet published:
   * Quire keeps live redirects only (`bulk` refuses the draft intent), so there are none.
   */
  async list(
    caller: Caller,
    organizationId: string,
    siteId: string,
    request: PageRequest & { search?: string; draft?: boolean },
  ): Promise<Page<SiteRedirectRecord>> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'read');
    const search = request.search?.toLowerCase();
    const live = request.draft ? [] : await this.access.deps.store.sites.redirects(site.id);
    const items = live.filter((r) => !search || r.source.toLowerCase().includes(search));
    return paginate(items, request, (r) => [r.source, r.id]);
  }

  async create(caller: Caller, organizationId: string, siteId: string, input: RedirectInput): Promise<SiteRedirectRecord> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    return await store.tx(async () => {
      const source = await this.checkSource(site, input.source);
      await this.targetPath(await this.access.tree(null, site), input.destination);
      const redirect: SiteRedirectRecord = { id: newId(), siteId: site.id, source, destination: input.destination, createdAt: nowIso(this.access.deps) };
      await store.sites.putRedirect(redirect);
      return redirect;
    });
  }

  async update(caller: Caller, organizationId: string, siteId: string, redirectId: string, patch: Partial<RedirectInput>): Promise<SiteRedirectRecord> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    return await store.tx(async () => {
      const redirect = (await store.sites.redirects(site.id)).find((r) => r.id === redirectId);
      if (!redirect) throw notFound(`No matching redirect ${redirectId} in the site ${site.id}`);
      const next = { ...redirect };
      if (patch.source !== undefined) next.source = await this.checkSource(site, patch.source, redirect.id);
      if (patch.destination !== undefined) {
        await this.targetPath(await this.access.tree(null, site), patch.destination);
        next.destination = patch.destination;
      }
      await store.sites.putRedirect(next);
      return next;
    });
  }

  /**
   * Creates, updates (same source, compared as `normalizeSource` does) or deletes (`destination: null`) many redirects:
   * each checked as `createSiteRedirect` checks one, and all written or none (400 naming the item). Quire keeps live
   * redirects only: draft and publish intents, and wildcard captures, are refused.
   */
  async bulk(caller: Caller, organizationId: string, siteId: string, items: BulkRedirect[]): Promise<BulkResult[]> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    return await store.tx(async () => {
      const tree = await this.access.tree(null, site);
      const existing = new Map((await store.sites.redirects(site.id)).map((r) => [normalizeSource(r.source), r]));
      const seen = new Set<string>();
      const planned: Array<{ source: string; current?: SiteRedirectRecord; destination: SiteRedirectDestination | null }> = [];
      for (const [index, item] of items.entries()) {
        const at = `redirects[${index}]`;
        if ((item.intent ?? 'live') !== 'live') throw invalidInput(`${at}.intent: Quire keeps live redirects only, not ${item.intent} ones`);
        if (item.captureWildcard) throw invalidInput(`${at}.captureWildcard: wildcard captures are not supported`);
        if (hasDotSegment(item.source)) throw invalidInput(`${at}.source: "${item.source}" has a "." or ".." segment`);
        const key = normalizeSource(item.source);
        if (seen.has(key)) throw invalidInput(`${at}.source: ${item.source} appears twice in the request`);
        seen.add(key);
        const destination = item.destination ? await this.destinationOf(tree, item.destination, `${at}.destination`) : null;
        if (destination) await this.targetPath(tree, destination).catch((error: Error) => Promise.reject(invalidInput(`${at}: ${error.message}`)));
        const current = existing.get(key);
        planned.push({ source: item.source, ...(current ? { current } : {}), destination });
      }
      const results: BulkResult[] = [];
      for (const { source, current, destination } of planned) {
        if (!destination) {
          if (current) await store.sites.deleteRedirect(site.id, current.id);
          results.push({ status: 'deleted', source, draft: false });
          continue;
        }
        const redirect: SiteRedirectRecord = current
          ? { ...current, source, destination }
          : { id: newId(), siteId: site.id, source, destination, createdAt: nowIso(this.access.deps) };
        await store.sites.putRedirect(redirect);
        results.push({ status: current ? 'updated' : 'created', source, draft: false, id: redirect.id });
      }
      return results;
    });
  }

  /** A `path` destination (a page of one of the site's spaces by its path) as the page it names. */
  private async destinationOf(tree: SiteTree<unknown>, destination: NonNullable<BulkRedirect['destination']>, at: string): Promise<SiteRedirectDestination> {
    if (destination.kind === 'external') throw invalidInput(`${at}: redirects lead to the site's own pages; external destinations are not supported`);
    if (destination.kind !== 'path') return destination;
    const node = tree.siteSpaces.find((n) => n.spaceId === destination.spaceId);
    if (!node) throw invalidInput(`${at}.spaceId: the site ${tree.site.id} does not show the space ${destination.spaceId}`);
    const space = (await this.access.deps.store.content.space(node.spaceId))!;
    const wanted = destination.path.replace(/^\/+|\/+$/g, '');
    const page = (await this.access.deps.store.revisions.content(space.revisionId)).pages.find((p) => p.path === wanted);
    if (!page) throw invalidInput(`${at}.path: no page at ${destination.path} in the space ${space.id}`);
    return { kind: 'site-page', siteSpaceId: node.record.id, pageId: page.id };
  }

  async delete(caller: Caller, organizationId: string, siteId: string, redirectId: string): Promise<boolean> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    return await this.access.deps.store.sites.deleteRedirect(site.id, redirectId);
  }

  /** The redirect for a path on the site, and where it leads; 404 when there is none. */
  async resolve(caller: Caller, organizationId: string, siteId: string, source: string): Promise<RedirectTarget> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'read');
    const redirect = await this.forSource(site, source);
    if (!redirect) throw notFound(`No redirect for the source ${source} in the site ${site.id}`);
    try {
      return { redirect, path: await this.targetPath(await this.access.tree(null, site), redirect.destination) };
    } catch {
      throw notFound(`The redirect for ${source} leads to something the site no longer has`);
    }
  }

  /** Every redirect of a site with its target path (for the builder); redirects whose target is gone are left out. */
  async all(site: SiteRecord): Promise<RedirectTarget[]> {
    const tree = await this.access.tree(null, site);
    return (
      await Promise.all(
        (
          await this.access.deps.store.sites.redirects(site.id)
        ).map(async (redirect) => {
          try {
            return [{ redirect, path: await this.targetPath(tree, redirect.destination) }];
          } catch {
            return [];
          }
        }),
      )
    ).flat();
  }

  private async forSource(site: SiteRecord, source: string): Promise<SiteRedirectRecord | undefined> {
    const exact = await this.access.deps.store.sites.redirectBySource(site.id, source);
    if (exact) return exact;
    const wanted = normalizeSource(source);
    return (await this.access.deps.store.sites.redirects(site.id)).find((r) => normalizeSource(r.source) === wanted);
  }

  private async checkSource(site: SiteRecord, source: string, exceptId?: string): Promise<string> {
    if (hasDotSegment(source))
      throw invalidInput(`source: "${source}" has a "." or ".." segment (also when percent-decoded); a redirect source is a path on the site`);
    const wanted = normalizeSource(source);
    const clash = (await this.access.deps.store.sites.redirects(site.id)).find((r) => r.id !== exceptId && normalizeSource(r.source) === wanted);
    if (clash) throw conflict(`source: the site ${site.id} already redirects ${clash.source}`);
    return source;
  }

  /** Where a destination leads, relative to the site root; 400 naming the field when it points at nothing. */
  private async targetPath(tree: SiteTree<unknown>, destination: SiteRedirectDestination): Promise<string> {
    if (destination.kind === 'site-section') {
      const section = tree.sections.find((s) => s.record.id === destination.siteSectionId);
      if (!section) throw invalidInput(`destination.siteSectionId: no section ${destination.siteSectionId} in the site ${tree.site.id}`);
      return section.urlPath;
    }
    const node = tree.siteSpaces.find((n) => n.record.id === destination.siteSpaceId);
    if (!node) throw invalidInput(`destination.siteSpaceId: no site space ${destination.siteSpaceId} in the site ${tree.site.id}`);
    if (destination.kind === 'site-space') return node.urlPath;
    const space = (await this.access.deps.store.content.space(node.spaceId))!;
    const page = (await this.access.deps.store.revisions.content(space.revisionId)).pages.find((p) => p.id === destination.pageId);
    if (!page) throw invalidInput(`destination.pageId: no page ${destination.pageId} in the space ${space.id}`);
    return [node.urlPath, page.path].filter(Boolean).join('/');
  }
}
