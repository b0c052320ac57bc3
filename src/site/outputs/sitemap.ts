/** `sitemap.xml`: every indexable page (not hidden from robots), with absolute URLs. */
import { escapeHtml } from '../html.js';

export function sitemapXml(urls: ReadonlyArray<{ loc: string; lastmod?: string }>): string {
  const entries = urls.map((u) => `<url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeHtml(u.lastmod.slice(0, 10))}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}
