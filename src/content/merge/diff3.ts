// A minimal line-based three-way merge (diff3), enough for page bodies. Lines keep their line endings.

export type Diff3Result = { ok: true; text: string } | { ok: false; conflicts: number };

/** Past this many cells the LCS table is too big to build: the merge reports a conflict instead. */
const MAX_CELLS = 16_000_000;

/** Merges the changes from `base` to `ours` and from `base` to `theirs`; overlapping different changes conflict. */
export function diff3Merge(base: string, ours: string, theirs: string): Diff3Result {
  if (ours === theirs || theirs === base) return { ok: true, text: ours };
  if (ours === base) return { ok: true, text: theirs };
  const o = lines(base);
  const a = lines(ours);
  const b = lines(theirs);
  const matchA = match(o, a);
  const matchB = match(o, b);
  if (!matchA || !matchB) return { ok: false, conflicts: 1 };

  const out: string[] = [];
  let conflicts = 0;
  let i = 0;
  let ia = 0;
  let ib = 0;
  while (i < o.length || ia < a.length || ib < b.length) {
    let k = 0;
    while (i + k < o.length && matchA[i + k] === ia + k && matchB[i + k] === ib + k) k++;
    if (k > 0) {
      out.push(...o.slice(i, i + k));
      [i, ia, ib] = [i + k, ia + k, ib + k];
      continue;
    }
    let j = i;
    while (j < o.length && (matchA[j] === -1 || matchB[j] === -1)) j++;
    const [endA, endB] = j < o.length ? [matchA[j]!, matchB[j]!] : [a.length, b.length];
    const chunkO = o.slice(i, j);
    const chunkA = a.slice(ia, endA);
    const chunkB = b.slice(ib, endB);
    if (equal(chunkA, chunkO)) out.push(...chunkB);
    else if (equal(chunkB, chunkO) || equal(chunkA, chunkB)) out.push(...chunkA);
    else conflicts++;
    [i, ia, ib] = [j, endA, endB];
  }
  return conflicts ? { ok: false, conflicts } : { ok: true, text: out.join('') };
}

function lines(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

function equal(x: readonly string[], y: readonly string[]): boolean {
  return x.length === y.length && x.every((line, i) => line === y[i]);
}

/**
 * For each line of `o`, the index of the line of `x` it is matched with in a longest common subsequence, or -1.
 * Common prefix and suffix are matched directly; the middle uses the classic dynamic-programming table.
 */
function match(o: readonly string[], x: readonly string[]): Int32Array | null {
  const result = new Int32Array(o.length).fill(-1);
  let start = 0;
  while (start < o.length && start < x.length && o[start] === x[start]) result[start] = start++;
  let endO = o.length;
  let endX = x.length;
  while (endO > start && endX > start && o[endO - 1] === x[endX - 1]) result[--endO] = --endX;
  const n = endO - start;
  const m = endX - start;
  if (n === 0 || m === 0) return result;
  if ((n + 1) * (m + 1) > MAX_CELLS) return null;
  const width = m + 1;
  const table = new Uint32Array((n + 1) * width);
  for (let p = n - 1; p >= 0; p--) {
    for (let q = m - 1; q >= 0; q--) {
      table[p * width + q] =
        o[start + p] === x[start + q] ? table[(p + 1) * width + q + 1]! + 1 : Math.max(table[(p + 1) * width + q]!, table[p * width + q + 1]!);
    }
  }
  for (let p = 0, q = 0; p < n && q < m; ) {
    if (o[start + p] === x[start + q]) {
      result[start + p] = start + q;
      p++;
      q++;
    } else if (table[(p + 1) * width + q]! >= table[p * width + q + 1]!) p++;
    else q++;
  }
  return result;
}
