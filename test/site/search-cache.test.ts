// The search index in the output folder and its snapshot in the build cache, damaged between builds: an index file
// cut short, removed, or one the index does not name; a build stopped before it committed (which leaves the site-wide
// files as they were too). The next build leaves the folder as a clean build does.
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/gen-corpus.mjs';
import { SEARCH_DIR, SEARCH_MANIFEST, SearchIndexBuilder } from '../../src/site/search-index.js';
import { WORKER_FROM_PAGES } from '../../src/site/search-pool.js';
import { markdownSpace, syncedSpace, tempDir } from './helpers.js';
import { searchSite } from './search.js';

const CACHE = '.quire-build';

/** The site's files (relative path -> bytes), the build cache apart. */
function siteFiles(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = relative(dir, join(entry.parentPath, entry.name));
    if (entry.isFile() && !path.startsWith(CACHE)) out.set(path, readFileSync(join(dir, path)));
  }
  return out;
}

function expectSameSite(out: string, clean: string): void {
  const [got, want] = [siteFiles(out), siteFiles(clean)];
  expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
  for (const [path, bytes] of want) expect(got.get(path)!.equals(bytes), path).toBe(true);
}

/** The index files of the root site space, largest first. */
const indexFiles = (out: string) =>
  readdirSync(join(out, SEARCH_DIR)).sort((a, b) => statSync(join(out, SEARCH_DIR, b)).size - statSync(join(out, SEARCH_DIR, a)).size);

const options = { strictLinks: false };

describe('a small site, its index built inline', () => {
  it('writes again an index file cut short', async () => {
    const pages: Record<string, string> = { 'README.md': '# Home\n\nWelcome to the quokka docs.\n' };
    for (let i = 0; i < 8; i++) pages[`page-${i}.md`] = `# Page ${i}\n\nA page on wombats, number ${i}.\n\n## More\n\nMore words.\n`;
    const space = await syncedSpace(markdownSpace(pages), 'Small');
    const clean = tempDir('search-small-clean');
    await space.build(clean, options);
    const out = tempDir('search-small');
    await space.build(out, options);
    const [name] = indexFiles(out);
    truncateSync(join(out, SEARCH_DIR, name!), 10);

    const report = await space.build(out, options);
    expect(report.rendered).toBe(0);
    expect(report.searchIndexed).toBe(1);
    expectSameSite(out, clean);
    expect((await searchSite(out, 'wombats')).length).toBeGreaterThan(0);
  });
});

describe('a site indexed on the search worker, rebuilt incrementally', () => {
  let space: Awaited<ReturnType<typeof syncedSpace>>;
  let clean: string;
  beforeAll(async () => {
    const source = tempDir('search-worker-src');
    generateCorpus(source, WORKER_FROM_PAGES + 20);
    space = await syncedSpace(source, 'Worker');
    clean = tempDir('search-worker-clean');
    await space.build(clean, options);
  }, 120_000);

  it('removes the files in _search/ its index does not name', async () => {
    const out = tempDir('search-stray');
    await space.build(out, options);
    // Left by a crashed build: an index file never named, and a file half written under its temporary name.
    writeFileSync(join(out, SEARCH_DIR, '0123456789ab.json'), '{"stray":');
    writeFileSync(join(out, SEARCH_DIR, `${indexFiles(out)[0]}.0badf00d.tmp`), '{"half":');

    const report = await space.build(out, options);
    expect(report.rendered).toBe(0);
    expectSameSite(out, clean);
  }, 120_000);

  it('writes again the index files removed, in the same process and in another', async () => {
    const out = tempDir('search-removed');
    await space.build(out, options);
    // Another folder is another site to the worker of this process: it has only the snapshot to go on.
    const other = tempDir('search-removed-other');
    cpSync(out, other, { recursive: true });
    for (const dir of [out, other]) {
      const files = indexFiles(dir);
      for (const name of [files[0]!, files.at(-1)!]) rmSync(join(dir, SEARCH_DIR, name));
    }

    for (const dir of [out, other]) {
      const report = await space.build(dir, options);
      expect(report.rendered).toBe(0);
      expect(report.searchIndexed).toBe(1);
      expectSameSite(dir, clean);
    }
    expect((await space.build(out, options)).searchIndexed).toBe(0);
  }, 120_000);
});

describe('a build that stops before it commits', () => {
  it('leaves the search snapshot as it was, and the next build, in this process or another, is a clean one', async () => {
    const source = tempDir('search-crash-src');
    generateCorpus(source, WORKER_FROM_PAGES + 20);
    const space = await syncedSpace(source, 'Crash');
    const out = tempDir('search-crash');
    await space.build(out, options);
    const snapshot = join(out, CACHE, 'search-0.v8');
    const committed = readFileSync(snapshot);

    appendFileSync(join(source, 'group-1/page-7.md'), '\nA pangolin the next build must carry.\n');
    await space.sync(source, { space: 'Crash' });
    // The build cache's manifest cannot be written: the build fails after the index's files and manifest, before
    // it commits.
    const manifest = join(out, '.quire-build.json');
    const cache = readFileSync(manifest);
    rmSync(manifest);
    mkdirSync(join(manifest, 'in-the-way'), { recursive: true });
    const siteWide = ['sitemap.xml', 'llms-full.txt'].map((name) => [name, readFileSync(join(out, name))] as const);
    await expect(space.build(out, options)).rejects.toThrow();
    expect(readFileSync(snapshot).equals(committed)).toBe(true);
    // The site-wide files too are the last build's (the manifest names them), and none of the new ones is left.
    for (const [name, bytes] of siteWide) expect(readFileSync(join(out, name)).equals(bytes), name).toBe(true);
    expect(readdirSync(out).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    rmSync(manifest, { recursive: true });
    writeFileSync(manifest, cache);
    // What a crash at that point leaves besides: the new snapshot half written, under its temporary name.
    writeFileSync(join(out, CACHE, 'search-0.v8.4242.tmp'), committed.subarray(0, committed.length >> 1));
    const other = tempDir('search-crash-other');
    cpSync(out, other, { recursive: true });

    const fresh = tempDir('search-crash-clean');
    await space.build(fresh, options);
    for (const dir of [other, out]) {
      expect((await space.build(dir, options)).rendered).toBe(1);
      expectSameSite(dir, fresh);
      expect(readdirSync(join(dir, CACHE)).filter((name) => name.startsWith('search-'))).toEqual(['search-0.v8']);
      // The snapshot in place is the index the folder holds: the next build in another process starts from it.
      const restored = SearchIndexBuilder.restore(readFileSync(join(dir, CACHE, 'search-0.v8')))!;
      expect(restored.signatures(readFileSync(join(dir, SEARCH_MANIFEST), 'utf8'))).not.toBeNull();
      expect((await searchSite(dir, 'pangolin'))[0]?.url).toMatch(/\/group-1\/page-7\//);
    }
    // A snapshot cut short in place is no index to start from: the next build indexes every page again.
    const snapshotOfOther = join(other, CACHE, 'search-0.v8');
    truncateSync(snapshotOfOther, statSync(snapshotOfOther).size >> 1);
    await space.build(other, options);
    expectSameSite(other, fresh);
    expect(SearchIndexBuilder.restore(readFileSync(snapshotOfOther))).not.toBeNull();
  }, 240_000);
});
