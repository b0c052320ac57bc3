// Stable ids across revisions: an item keeps its id when it keeps its git path, or (a rename) its blob oid, or its key.
import { newId } from '../model/index.js';

export interface Identified {
  id: string;
  path?: string | null;
  oid?: string | null;
  key?: string | null;
}

export interface Wanted {
  path?: string | null;
  oid?: string | null;
  key?: string | null;
}

/**
 * Ids for `wanted`, in order, reusing the ids of `previous`: first every exact path match, then blob oid matches
 * among the ids still free (renames), then key matches; anything left gets a new id. No id is given twice.
 */
export function assignIds(previous: readonly Identified[], wanted: readonly Wanted[]): string[] {
  const byPath = new Map<string, string>();
  const byOid = new Map<string, string[]>();
  const byKey = new Map<string, string>();
  for (const item of previous) {
    if (item.path) byPath.set(item.path, item.id);
    if (item.oid) byOid.set(item.oid, [...(byOid.get(item.oid) ?? []), item.id]);
    if (item.key) byKey.set(item.key, item.id);
  }
  const used = new Set<string>();
  const ids: (string | undefined)[] = wanted.map(() => undefined);
  const pass = (lookup: (w: Wanted) => string | undefined) => {
    wanted.forEach((w, i) => {
      if (ids[i] !== undefined) return;
      const id = lookup(w);
      if (id !== undefined && !used.has(id)) {
        used.add(id);
        ids[i] = id;
      }
    });
  };
  pass((w) => (w.path ? byPath.get(w.path) : undefined));
  pass((w) => (w.oid ? byOid.get(w.oid)?.find((id) => !used.has(id)) : undefined));
  pass((w) => (w.key ? byKey.get(w.key) : undefined));
  return ids.map((id) => id ?? newId());
}
