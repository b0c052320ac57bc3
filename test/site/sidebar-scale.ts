/** Reading a built site's sidebars as a reader without JavaScript would: the links of each page's sidebar, walked. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The sidebar `<nav>` of a page's HTML. */
export const sidebarOf = (page: string): string => /<nav class="sidebar-nav"[\s\S]*?<\/nav>/.exec(page)?.[0] ?? '';

/** The hrefs of the links in some HTML. */
export const hrefsOf = (text: string): string[] => [...text.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

/** The output file of a site URL (`/a/b/` is `a/b/index.html`). */
export const fileOf = (out: string, url: string): string => join(out, decodeURIComponent(url.split('#')[0]!), url.endsWith('/') ? 'index.html' : '');

/** Every URL reached from `start` by following sidebar links only (the pages' own sidebars, no script). */
export function walkSidebars(out: string, start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length) {
    const url = queue.pop()!;
    const file = fileOf(out, url);
    if (!existsSync(file)) continue;
    for (const href of hrefsOf(sidebarOf(readFileSync(file, 'utf8')))) {
      if (href.startsWith('/') && !seen.has(href)) {
        seen.add(href);
        queue.push(href);
      }
    }
  }
  return seen;
}
