import type { SiteRecord } from '../../model/index.js';
import type { Store } from '../../store/index.js';
import { invalidInput } from '../core/errors.js';
import type { SiteSpaceNode } from '../sites/structure.js';

export interface SiteLocation {
  site: SiteRecord;
  /** The site's root URL, without a trailing slash. */
  siteRoot: string;
  /** The site's root path, with slashes at both ends: `/docs/`. */
  siteBasePath: string;
  /** Decoded path segments under the site root. */
  segments: string[];
}

export interface SiteSpaceMatch<S> {
  node: SiteSpaceNode<S>;
  /** Segments after the site space's own path. */
  rest: string[];
}

/** An absolute http(s) URL; 400 naming `field` otherwise. */
export function parseUrl(value: string, field = 'url'): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidInput(`${field}: not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidInput(`${field}: must be an http or https URL`);
  return url;
}

/** Decoded, non-empty segments of a path; 400 when the encoding is broken. */
export function segmentsOf(path: string, field = 'url'): string[] {
  try {
    return path
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
  } catch {
    throw invalidInput(`${field}: the path is not validly percent-encoded`);
  }
}

/** The site a URL belongs to, served by this server (`base`) or behind a proxy; undefined when none. */
export async function locateSite(store: Store, url: URL, base: string): Promise<SiteLocation | undefined> {
  const server = new URL(base);
  const prefix = server.pathname.replace(/\/+$/, '');
  if (url.origin === server.origin && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))) {
    const [basename, ...segments] = segmentsOf(url.pathname.slice(prefix.length));
    const site = basename ? await store.sites.byBasename(basename) : undefined;
    if (site) return { site, siteRoot: `${server.origin}${prefix}/${site.basename}`, siteBasePath: `${prefix}/${site.basename}/`, segments };
  }
  const at = `${url.host}${url.pathname}`.replace(/\/+$/, '').toLowerCase();
  for (const org of await store.organizations.all()) {
    for (const site of await store.sites.in(org.id)) {
      const proxy = site.proxy
        ?.replace(/^https?:\/\//, '')
        .replace(/\/+$/, '')
        .toLowerCase();
      if (!proxy || (at !== proxy && !at.startsWith(`${proxy}/`))) continue;
      const path = proxy.slice(proxy.indexOf('/') === -1 ? proxy.length : proxy.indexOf('/'));
      return {
        site,
        siteRoot: `https://${proxy}`,
        siteBasePath: `${path}/`,
        segments: segmentsOf(url.pathname.slice(path.length)),
      };
    }
  }
  return undefined;
}

/** The site space whose URL path is the longest prefix of `segments`. */
export function matchSiteSpace<S>(nodes: SiteSpaceNode<S>[], segments: string[]): SiteSpaceMatch<S> | undefined {
  let best: SiteSpaceMatch<S> | undefined;
  let bestLength = -1;
  for (const node of nodes) {
    const own = node.urlPath ? node.urlPath.split('/') : [];
    if (own.length <= bestLength || own.some((part, i) => segments[i] !== part)) continue;
    best = { node, rest: segments.slice(own.length) };
    bestLength = own.length;
  }
  return best;
}

/** True when some other site space's path extends this one's: more site segments may follow it. */
export function hasDeeperSiteSpaces<S>(nodes: SiteSpaceNode<S>[], node: SiteSpaceNode<S>): boolean {
  return nodes.some((other) => other !== node && (node.urlPath === '' ? other.urlPath !== '' : other.urlPath.startsWith(`${node.urlPath}/`)));
}
