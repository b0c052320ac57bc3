/** `sitemap.xml`: every indexable page (not hidden from robots), with absolute URLs. Made of pieces, so a build can write it segment by segment. */
import { escapeHtml } from '../html.js';

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

export const SITEMAP_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';

/** An entry and its line break. */
export function sitemapEntry(u: SitemapUrl): string {
  return `<url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeHtml(u.lastmod.slice(0, 10))}</lastmod>` : ''}</url>\n`;
}

/** The end, after `count` entries. */
export const sitemapTail = (count: number) => `${count ? '' : '\n'}</urlset>\n`;
