/**
 * A tree object read in place: its entries are located, not decoded, so comparing two versions of a tree (most entries
 * the same) makes no strings but for the entries that differ. An entry's few dozen bytes are compared in a loop,
 * cheaper than a native call and its argument checks.
 */
export class RawTree {
  private constructor(
    private readonly body: Buffer,
    /** Per entry: where its mode starts, the space before its name, the NUL before its 20-byte oid. */
    private readonly at: Int32Array<ArrayBuffer>,
    readonly size: number,
  ) {}

  static parse(body: Buffer): RawTree {
    // An entry takes at least 28 bytes (a 5-byte mode, a space, a 1-byte name, a NUL, 20 bytes of oid).
    const at = new Int32Array(Math.ceil(body.length / 28) * 3);
    let n = 0;
    for (let p = 0; p < body.length; n++) {
      const space = body.indexOf(32, p);
      const nul = body.indexOf(0, space);
      if (space === -1 || nul === -1 || nul + 21 > body.length || n * 3 >= at.length) throw new Error('a tree object is damaged');
      at[n * 3] = p;
      at[n * 3 + 1] = space;
      at[n * 3 + 2] = nul;
      p = nul + 21;
    }
    return new RawTree(body, at, n);
  }

  name(i: number): string {
    return this.body.toString('utf8', this.at[i * 3 + 1]! + 1, this.at[i * 3 + 2]);
  }

  oid(i: number): string {
    const nul = this.at[i * 3 + 2]!;
    return this.body.toString('hex', nul + 1, nul + 21);
  }

  isTree(i: number): boolean {
    const start = this.at[i * 3]!;
    const space = this.at[i * 3 + 1]!;
    const b = this.body;
    // `40000`, or `040000` as some writers put it
    const digits = b[space - 5] === 0x34 && b[space - 4] === 0x30 && b[space - 3] === 0x30 && b[space - 2] === 0x30 && b[space - 1] === 0x30;
    return digits && (space - start === 5 || (space - start === 6 && b[start] === 0x30));
  }

  /**
   * The entries `[from, to)` that may differ from `other`'s: those before are the same bytes as `other`'s first
   * entries, those after the same bytes as its last ones (a change touches a few entries; the rest are never compared).
   */
  differing(other: RawTree): [number, number] {
    const [a, b] = [this.body, other.body];
    // Long runs: halved with native comparisons, a dozen for a tree of a few kilobytes.
    const prefix = common(a.length, b.length, (n) => a.compare(b, 0, n, 0, n) === 0);
    const suffix = common(a.length, b.length, (n) => a.compare(b, b.length - n, b.length, a.length - n, a.length) === 0);
    let from = 0;
    while (from < this.size && this.at[from * 3 + 2]! + 21 <= prefix) from++;
    const shift = b.length - a.length;
    let to = this.size;
    for (let i = this.size - 1, j = other.size - 1; i >= from && this.at[i * 3]! >= a.length - suffix; i--) {
      const start = this.at[i * 3]! + shift;
      while (j >= 0 && other.at[j * 3]! > start) j--;
      if (j < 0 || other.at[j * 3] !== start) break;
      to = i; // the same bytes from an entry's start to the end: the same entries
    }
    return [from, to];
  }

  /** Entry `i` and `other`'s entry `j` have the same name, mode and oid. */
  same(i: number, other: RawTree, j: number): boolean {
    const a = this.at[i * 3]!;
    const b = other.at[j * 3]!;
    const length = this.at[i * 3 + 2]! + 21 - a;
    if (other.at[j * 3 + 2]! + 21 - b !== length) return false;
    for (let k = length - 1; k >= 0; k--) if (this.body[a + k] !== other.body[b + k]) return false;
    return true;
  }

  /** Git's order of tree entries (a folder sorts as if its name ended with `/`): < 0, 0 (same name) or > 0. */
  compare(i: number, other: RawTree, j: number): number {
    const [as, ae] = [this.at[i * 3 + 1]! + 1, this.at[i * 3 + 2]!];
    const [bs, be] = [other.at[j * 3 + 1]! + 1, other.at[j * 3 + 2]!];
    for (let k = 0; as + k < ae && bs + k < be; k++) {
      const d = this.body[as + k]! - other.body[bs + k]!;
      if (d !== 0) return d;
    }
    const common = Math.min(ae - as, be - bs);
    return this.after(i, as + common, ae) - other.after(j, bs + common, be);
  }

  /** The byte of entry `i`'s name at `at` (its end is `end`), a folder's name going on with `/`. */
  private after(i: number, at: number, end: number): number {
    return at < end ? this.body[at]! : this.isTree(i) ? 0x2f : 0;
  }
}

/** The longest `n` up to the shorter length for which `same(n)` holds (`same` holds up to some length, then never). */
function common(a: number, b: number, same: (n: number) => boolean): number {
  let [lo, hi] = [0, Math.min(a, b)];
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (same(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
