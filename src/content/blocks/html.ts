/** Small helpers for the HTML GitBook writes: attributes in order, entities as GitBook escapes them. */

/** `key="value"` pairs of an HTML start tag, in order; bare keys get `''`. Values stay as written (entities kept). */
export function htmlAttributes(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const re = /([^\s=/>"']+)(?:="([^"]*)")?/g;
  for (let match = re.exec(text); match; match = re.exec(text)) out.push([match[1] as string, match[2] ?? '']);
  return out;
}

export function htmlAttr(attributes: Array<[string, string]>, key: string): string | undefined {
  return attributes.find(([k]) => k === key)?.[1];
}

/** Write attributes back: bare ones without `=""`. */
export function formatHtmlAttributes(attributes: Array<[string, string | undefined]>, bare: readonly string[] = []): string {
  return attributes
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([key, value]) => (value === '' && bare.includes(key) ? ` ${key}` : ` ${key}="${value}"`))
    .join('');
}

/** Decode the entities GitBook writes in attributes (`&#x26;`, `&#x3C;`, `&quot;`, ...). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, code: string) => {
    const lower = code.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? _m;
  });
}

/** Encode text for an attribute the way GitBook does: `&`, `<` and `'` as hex references, `"` as `&quot;`. */
export function encodeAttribute(text: string): string {
  return text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/**
 * Whether HTML this code writes is the HTML read: the same, or written before apostrophes were escaped (`it's` where
 * GitBook, and now Quire, write `it&#x27;s`).
 */
export function sameHtml(written: string, read: string): boolean {
  return written === read || (read.includes("'") && written.replaceAll('&#x27;', "'") === read.replaceAll('&#x27;', "'"));
}
