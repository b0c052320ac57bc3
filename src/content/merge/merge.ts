// Three-way merge of revision content, page by page against a common base. Pure but for the blobs it reads page
// bodies from and writes merged bodies to (content-addressed: a write never changes anything that exists).
import type { GitRef, RevisionContent, RevisionPage } from '../../model/index.js';
import { gitBlobOid } from '../../model/oid.js';
import { diff3Merge } from './diff3.js';
import { same } from './same.js';

export interface MergeConflict {
  kind: 'page' | 'file' | 'reusable-content' | 'variable';
  /** The page, file or reusable content id, or the variable name ('' for the top level of the page tree). */
  id: string;
  title?: string;
  reason: string;
}

export interface ContentMerge {
  content: RevisionContent;
  /** What could not be merged; when not empty, `content` must not be saved. */
  conflicts: MergeConflict[];
}

/** Page bodies by git blob oid: the store's blobs satisfy it. */
export interface Blobs {
  get(oid: string): Uint8Array | undefined;
  put(bytes: Uint8Array): string;
}
/** The store's blobs, which answer asynchronously: what `mergeContentsWith` reads bodies from and writes merged ones to. */
export interface AsyncBlobs {
  get(oid: string): Promise<Uint8Array | undefined>;
  put(bytes: Uint8Array): Promise<string>;
}

/**
 * `mergeContents` over blobs read asynchronously: a first pass notes the bodies the merge reads, they are read, and
 * the merge runs again with them at hand; the merged bodies are written once it is done.
 */
export async function mergeContentsWith(base: RevisionContent, ours: RevisionContent, theirs: RevisionContent, blobs: AsyncBlobs): Promise<ContentMerge> {
  const loaded = new Map<string, Uint8Array | undefined>();
  for (;;) {
    const missing = new Set<string>();
    const written: Uint8Array[] = [];
    const merged = mergeContents(base, ours, theirs, {
      get: (oid) => {
        if (!loaded.has(oid)) missing.add(oid);
        return loaded.get(oid);
      },
      put: (bytes) => {
        written.push(bytes);
        return gitBlobOid(bytes);
      },
    });
    if (missing.size === 0) {
      for (const bytes of written) await blobs.put(bytes);
      return merged;
    }
    const oids = [...missing];
    const bodies = await Promise.all(oids.map((oid) => blobs.get(oid)));
    oids.forEach((oid, i) => loaded.set(oid, bodies[i]));
  }
}

type Picked<T> = { ok: true; value: T } | { ok: false };

interface Keyed {
  id: string;
  title?: string;
}

/**
 * Merges the changes from `base` to `ours` with those from `base` to `theirs`: a page, file, reusable content
 * or variable changed on one side takes that side's version; one changed on both sides merges field by field,
 * and its markdown line by line (diff3). Anything else is a conflict, and nothing is dropped silently.
 */
export function mergeContents(base: RevisionContent, ours: RevisionContent, theirs: RevisionContent, blobs: Blobs): ContentMerge {
  const conflicts: MergeConflict[] = [];
  const withBody = <T extends { blob: string; git: GitRef | null }>(b: T, o: T, t: T): T | string => {
    const fields = mergeFields(b, o, t, ['blob', 'git']);
    if (typeof fields === 'string') return `both sides changed its ${fields}`;
    const blob = mergeBlob(b.blob, o.blob, t.blob, blobs);
    if (blob === null) return 'both sides changed the same lines of its content';
    const path = three(b.git?.path, o.git?.path, t.git?.path);
    if (!path.ok) return 'both sides moved its file to different paths';
    const git = path.value === undefined ? null : ([o.git, t.git].find((g) => g?.path === path.value && g?.oid === blob) ?? { oid: blob, path: path.value });
    return { ...fields, blob, git };
  };

  const pages = mergeById('page', base.pages, ours.pages, theirs.pages, conflicts, (b, o, t) => {
    if (b.kind !== o.kind || o.kind !== t.kind) return 'both sides changed it, into different kinds of page';
    if (b.kind === 'document' && o.kind === 'document' && t.kind === 'document') return withBody(b, o, t);
    const fields = mergeFields(b, o, t, []);
    return typeof fields === 'string' ? `both sides changed its ${fields}` : fields;
  });
  const files = mergeById('file', base.files, ours.files, theirs.files, conflicts, (b, o, t) => {
    const fields = mergeFields(b, o, t, []);
    return typeof fields === 'string' ? `both sides changed its ${fields}` : fields;
  });
  const reusable = mergeById('reusable-content', base.reusableContents, ours.reusableContents, theirs.reusableContents, conflicts, withBody);

  const content: RevisionContent = {
    pages: orderPages(pages, base.pages, ours.pages, theirs.pages, conflicts),
    files: ordered(files, base.files, ours.files, theirs.files),
    reusableContents: ordered(reusable, base.reusableContents, ours.reusableContents, theirs.reusableContents),
    variables: mergeVariables(base.variables, ours.variables, theirs.variables, conflicts),
  };
  return { content, conflicts };
}

/** The value of the side that changed it; the same value when both changed it alike; a conflict otherwise. */
function three<T>(b: T, o: T, t: T): Picked<T> {
  if (same(o, b)) return { ok: true, value: t };
  if (same(t, b) || same(o, t)) return { ok: true, value: o };
  return { ok: false };
}

/** Merges each top-level field of a record changed on both sides; returns the name of a conflicting field instead. */
function mergeFields<T extends object>(b: T, o: T, t: T, skip: readonly string[]): T | string {
  const out: Record<string, unknown> = {};
  const [rb, ro, rt] = [b, o, t] as unknown as Record<string, unknown>[];
  for (const key of new Set([...Object.keys(rb!), ...Object.keys(ro!), ...Object.keys(rt!)])) {
    if (skip.includes(key)) continue;
    const picked = three(rb![key], ro![key], rt![key]);
    if (!picked.ok) return key;
    if (picked.value !== undefined) out[key] = picked.value;
  }
  return out as T;
}

/** The merged body's blob oid, or null when the three bodies cannot be merged. */
function mergeBlob(b: string, o: string, t: string, blobs: Blobs): string | null {
  const picked = three(b, o, t);
  if (picked.ok) return picked.value;
  const [base, ours, theirs] = [b, o, t].map((oid) => blobs.get(oid));
  if (!base || !ours || !theirs) return null;
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
  const merged = diff3Merge(utf8.decode(base), utf8.decode(ours), utf8.decode(theirs));
  return merged.ok ? blobs.put(new TextEncoder().encode(merged.text)) : null;
}

/** The merged records by id (deleted ones left out), in no particular order. */
function mergeById<R extends Keyed>(
  kind: MergeConflict['kind'],
  base: readonly R[],
  ours: readonly R[],
  theirs: readonly R[],
  conflicts: MergeConflict[],
  both: (b: R, o: R, t: R) => R | string,
): Map<string, R> {
  const [b, o, t] = [byId(base), byId(ours), byId(theirs)];
  const merged = new Map<string, R>();
  for (const id of new Set([...b.keys(), ...o.keys(), ...t.keys()])) {
    const [rb, ro, rt] = [b.get(id), o.get(id), t.get(id)];
    const picked = three(rb, ro, rt);
    let result: R | string | undefined;
    if (picked.ok) result = picked.value;
    else if (rb && ro && rt) result = both(rb, ro, rt);
    else result = rb ? 'one side deleted it and the other changed it' : 'both sides added it, differently';
    if (typeof result === 'string') conflicts.push({ kind, id, ...titleOf(ro ?? rt ?? rb), reason: result });
    else if (result) merged.set(id, result);
  }
  return merged;
}

/** Merged pages in tree order: siblings keep the order of the side that reordered them, new pages after their predecessor. */
function orderPages(
  merged: Map<string, RevisionPage>,
  base: readonly RevisionPage[],
  ours: readonly RevisionPage[],
  theirs: readonly RevisionPage[],
  conflicts: MergeConflict[],
): RevisionPage[] {
  const [b, o, t] = [childrenOf(base), childrenOf(ours), childrenOf(theirs)];
  const members = new Map<string | null, Set<string>>();
  for (const page of merged.values()) {
    const set = members.get(page.parentId) ?? new Set<string>();
    set.add(page.id);
    members.set(page.parentId, set);
  }
  const out: RevisionPage[] = [];
  const visit = (parentId: string | null) => {
    const set = members.get(parentId);
    if (!set) return;
    const order = mergeSequence(b.get(parentId) ?? [], o.get(parentId) ?? [], t.get(parentId) ?? [], set);
    if (!order) {
      const parent = parentId === null ? undefined : merged.get(parentId);
      conflicts.push({ kind: 'page', id: parentId ?? '', ...titleOf(parent), reason: 'both sides reordered the pages under it, differently' });
    }
    for (const id of order ?? set) {
      out.push(merged.get(id)!);
      visit(id);
    }
  };
  visit(null);
  if (out.length < merged.size) {
    const placed = new Set(out.map((p) => p.id));
    for (const page of merged.values()) {
      if (placed.has(page.id)) continue;
      const reason = merged.has(page.parentId!) ? 'the two sides moved it into its own subtree' : 'one side deleted its parent page';
      conflicts.push({ kind: 'page', id: page.id, title: page.title, reason });
    }
  }
  return out;
}

function ordered<R extends Keyed>(merged: Map<string, R>, base: readonly R[], ours: readonly R[], theirs: readonly R[]): R[] {
  const ids = (list: readonly R[]) => list.map((r) => r.id);
  const members = new Set(merged.keys());
  const order = mergeSequence(ids(base), ids(ours), ids(theirs), members) ?? mergeSequence([], [], ids(theirs), members)!;
  return order.map((id) => merged.get(id)!);
}

/**
 * The merged order of a list of ids: the order of the side that reordered it (theirs when neither or both alike),
 * then each id only the other side has, placed after its predecessor there. Null when both reordered differently.
 */
function mergeSequence(b: readonly string[], o: readonly string[], t: readonly string[], members: ReadonlySet<string>): string[] | null {
  const reordered = (x: readonly string[]) => !same(common(x, b), common(b, x));
  const [ro, rt] = [reordered(o), reordered(t)];
  if (ro && rt && !same(common(o, t), common(t, o))) return null;
  const [primary, secondary] = ro && !rt ? [o, t] : [t, o];
  const result = primary.filter((id) => members.has(id));
  const placed = new Set(result);
  let previous: string | null = null;
  for (const id of secondary) {
    if (!members.has(id)) continue;
    if (!placed.has(id)) {
      result.splice(previous === null ? 0 : result.indexOf(previous) + 1, 0, id);
      placed.add(id);
    }
    previous = id;
  }
  for (const id of members) if (!placed.has(id)) result.push(id);
  return result;
}

function common(x: readonly string[], y: readonly string[]): string[] {
  const set = new Set(y);
  return x.filter((id) => set.has(id));
}

function mergeVariables(
  base: Record<string, unknown>,
  ours: Record<string, unknown>,
  theirs: Record<string, unknown>,
  conflicts: MergeConflict[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of new Set([...Object.keys(theirs), ...Object.keys(ours)])) {
    const picked = three(base[name], ours[name], theirs[name]);
    if (!picked.ok) conflicts.push({ kind: 'variable', id: name, reason: 'both sides changed its value, differently' });
    else if (picked.value !== undefined) out[name] = picked.value;
  }
  return out;
}

function byId<R extends Keyed>(list: readonly R[]): Map<string, R> {
  return new Map(list.map((r) => [r.id, r]));
}

function childrenOf(pages: readonly RevisionPage[]): Map<string | null, string[]> {
  const children = new Map<string | null, string[]>();
  for (const page of pages) {
    const list = children.get(page.parentId) ?? [];
    list.push(page.id);
    children.set(page.parentId, list);
  }
  return children;
}

function titleOf(record: Keyed | undefined): { title?: string } {
  return record?.title !== undefined ? { title: record.title } : {};
}
