// A one-page body edit rebuilds by segment: only the touched page's files and its segment's cache file are written,
// the site-wide files are made of the other segments' bytes as they were, and the result is byte for byte a cold
// build of the edited source.
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/gen-corpus.mjs';
import { cutSegments } from '../../src/site/build/segments.js';
import { syncedSpace, tempDir } from './helpers.js';
import { searchSite } from './search.js';

/** Every file under `dir` (relative path -> its bytes and mtime), the build cache apart. */
function files(dir: string, root = dir, out = new Map<string, { bytes: Buffer; mtimeMs: number }>()) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files(path, root, out);
    else out.set(relative(root, path), { bytes: readFileSync(path), mtimeMs: statSync(path).mtimeMs });
  }
  return out;
}

const cache = (map: Map<string, unknown>) => [...map.keys()].filter((path) => path.startsWith('.quire-build'));
const isSegment = (path: string) => /^\.quire-build\/[0-9a-f]{20}\.json$/.test(path);
const site = (map: Map<string, unknown>) => [...map.keys()].filter((path) => !path.startsWith('.quire-build')).sort();

describe('rebuild by segment', () => {
  it('rewrites the edited page, its segment and the site-wide files, equal to a cold build of the edited source', async () => {
    const source = tempDir('segments-src');
    generateCorpus(source, 400);
    const space = await syncedSpace(source, 'Segments');
    const out = tempDir('segments');
    const cold = await space.build(out, { strictLinks: false });
    expect(cold.rendered).toBe(400);
    expect(cold.searchIndexed).toBe(1);
    const before = files(out);
    const segmentsBefore = cache(before).filter(isSegment);
    expect(segmentsBefore.length).toBeGreaterThan(2);
    // The mtime granularity of the file system must not hide a rewrite.
    await new Promise((resolve) => setTimeout(resolve, 20));

    appendFileSync(join(source, 'group-2/page-60.md'), '\nA sentence the rebuild must carry.\n');
    await space.sync(source, { space: 'Segments' });
    const rebuilt = await space.build(out, { strictLinks: false });
    expect(rebuilt.rendered).toBe(1);
    expect(rebuilt.searchIndexed).toBe(1);
    expect(rebuilt.brokenLinks).toEqual(cold.brokenLinks);
    const after = files(out);

    // The search index is sharded by its own rules (test/site/search-index.test.ts): a few of its files are new.
    const isSearch = (path: string) => path === 'search-index.json' || path.startsWith('_search/');
    const changed = site(after).filter((path) => !before.get(path)?.bytes.equals(after.get(path)!.bytes));
    expect(changed.filter((path) => !isSearch(path)).sort()).toEqual(['group-2/page-60.md', 'group-2/page-60/index.html', 'llms-full.txt'].sort());
    expect(changed.filter(isSearch).length).toBeLessThan(20);
    const rewritten = site(after).filter((path) => before.get(path)?.mtimeMs !== after.get(path)!.mtimeMs);
    const siteWide = ['sitemap.xml', 'llms-full.txt', 'llms.txt', 'robots.txt', '404.html', '_redirects'];
    expect(rewritten.filter((path) => !siteWide.includes(path) && !isSearch(path) && !path.startsWith('_quire/')).sort()).toEqual([
      'group-2/page-60.md',
      'group-2/page-60/index.html',
    ]);
    expect(readFileSync(join(out, 'llms-full.txt'), 'utf8')).toContain('A sentence the rebuild must carry.');
    // One segment file replaced by one new one; the others untouched.
    const segmentsAfter = cache(after).filter(isSegment);
    expect(segmentsAfter.filter((path) => !segmentsBefore.includes(path))).toHaveLength(1);
    expect(segmentsBefore.filter((path) => !segmentsAfter.includes(path))).toHaveLength(1);
    for (const path of segmentsAfter.filter((p) => segmentsBefore.includes(p))) expect(after.get(path)!.mtimeMs).toBe(before.get(path)!.mtimeMs);

    const fresh = tempDir('segments-cold');
    await space.build(fresh, { strictLinks: false });
    const coldFiles = files(fresh);
    expect(site(after)).toEqual(site(coldFiles));
    for (const path of site(after)) expect(after.get(path)!.bytes.equals(coldFiles.get(path)!.bytes), path).toBe(true);
    expect((await searchSite(out, 'rebuild must carry'))[0]?.url).toMatch(/\/group-2\/page-60\//);
    // And the cache it leaves builds the same again without rendering or indexing anything.
    const again = await space.build(out, { strictLinks: false });
    expect(again.rendered).toBe(0);
    expect(again.searchIndexed).toBe(0);
    expect(readFileSync(join(out, 'sitemap.xml'))).toEqual(coldFiles.get('sitemap.xml')!.bytes);
    expect(readFileSync(join(out, 'llms-full.txt'))).toEqual(coldFiles.get('llms-full.txt')!.bytes);
  }, 240_000);

  it('rebuilds as well in another process: the search index restored from its snapshot, equal to a cold build', async () => {
    const source = tempDir('snapshot-src');
    generateCorpus(source, 300);
    const space = await syncedSpace(source, 'Snapshot');
    const first = tempDir('snapshot-first');
    await space.build(first, { strictLinks: false });
    expect(existsSync(join(first, '.quire-build', 'search-0.v8'))).toBe(true);
    // Another folder is another site to the worker of this process: it has only the snapshot to go on.
    const out = tempDir('snapshot-copy');
    cpSync(first, out, { recursive: true });
    const before = files(out);
    appendFileSync(join(source, 'group-1/page-7.md'), '\nA quokka the snapshot must carry.\n');
    await space.sync(source, { space: 'Snapshot' });
    const rebuilt = await space.build(out, { strictLinks: false });
    expect(rebuilt.rendered).toBe(1);
    expect(rebuilt.searchIndexed).toBe(1);
    const after = files(out);
    const isSearch = (path: string) => path.startsWith('_search/');
    expect(site(after).filter((path) => isSearch(path) && !before.has(path)).length).toBeLessThan(20);

    const cold = tempDir('snapshot-cold');
    await space.build(cold, { strictLinks: false });
    const coldFiles = files(cold);
    expect(site(after)).toEqual(site(coldFiles));
    for (const path of site(after)) expect(after.get(path)!.bytes.equals(coldFiles.get(path)!.bytes), path).toBe(true);
    expect((await searchSite(out, 'quokka'))[0]?.url).toMatch(/\/group-1\/page-7\//);
  }, 240_000);
});

describe('segments', () => {
  const pages = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ entryKey: `/page-${from + i}` }));

  it('cut where the pages say, so a page added changes its own segment only', () => {
    const before = cutSegments(pages(2000));
    expect(before.length).toBeGreaterThan(10);
    expect(Math.max(...before.map((s) => s.pages.length))).toBeLessThanOrEqual(256);
    expect(before.flatMap((s) => s.pages)).toEqual(pages(2000));
    const list = pages(2000);
    list.splice(1000, 0, { entryKey: '/a-new-page' });
    const after = cutSegments(list);
    const ids = new Set(before.map((s) => s.id));
    expect(after.filter((s) => !ids.has(s.id))).toHaveLength(1);
    expect(after.filter((s) => !ids.has(s.id))[0]!.pages.map((p) => p.entryKey)).toContain('/a-new-page');
  });

  it('changes the one line of llms.txt of a page whose description changed, as a cold build has it', async () => {
    const source = tempDir('segments-llms-src');
    generateCorpus(source, 300);
    const space = await syncedSpace(source, 'Llms');
    const out = tempDir('segments-llms');
    await space.build(out, { strictLinks: false });
    const before = readFileSync(join(out, 'llms.txt'), 'utf8');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const page = join(source, 'group-2/page-60.md');
    writeFileSync(page, readFileSync(page, 'utf8').replace(/^description: .*$/m, 'description: Told [anew]   on two\n  lines.'));
    await space.sync(source, { space: 'Llms' });
    const rebuilt = await space.build(out, { strictLinks: false });
    expect(rebuilt.rendered).toBe(1);
    const after = readFileSync(join(out, 'llms.txt'), 'utf8');
    const line = after.split('\n').find((l) => l.includes('/group-2/page-60.md'));
    expect(line).toMatch(/\): Told \[anew\] on two lines\.$/);
    expect(after.split('\n').filter((l, i) => l !== before.split('\n')[i])).toEqual([line]);
    const fresh = tempDir('segments-llms-cold');
    await space.build(fresh, { strictLinks: false });
    expect(after).toBe(readFileSync(join(fresh, 'llms.txt'), 'utf8'));
  }, 240_000);

  it('a site-wide file changed by hand since the last build is written whole again', async () => {
    const source = tempDir('segments-hand-src');
    generateCorpus(source, 150);
    const space = await syncedSpace(source, 'Hand');
    const out = tempDir('segments-hand');
    await space.build(out, { strictLinks: false });
    const expected = readFileSync(join(out, 'llms-full.txt'));
    const index = readFileSync(join(out, 'llms.txt'));
    writeFileSync(join(out, 'llms-full.txt'), 'edited by hand');
    writeFileSync(join(out, 'llms.txt'), `${index}- [Added](/by/hand.md)\n`);
    writeFileSync(join(out, 'sitemap.xml'), readFileSync(join(out, 'sitemap.xml'), 'utf8').replace('<url>', '<url> '));
    const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8').replace('<url> ', '<url>');
    const again = await space.build(out, { strictLinks: false });
    expect(again.rendered).toBe(0);
    expect(again.searchIndexed).toBe(0);
    expect(readFileSync(join(out, 'llms-full.txt'))).toEqual(expected);
    expect(readFileSync(join(out, 'llms.txt'))).toEqual(index);
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toBe(sitemap);
  }, 240_000);
});
