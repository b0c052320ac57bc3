/** Structural equality of mdast trees, ignoring positions and node keys: the verification of every mapping. */

export function sameNode(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameNode(item, b[i]));
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(b)) return a === undefined && b === undefined;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const key of keys) {
    if (key === 'position') continue;
    if (key === 'data') {
      if (!sameNode(withoutKey(x.data), withoutKey(y.data))) return false;
      continue;
    }
    if (!sameNode(x[key], y[key])) return false;
  }
  return true;
}

function withoutKey(data: unknown): unknown {
  if (!data || typeof data !== 'object') return undefined;
  // hName/hProperties/hChildren are hints for HTML renderers (mdast-util-math sets them), not content.
  const { key: _key, hName: _n, hProperties: _p, hChildren: _c, ...rest } = data as Record<string, unknown>;
  return Object.keys(rest).length ? rest : undefined;
}
