/**
 * Cache-Control for what the sites serve. Site assets (`_quire/<file>?v=<version>`, and a sidebar tree named by its
 * bytes, and the files of a search index) change URL whenever their bytes change: cached for a year, never revalidated. Everything else (pages, search index, files) follows the content and
 * is revalidated on every use, which the ETag makes a 304 when nothing changed.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
export const PRIVATE = 'private, no-store';
/** A redirect may be undone: browsers keep a 301 without an expiry for good. */
export const REDIRECT = 'public, max-age=300';

/** A big space's sidebar tree (`_quire/nav-<hash>.html`, see site/nav.ts): named by its bytes, it never changes either. */
const NAMED_BY_BYTES = /^_quire\/nav-[0-9a-f]{12}\.html$/;
/** The files of a search index (`[<space>/]_search/<hash>.json`, see site/search-index.ts), named by their bytes too. */
const SEARCH_FILE = /^(?:[^?#]*\/)?_search\/[0-9a-f]{12}\.json$/;

/** True for a site asset requested at its current version, or named by its bytes. */
export function isHashedAsset(relative: string, version: unknown, current: string | undefined): boolean {
  if (SEARCH_FILE.test(relative)) return true;
  return relative.startsWith('_quire/') && ((typeof version === 'string' && version === current) || NAMED_BY_BYTES.test(relative));
}

export function siteFileCacheControl(hashed: boolean, privately: boolean): string {
  if (!privately) return hashed ? IMMUTABLE : REVALIDATE;
  return hashed ? PRIVATE_IMMUTABLE : PRIVATE;
}

/** A Location header for a site path or URL and the request's query: non-ASCII %-encoded, the fragment kept last. */
export function location(to: string, query: string): string {
  const at = to.indexOf('#');
  const [path, fragment] = at < 0 ? [to, ''] : [to.slice(0, at), to.slice(at)];
  const joined = query ? `${path}${path.includes('?') ? '&' : '?'}${query}${fragment}` : to;
  const encoded = joined.replace(/[^\x21-\x7e]/gu, (c) => (c.length === 1 && /[\ud800-\udfff]/.test(c) ? '' : encodeURIComponent(c)));
  // `//host` and `/\host` are other hosts to a browser: a path of this server starts with one slash.
  return encoded.replace(/^\/[/\\]+/, '/');
}
