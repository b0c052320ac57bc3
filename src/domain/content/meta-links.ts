// A page's meta links: its canonical page and its alternates, the same page in the other languages of the space
// (a translation keeps each page's id in its target space, so the page in a source or target space is that page).
import type { Caller, Deps } from '../core/context.js';
import type { Contents, RevisionView } from './content.js';

export interface PageRef {
  page: string;
  space: string;
}

export interface MetaLinks {
  /** Absent: the page is its own canonical. */
  canonical?: PageRef;
  alternates: PageRef[];
}

export async function pageMetaLinks(deps: Deps, contents: Contents, caller: Caller, view: RevisionView, pageId: string): Promise<MetaLinks> {
  const page = contents.page(view, pageId);
  const { store } = deps;
  const translations = await store.translations.in(view.space.organizationId);
  // The family: the source of the space's translation (or the space itself) and every translation of that source.
  const root = translations.find((t) => t.targetSpaceId === view.space.id)?.sourceSpaceId ?? view.space.id;
  const family = [root, ...translations.filter((t) => t.sourceSpaceId === root).map((t) => t.targetSpaceId)];
  const alternates: PageRef[] = [];
  for (const spaceId of new Set(family)) {
    if (spaceId === view.space.id) continue;
    const space = await store.content.space(spaceId);
    // Only the spaces the caller may read are named.
    if (!space || space.deletedAt || !(await caller.access.spaceRole(space))) continue;
    const content = await store.revisions.content(space.revisionId);
    if (content.pages.some((p) => p.id === page.id)) alternates.push({ page: page.id, space: space.id });
  }
  return { alternates };
}
