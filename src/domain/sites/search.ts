import type { Caller } from '../core/context.js';
import type { Contents, PageHit, RevisionView } from '../content/content.js';
import { rankAcross } from '../content/search.js';
import { invalidInput, DomainError } from '../core/errors.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { SiteSpaceNode, SiteTree } from './structure.js';
import type { SiteAccess } from './access.js';

/** `searchSiteContent`'s body: `scope` as the spec has it, or the deprecated top-level modes. */
export interface SiteSearchRequest {
  query: string;
  scope?: { mode: 'default'; currentSiteSpace?: string; includedSiteSpaces?: string[] } | { mode: 'specific'; siteSpaceIds: string[] } | { mode: 'all' };
  mode?: 'specific' | 'current' | 'all';
  siteSpaceIds?: string[];
  siteSpaceId?: string;
}

export interface SiteSearchResult {
  view: RevisionView;
  hits: PageHit[];
}

/** Full-text search over the site spaces a scope names, one result per space that has matching pages. */
export class SiteSearch {
  constructor(
    private readonly access: SiteAccess,
    private readonly content: Contents,
  ) {}

  async search(caller: Caller, organizationId: string, siteId: string, request: SiteSearchRequest, page: PageRequest): Promise<Page<SiteSearchResult>> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'read');
    const tree = await this.access.tree(caller, site);
    const results = (
      await Promise.all(
        this.inScope(tree, request).map(async (node): Promise<SiteSearchResult[]> => {
          try {
            const found = await this.content.search(caller, node.spaceId, request.query, { limit: 1000 });
            return found.page.items.length ? [{ view: found.view, hits: found.page.items }] : [];
          } catch (error) {
            // A space the caller may not read is left out of the results, not an error for the whole site.
            if (error instanceof DomainError && (error.kind === 'forbidden' || error.kind === 'not-found')) return [];
            throw error;
          }
        }),
      )
    ).flat();
    rankAcross(results.map((r) => r.hits));
    return paginate(results, page, (r) => [results.indexOf(r)]);
  }

  /**
   * `prewarmSiteSearch`: loads the page index of every space of the site the caller may read (what a search reads
   * first, kept in memory by revision), so the searches a visitor is about to make start warm. The spaces it reaches.
   */
  async prewarm(caller: Caller, organizationId: string, siteId: string): Promise<number> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'read');
    const tree = await this.access.tree(caller, site);
    const warmed = await Promise.all(
      [...new Set(tree.siteSpaces.map((node) => node.spaceId))].map(async (spaceId) => {
        try {
          await this.content.current(caller, spaceId);
          return true;
        } catch (error) {
          if (error instanceof DomainError && (error.kind === 'forbidden' || error.kind === 'not-found')) return false;
          throw error;
        }
      }),
    );
    return warmed.filter(Boolean).length;
  }

  private inScope(tree: SiteTree<unknown>, request: SiteSearchRequest): SiteSpaceNode<unknown>[] {
    const byId = new Map(tree.siteSpaces.map((node) => [node.record.id, node]));
    const pick = (ids: string[], field: string) =>
      ids.map((id) => {
        const node = byId.get(id);
        if (!node) throw invalidInput(`${field}: no site space ${id} in the site ${tree.site.id}`);
        return node;
      });
    const defaults = tree.siteSpaces.filter((node) => node.default);
    const scope = request.scope;
    if (scope?.mode === 'all' || (!scope && request.mode === 'all')) return tree.siteSpaces;
    if (scope?.mode === 'specific') return pick(scope.siteSpaceIds, 'scope.siteSpaceIds');
    if (!scope && request.siteSpaceIds) return pick(request.siteSpaceIds, 'siteSpaceIds');
    const extra =
      scope?.mode === 'default'
        ? [...(scope.currentSiteSpace ? [scope.currentSiteSpace] : []), ...(scope.includedSiteSpaces ?? [])]
        : request.siteSpaceId
          ? [request.siteSpaceId]
          : [];
    const chosen = [...pick(extra, scope ? 'scope.currentSiteSpace' : 'siteSpaceId'), ...defaults];
    return [...new Set(chosen)];
  }
}
