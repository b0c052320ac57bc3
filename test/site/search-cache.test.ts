// The search index in the output folder, damaged between builds: an index file cut short, removed, or one the index
// does not name. The next build leaves the folder as a clean build does.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/gen-corpus.mjs';
import { SEARCH_DIR } from '../../src/site/search-index.js';
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
