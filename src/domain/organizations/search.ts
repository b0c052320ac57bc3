import { type PageHit, rankAcross } from '../content/search.js';
import type { Contents, RevisionView } from '../content/content.js';
import type { Caller, Deps } from '../core/context.js';
import { DomainError } from '../core/errors.js';
import type { Organizations } from './organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { Spaces } from '../spaces/spaces.js';

export interface SpaceSearchResult {
  view: RevisionView;
  hits: PageHit[];
}

/** Pages matched per space in an organization-wide search. */
const PAGES_PER_SPACE = 20;

/** Full-text search across every space of an organization the caller may read, one result per space with matches. */
export class OrganizationSearch {
  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
    private readonly spaces: Spaces,
    private readonly content: Contents,
  ) {}

  async search(caller: Caller, organizationId: string, query: string, request: PageRequest): Promise<Page<SpaceSearchResult>> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'member');
    caller.access.primeCollections(await this.deps.store.content.collectionsIn(org.id));
    const readable = await this.spaces.visible(
      caller,
      (await this.deps.store.content.spacesIn(org.id)).filter((s) => !s.deletedAt),
    );
    const results = (
      await Promise.all(
        readable.map(async ({ space }): Promise<SpaceSearchResult[]> => {
          try {
            const found = await this.content.search(caller, space.id, query, { limit: PAGES_PER_SPACE });
            return found.page.items.length ? [{ view: found.view, hits: found.page.items }] : [];
          } catch (error) {
            if (error instanceof DomainError && error.kind === 'not-found') return []; // a space with no content yet
            throw error;
          }
        }),
      )
    ).flat();
    // The best page of each space ranks the spaces (bm25: lower is better).
    results.sort((a, b) => a.hits[0]!.score - b.hits[0]!.score || a.view.space.title.localeCompare(b.view.space.title));
    rankAcross(results.map((r) => r.hits));
    return paginate(results, request, (r) => [results.indexOf(r)]);
  }
}
