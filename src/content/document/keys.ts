/**
 * Deterministic node keys: the same markdown always gives the same keys, so a document fetched
 * twice, or a comment anchored on a block, keeps pointing at the same node. A key already carried
 * by an mdast node (`data.key`, set by `fromDocument`) always wins.
 */

/** cyrb53: a fast 53-bit string hash, good enough to tell sibling nodes apart. */
function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A 10-character base-36 key for a node at `path` (its position in the tree) of kind `kind`. */
export function deriveKey(path: string, kind: string): string {
  return hash53(`${path}|${kind}`).toString(36).padStart(11, '0').slice(-10);
}

/** Hands out keys while walking a tree: explicit keys are kept, others derived from the path. */
export class KeyMaker {
  private readonly used = new Set<string>();

  key(path: string, kind: string, existing?: unknown): string {
    let key = typeof existing === 'string' && existing !== '' && !this.used.has(existing) ? existing : deriveKey(path, kind);
    for (let n = 1; this.used.has(key); n++) key = deriveKey(`${path}#${n}`, kind);
    this.used.add(key);
    return key;
  }
}
