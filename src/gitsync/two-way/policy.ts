// Who wins a true conflict between the repository and the space, and how the loser gives way.
import type { MergeConflict } from '../../content/merge/merge.js';
import type { RevisionContent, RevisionPage } from '../../model/index.js';

export const CONFLICT_POLICIES = ['git', 'space', 'fail'] as const;
export type ConflictPolicy = (typeof CONFLICT_POLICIES)[number];
export type Side = 'git' | 'space';

export const DEFAULT_POLICY: ConflictPolicy = 'git';

export function isConflictPolicy(value: unknown): value is ConflictPolicy {
  return typeof value === 'string' && (CONFLICT_POLICIES as readonly string[]).includes(value);
}

/**
 * The loser's content with every conflicting item replaced by the winner's version (or removed where the winner
 * removed it), and siblings the two sides ordered differently put in the winner's order. Merged again against the
 * base, the loser's other changes still apply and the conflicts are gone.
 */
export function yieldTo(loser: RevisionContent, winner: RevisionContent, conflicts: readonly MergeConflict[]): RevisionContent {
  let pages = loser.pages;
  let files = loser.files;
  let reusableContents = loser.reusableContents;
  const variables = { ...loser.variables };
  for (const c of conflicts) {
    if (c.kind === 'page' && c.reason.includes('reordered')) pages = reorderChildren(pages, winner.pages, c.id === '' ? null : c.id);
    else if (c.kind === 'page') pages = takePage(pages, winner.pages, c.id);
    else if (c.kind === 'file') files = takeById(files, winner.files, c.id);
    else if (c.kind === 'reusable-content') reusableContents = takeById(reusableContents, winner.reusableContents, c.id);
    else if (c.id in winner.variables) variables[c.id] = winner.variables[c.id];
    else delete variables[c.id];
  }
  return { pages, files, reusableContents, variables };
}

function takeById<R extends { id: string }>(list: readonly R[], winner: readonly R[], id: string): R[] {
  const theirs = winner.find((r) => r.id === id);
  const index = list.findIndex((r) => r.id === id);
  if (!theirs) return list.filter((r) => r.id !== id);
  if (index < 0) return [...list, theirs];
  return list.map((r) => (r.id === id ? theirs : r));
}

/** The winner's record of page `id` (and of its ancestors the loser lacks) placed in the loser's tree. */
function takePage(pages: readonly RevisionPage[], winner: readonly RevisionPage[], id: string): RevisionPage[] {
  const winning = new Map(winner.map((p) => [p.id, p]));
  const records = new Map(pages.map((p) => [p.id, p]));
  const page = winning.get(id);
  if (!page) {
    records.delete(id);
    return flatten(records, pages, winner);
  }
  for (let at: RevisionPage | undefined = page; at; at = at.parentId === null ? undefined : winning.get(at.parentId)) {
    if (at.id !== id && records.has(at.id)) break;
    records.set(at.id, at);
  }
  return flatten(records, pages, winner);
}

/** The loser's children of `parentId` in the winner's order; children only the loser has stay after their predecessor. */
function reorderChildren(pages: readonly RevisionPage[], winner: readonly RevisionPage[], parentId: string | null): RevisionPage[] {
  const mine = pages.filter((p) => p.parentId === parentId).map((p) => p.id);
  const order = winner.filter((p) => p.parentId === parentId && mine.includes(p.id)).map((p) => p.id);
  let previous: string | null = null;
  for (const id of mine) {
    if (!order.includes(id)) order.splice(previous === null ? 0 : order.indexOf(previous) + 1, 0, id);
    previous = id;
  }
  const rank = new Map(order.map((id, i) => [id, i]));
  const records = new Map(pages.map((p) => [p.id, p]));
  return flatten(records, pages, winner, (a, b) => (a.parentId === parentId ? rank.get(a.id)! - rank.get(b.id)! : 0));
}

/**
 * The pages of `records` in tree order: siblings in the loser's order, a page new to the loser after its predecessor
 * in the winner's order. Pages whose parent is gone are dropped (the next merge reports them).
 */
function flatten(
  records: Map<string, RevisionPage>,
  loser: readonly RevisionPage[],
  winner: readonly RevisionPage[],
  compare?: (a: RevisionPage, b: RevisionPage) => number,
): RevisionPage[] {
  const position = new Map<string, number>();
  loser.forEach((p, i) => position.set(p.id, i));
  winner.forEach((p, i) => {
    if (position.has(p.id)) return;
    const before = winner
      .slice(0, i)
      .reverse()
      .find((q) => q.parentId === p.parentId && position.has(q.id));
    position.set(p.id, (before ? position.get(before.id)! : -1) + 1 / (winner.length + 2));
  });
  const children = new Map<string | null, RevisionPage[]>();
  for (const page of records.values()) children.set(page.parentId, [...(children.get(page.parentId) ?? []), page]);
  const out: RevisionPage[] = [];
  const visit = (parentId: string | null) => {
    const list = (children.get(parentId) ?? []).sort((a, b) => compare?.(a, b) || position.get(a.id)! - position.get(b.id)!);
    for (const page of list) {
      out.push(page);
      visit(page.id);
    }
  };
  visit(null);
  return out;
}
