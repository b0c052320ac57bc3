// What changed between two revisions, as the API's semantic changes: pages created, edited, deleted and moved
// (to another parent, or to another place among the same siblings);
// files and reusable contents created, edited and deleted; variables edited.
import type { RevisionContent, RevisionFile, RevisionPage, RevisionReusableContent } from '../../model/index.js';
import { same } from '../../content/merge/same.js';

export interface AttributeChange {
  before?: unknown;
  after?: unknown;
}

export type Attributes = Record<string, AttributeChange>;

export type SemanticChange =
  | { type: 'page_created' | 'page_deleted'; page: RevisionPage }
  | { type: 'page_edited'; page: RevisionPage; attributes: Attributes }
  | { type: 'page_moved'; page: RevisionPage; parent: { before?: RevisionPage; after?: RevisionPage } }
  | { type: 'file_created' | 'file_deleted'; file: RevisionFile }
  | { type: 'file_edited'; file: RevisionFile; before: RevisionFile; attributes: Attributes }
  | { type: 'reusable_content_created' | 'reusable_content_deleted'; reusableContent: RevisionReusableContent }
  | { type: 'reusable_content_edited'; reusableContent: RevisionReusableContent; attributes: Attributes }
  | { type: 'variables_edited'; variables: Attributes };

/** The attributes the spec reports per page type: the document body is its blob oid. */
const PAGE_ATTRIBUTES: Record<RevisionPage['kind'], readonly string[]> = {
  document: ['title', 'description', 'slug', 'blob', 'cover', 'emoji', 'layout'],
  group: ['title', 'emoji', 'slug'],
  link: ['title', 'emoji', 'target'],
  computed: [],
};
const FILE_ATTRIBUTES = ['name', 'size', 'contentType', 'dimensions', 'blob'] as const;

/** Every change from `before` to `after`, pages in the order of `after` (deleted ones last), then files, reusable contents, variables. */
export function semanticChanges(before: RevisionContent, after: RevisionContent): SemanticChange[] {
  const changes: SemanticChange[] = [];
  const oldPages = new Map(before.pages.map((p) => [p.id, p]));
  const newPages = new Map(after.pages.map((p) => [p.id, p]));
  const reordered = reorderedPages(before.pages, after.pages);
  for (const page of after.pages) {
    const old = oldPages.get(page.id);
    if (!old) {
      changes.push({ type: 'page_created', page });
      continue;
    }
    const attributes = old.kind === page.kind ? diffAttributes(old, page, PAGE_ATTRIBUTES[page.kind]) : diffAttributes(old, page, ['title']);
    if (Object.keys(attributes).length) changes.push({ type: 'page_edited', page, attributes: renameBlob(attributes, 'document') });
    if (old.parentId !== page.parentId || reordered.has(page.id)) {
      const parent = {
        ...(old.parentId ? { before: oldPages.get(old.parentId) } : {}),
        ...(page.parentId ? { after: newPages.get(page.parentId) } : {}),
      };
      changes.push({ type: 'page_moved', page, parent });
    }
  }
  for (const page of before.pages) if (!newPages.has(page.id)) changes.push({ type: 'page_deleted', page });

  const oldFiles = new Map(before.files.map((f) => [f.id, f]));
  const newFileIds = new Set(after.files.map((f) => f.id));
  for (const file of after.files) {
    const old = oldFiles.get(file.id);
    if (!old) changes.push({ type: 'file_created', file });
    else {
      const attributes = diffAttributes(old, file, FILE_ATTRIBUTES);
      if (Object.keys(attributes).length) changes.push({ type: 'file_edited', file, before: old, attributes });
    }
  }
  for (const file of before.files) if (!newFileIds.has(file.id)) changes.push({ type: 'file_deleted', file });

  const oldReusable = new Map(before.reusableContents.map((r) => [r.id, r]));
  const newReusableIds = new Set(after.reusableContents.map((r) => r.id));
  for (const rc of after.reusableContents) {
    const old = oldReusable.get(rc.id);
    if (!old) changes.push({ type: 'reusable_content_created', reusableContent: rc });
    else {
      const attributes = renameBlob(diffAttributes(old, rc, ['title', 'blob']), 'document');
      if (Object.keys(attributes).length) changes.push({ type: 'reusable_content_edited', reusableContent: rc, attributes });
    }
  }
  for (const rc of before.reusableContents) if (!newReusableIds.has(rc.id)) changes.push({ type: 'reusable_content_deleted', reusableContent: rc });

  const variables = diffAttributes(before.variables, after.variables, [...new Set([...Object.keys(before.variables), ...Object.keys(after.variables)])]);
  if (Object.keys(variables).length) changes.push({ type: 'variables_edited', variables });
  return changes;
}

/**
 * Pages that changed place among siblings that kept their parent: the fewest that explain the new order
 * (those outside a longest common subsequence of the old and new sibling orders).
 */
function reorderedPages(before: readonly RevisionPage[], after: readonly RevisionPage[]): Set<string> {
  const parentBefore = new Map(before.map((p) => [p.id, p.parentId]));
  const siblings = (pages: readonly RevisionPage[]) => {
    const byParent = new Map<string | null, string[]>();
    for (const p of pages) {
      if (!parentBefore.has(p.id) || parentBefore.get(p.id) !== p.parentId) continue;
      const list = byParent.get(p.parentId) ?? [];
      list.push(p.id);
      byParent.set(p.parentId, list);
    }
    return byParent;
  };
  const [old, now] = [siblings(before), siblings(after)];
  const moved = new Set<string>();
  for (const [parentId, ids] of now) {
    const present = new Set(ids);
    const previous = (old.get(parentId) ?? []).filter((id) => present.has(id));
    if (same(previous, ids)) continue;
    const kept = new Set(longestCommon(previous, ids));
    for (const id of ids) if (!kept.has(id)) moved.add(id);
  }
  return moved;
}

function longestCommon(a: readonly string[], b: readonly string[]): string[] {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  }
  const out: string[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      out.push(a[i]!);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return out;
}

function diffAttributes(before: object, after: object, keys: readonly string[]): Attributes {
  const out: Attributes = {};
  const [b, a] = [before, after] as Record<string, unknown>[];
  for (const key of keys) {
    if (same(b![key], a![key])) continue;
    out[key] = { ...(b![key] !== undefined ? { before: b![key] } : {}), ...(a![key] !== undefined ? { after: a![key] } : {}) };
  }
  return out;
}

function renameBlob(attributes: Attributes, name: string): Attributes {
  if (!attributes.blob) return attributes;
  const { blob, ...rest } = attributes;
  return { ...rest, [name]: blob };
}
