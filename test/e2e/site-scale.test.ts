// A generated site of 10,000 pages (bench/gen-corpus.mjs), built once: a page's size does not grow with the site,
// and every sidebar entry stays reachable from any page, without the script (walking the sidebars) and with it (the
// tree asset). Slow (about a minute): in the e2e project. The browser side is test/browser/sidebar.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/gen-corpus.mjs';
import { syncedSpace, tempDir } from '../site/helpers.js';
import { siteEngine } from '../site/search.js';
import { fileOf, hrefsOf, sidebarOf } from '../site/sidebar-scale.js';

const PAGES = 10_000;

async function built(pages: number): Promise<string> {
  const corpus = tempDir(`scale-${pages}`);
  generateCorpus(corpus, pages);
  const space = await syncedSpace(corpus, `Scale ${pages}`);
  const out = tempDir(`scale-${pages}-out`);
  const report = await space.build(out, { strictLinks: false });
  expect(report.pages).toBe(pages);
  return out;
}

let small: string;
let big: string;

beforeAll(async () => {
  small = await built(100);
  big = await built(PAGES);
}, 600_000);

describe(`a site of ${PAGES.toLocaleString('en')} pages`, () => {
  it('has pages at most twice the bytes of the same pages in a 100-page site', () => {
    for (const url of ['/', '/group-1/page-1/', '/group-1/page-1/page-3/', '/group-2/page-60/', '/group-2/page-99/']) {
      const [inSmall, inBig] = [statSync(fileOf(small, url)).size, statSync(fileOf(big, url)).size];
      console.info(`${url}: ${inBig} bytes at ${PAGES} pages, ${inSmall} at 100 (${(inBig / inSmall).toFixed(2)}x)`);
      expect(inBig / inSmall, `${url}: ${inBig} bytes against ${inSmall}`).toBeLessThanOrEqual(2);
    }
  });

  it('lists every entry in its one tree asset, which every page names', () => {
    const assets = readdirSync(join(big, '_quire')).filter((name) => /^nav-[0-9a-f]+\.html$/.test(name));
    expect(assets).toHaveLength(1);
    const tree = new Set(hrefsOf(readFileSync(join(big, '_quire', assets[0]!), 'utf8')));
    expect(tree.size).toBe(PAGES);
    expect(sidebarOf(readFileSync(fileOf(big, '/group-200/page-9951/'), 'utf8'))).toContain(`data-nav-src="/_quire/${assets[0]}"`);
  });

  it('reaches every page from any page by following sidebar links, without the script', () => {
    // From the home page, walking the sidebars (their windows of long lists and "more" links included) reaches every
    // page; and every page's sidebar links the home page: so from any page, every page.
    const top = hrefsOf(sidebarOf(readFileSync(fileOf(big, '/'), 'utf8')));
    expect(top.length).toBeLessThan(100);
    const missing: string[] = [];
    const seen = new Set(['/']);
    const queue = ['/'];
    while (queue.length) {
      const url = queue.pop()!;
      const links = hrefsOf(sidebarOf(readFileSync(fileOf(big, url), 'utf8')));
      if (!links.includes('/')) missing.push(url);
      for (const href of links) {
        if (seen.has(href)) continue;
        seen.add(href);
        queue.push(href);
      }
    }
    expect(missing.slice(0, 5)).toEqual([]);
    expect(seen.size).toBe(PAGES);
  }, 180_000);
});

/** The search budget (issue 23): a first query loads at most this many gzipped bytes of index. */
const FIRST_QUERY_GZ = 150_000;

describe(`the search index of a site of ${PAGES.toLocaleString('en')} pages`, () => {
  it('answers a first query, typos and common words included, loading at most 150 KB gzipped', async () => {
    const shards = readdirSync(join(big, '_search')).length;
    const whole = readdirSync(join(big, '_search')).reduce((n, name) => n + gzipSync(readFileSync(join(big, '_search', name))).length, 0);
    console.info(`search index: ${shards} files, ${Math.round(whole / 1000)} KB gzipped in all`);
    for (const [query, expected] of [
      ['page 9951', '/page-9951/'],
      ['sync', null],
      ['serch', null],
      ['merge commit deploy', null],
      ['permision token', null],
      ['4242', '/page-4242/'],
    ] as const) {
      let bytes = 0;
      const files: string[] = [];
      const engine = siteEngine(big, '', (name, content) => {
        files.push(name);
        bytes += gzipSync(content).length;
      });
      const results = await engine.details(await engine.search(query, 20));
      console.info(`"${query}": ${files.length} files, ${(bytes / 1000).toFixed(1)} KB gzipped, ${results.length} results`);
      expect(results.length, query).toBeGreaterThan(0);
      if (expected)
        expect(
          results.some((r) => new URL(r.url, 'http://x').pathname.endsWith(expected)),
          query,
        ).toBe(true);
      expect(bytes, query).toBeLessThanOrEqual(FIRST_QUERY_GZ);
      expect(bytes, query).toBeLessThan(whole / 4);
    }
  });
});
