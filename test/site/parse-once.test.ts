// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { parsePage, takeBody } from '../../src/content/page-parse.js';
import { bodyCode, unpackBody } from '../../src/content/parsed-body.js';
import { PARSED_PAGE_VERSION } from '../../src/content/parsed-page.js';
import { SEARCH_DIR, type SearchDoc, SearchIndexBuilder, type SearchOutput } from '../../src/site/search-index.js';
import { searchIndexes, WORKER_FROM_PAGES } from '../../src/site/search-pool.js';
import { buildSite, type SiteInput } from '../../src/site/build.js';
import { RENDER_WORKERS_FROM, type RenderSpaceMessage, renderPool } from '../../src/site/render-pool.js';
import { siteSources, spaceSite } from '../../src/site/space-site.js';
import type { WorkerClient } from '../../src/platform/worker-threads.js';
import { CORPORA, markdownSpace, syncedSpace, tempDir } from './helpers.js';
import { memoryEngine, pagesOf, searchSite } from './search.js';

const MANIFEST = '.quire-build.json';
const files = (dir: string): Map<string, string> => {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      // A search index's snapshot is its builder's state, which depends on what the process indexed before.
      else if (!entry.name.endsWith('.v8')) out.set(relative(dir, path), readFileSync(path, 'latin1'));
    }
  };
  walk(dir);
  // The build cache records when it wrote its outputs: the one thing two builds of the same space may not share.
  const manifest = JSON.parse(out.get(MANIFEST) ?? 'null') as { outputs?: Record<string, { mtimeMs?: number }> } | null;
  for (const output of Object.values(manifest?.outputs ?? {})) delete output.mtimeMs;
  if (manifest) out.set(MANIFEST, JSON.stringify(manifest));
  return out;
};

describe('parse once for sync and build', () => {
  it('renders from the bodies the sync parsed, kept in this process or stored, to the same site as parsing again', async () => {
    const space = await syncedSpace(join(CORPORA, 'beefree-sdk-docs'), 'Parse once');
    const pages = (await space.view()).index.documents();
    const kept = takeBody(pages[1]!.blob); // kept by the sync: this one page the next build reads from the store
    expect(unpackBody(bodyCode(kept!).packed).tree.type).toBe('root');
    const fromSync = tempDir('parse-once-a');
    await space.build(fromSync, { strictLinks: false });
    expect(pages.every((page) => takeBody(page.blob) === undefined)).toBe(true); // the build took them all

    // As in a build by another process than the sync's: every body from the store.
    const stored = await space.domain.sync.parsedBodies(pages.map((page) => page.blob));
    expect(stored.size).toBe(new Set(pages.map((page) => page.blob)).size);
    expect(Buffer.from(stored.get(pages[1]!.blob)!).equals(kept!)).toBe(true);
    const fromStore = tempDir('parse-once-b');
    await space.build(fromStore, { strictLinks: false });

    const reparsed = tempDir('parse-once-c');
    await space.reparse(reparsed, { strictLinks: false });
    const [a, b, c] = [files(fromSync), files(fromStore), files(reparsed)];
    expect([...a.keys()].sort()).toEqual([...c.keys()].sort());
    expect([...b.keys()].sort()).toEqual([...c.keys()].sort());
    for (const [path, text] of c) {
      expect(a.get(path), path).toBe(text);
      expect(b.get(path), path).toBe(text);
    }
  }, 180_000);

  it('renders a page from its stored body, not its markdown; from its markdown when the record has no body', async () => {
    const space = await syncedSpace(markdownSpace({ 'README.md': '# Home\n\nWelcome.\n', 'guide.md': '# Guide\n\nAs written.\n' }), 'Stored');
    const guide = (await space.view()).index.documents().find((page) => page.path === 'guide')!;
    takeBody(guide.blob); // as in another process than the sync's
    const [record] = (await space.domain.sync.parsed([guide.blob])).values();
    const other = parsePage({ oid: guide.blob, path: 'guide.md', spaceRoot: '', bytes: Buffer.from('# Guide\n\nFrom the stored body.\n') });
    await space.store.parsed.putMany([{ oid: guide.blob, data: record, body: other.body }], PARSED_PAGE_VERSION);
    const out = tempDir('stored-body');
    await space.build(out, { strictLinks: false });
    expect(readFileSync(join(out, 'guide/index.html'), 'utf8')).toContain('From the stored body.');

    await space.store.parsed.putMany([{ oid: guide.blob, data: record }], PARSED_PAGE_VERSION);
    const again = tempDir('stored-body-none');
    await space.build(again, { strictLinks: false });
    expect(readFileSync(join(again, 'guide/index.html'), 'utf8')).toContain('As written.');

    // Bytes spoilt in the store (their head still reads): the page renders from its markdown all the same.
    const spoilt = Uint8Array.from(other.body!, (byte, i) => (i >= other.body!.byteLength - 8 ? byte ^ 0xff : byte));
    await space.store.parsed.putMany([{ oid: guide.blob, data: record, body: spoilt }], PARSED_PAGE_VERSION);
    const third = tempDir('stored-body-spoilt');
    await space.build(third, { strictLinks: false });
    expect(readFileSync(join(third, 'guide/index.html'), 'utf8')).toContain('As written.');
  });

  it('renders from its markdown a page whose stored body the store fails to give', async () => {
    const space = await syncedSpace(markdownSpace({ 'README.md': '# Home\n\nWelcome.\n', 'guide.md': '# Guide\n\nAs written.\n' }), 'Store down');
    for (const page of (await space.view()).index.documents()) takeBody(page.blob);
    const site = await spaceSite(space.domain, space.caller, space.spaceId, { siteUrl: 'https://docs.example.com' });
    const sources = { ...siteSources(space.domain), parsedBodies: () => Promise.reject(new Error('the store is down')) };
    const out = tempDir('store-down');
    const report = await buildSite(site, sources, { out, strictLinks: false });
    expect(report.rendered).toBe(2);
    expect(readFileSync(join(out, 'guide/index.html'), 'utf8')).toContain('As written.');
  });

  it('reads a page that starts with a byte-order mark as the sync did: its frontmatter is not shown, from its body or its markdown', async () => {
    const guide = '\uFEFF---\ndescription: From the frontmatter\n---\n\n# Guide\n\nText.\n';
    const space = await syncedSpace(markdownSpace({ 'README.md': '# Home\n\nWelcome.\n', 'guide.md': guide }), 'Byte-order mark');
    const fromBody = tempDir('bom-a');
    await space.build(fromBody, { strictLinks: false });
    const reparsed = tempDir('bom-b');
    await space.reparse(reparsed, { strictLinks: false });
    const [a, b] = [files(fromBody), files(reparsed)];
    for (const [path, text] of b) expect(a.get(path), path).toBe(text);
    const html = a.get('guide/index.html')!;
    expect(html).toContain('Text.');
    expect(html).not.toMatch(/<h2[^>]*>description/);
    expect(a.get('guide.md')).not.toContain('description:');
  });
});

describe('search sections the sync found', () => {
  it('are reused only where the render gives the same: not with includes, nor under an h1 with an id of its own', async () => {
    const dir = tempDir('sections-src');
    mkdirSync(join(dir, '.gitbook/includes'), { recursive: true });
    writeFileSync(join(dir, '.gitbook/includes/shared.md'), '## Shared heading\n\nShared text.\n');
    const summary = ['# Table of contents', ''];
    for (let i = 0; i < RENDER_WORKERS_FROM + 6; i++) {
      const file = i === 0 ? 'README.md' : `page-${i}.md`;
      const kind = i % 3;
      const h1 = kind === 1 ? `# Setup ${i} <a href="#setup" id="setup"></a>` : `# Page ${i}`;
      const include = i === 5 ? '.gitbook/includes/missing.md' : '.gitbook/includes/shared.md';
      const body = kind === 2 ? `{% include "${include}" %}\n\n## Setup\n\nText.\n` : '## Setup\n\nText.\n\n## Setup\n\nMore.\n';
      writeFileSync(join(dir, file), `${h1}\n\nIntro ${i}.\n\n${body}`);
      summary.push(`* [${i % 2 ? `Title ${i} from the summary` : `Page ${i}`}](${file})`);
    }
    writeFileSync(join(dir, 'SUMMARY.md'), `${summary.join('\n')}\n`);
    const space = await syncedSpace(dir, 'Sections');
    const fromSync = tempDir('sections-a');
    const report = await space.build(fromSync, { strictLinks: false });
    expect(report.renderedOnWorkers).toBeGreaterThan(0);
    expect(report.brokenLinks.map((link) => link.problem)).toEqual(['no reusable content at .gitbook/includes/missing.md']);
    const reparsed = tempDir('sections-b');
    await space.reparse(reparsed, { strictLinks: false, renderWorkers: false });
    const a = files(fromSync);
    const b = files(reparsed);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [path, text] of a) expect(text, path).toBe(b.get(path));
    expect(a.get('page-2/index.html')).toContain('Shared text.');
    expect((await searchSite(fromSync, 'Shared heading')).map((hit) => hit.url)).toContain('/page-2/#shared-heading');
  }, 180_000);
});

describe('page bodies rendered on a worker', () => {
  it('give the site rendering them on the build thread gives', async () => {
    const space = await syncedSpace(join(CORPORA, 'beefree-sdk-docs'), 'Render workers');
    expect((await space.view()).index.documents().length).toBeGreaterThan(RENDER_WORKERS_FROM);
    const onWorkers = tempDir('render-workers-a');
    const report = await space.build(onWorkers, { strictLinks: false });
    const here = tempDir('render-workers-b');
    const inline = await space.build(here, { strictLinks: false, renderWorkers: false });
    expect(report.rendered).toBe(report.pages);
    expect(report.renderedOnWorkers).toBeGreaterThan(report.pages / 2);
    expect(inline.renderedOnWorkers).toBe(0);
    const a = files(onWorkers);
    const b = files(here);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [path, text] of a) expect(text, path).toBe(b.get(path));
  }, 180_000);
});

describe('a render worker that falls behind', () => {
  it('shares the pages with the build thread, which gives the same site', async () => {
    const space = await syncedSpace(join(CORPORA, 'beefree-sdk-docs'), 'Render worker behind');
    const pool = renderPool(true)!;
    const render = pool.render.bind(pool);
    // The worker answers one page every 60 ms: the build thread, a few ms a page, finds it behind.
    let queue = Promise.resolve();
    const slow = vi.spyOn(pool, 'render').mockImplementation((...args) => {
      const answer = queue.then(() => delay(60)).then(() => render(...args));
      queue = answer.then(
        () => {},
        () => {},
      );
      return answer;
    });
    const shared = tempDir('render-behind-a');
    const report = await space.build(shared, { strictLinks: false }).finally(() => slow.mockRestore());
    const here = tempDir('render-behind-b');
    await space.build(here, { strictLinks: false, renderWorkers: false });
    expect(report.rendered).toBe(report.pages);
    expect(report.renderedOnWorkers).toBeGreaterThan(0);
    expect(report.renderedOnWorkers).toBeLessThan(report.rendered);
    const a = files(shared);
    const b = files(here);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [path, text] of a) expect(text, path).toBe(b.get(path));
  }, 180_000);
});

describe('a warm render pool', () => {
  it('is sent a revision content once, and renders it under any prefix as the build thread does', async () => {
    const space = await syncedSpace(join(CORPORA, 'beefree-sdk-docs'), 'Warm pool');
    await space.build(tempDir('warm-pool-cold'), { strictLinks: false });
    const pool = renderPool(false);
    expect(pool).toBeDefined();
    const one = await spaceSite(space.domain, space.caller, space.spaceId, { siteUrl: 'https://docs.example.com' });
    const site: SiteInput = { ...one, spaces: [one.spaces[0]!, { ...one.spaces[0]!, prefix: 'v2', title: 'Version 2' }] };
    const posted = vi.spyOn((pool as unknown as { client: WorkerClient }).client, 'post');
    const warm = tempDir('warm-pool-a');
    const report = await buildSite(site, siteSources(space.domain), { out: warm, strictLinks: false });
    const spaces = posted.mock.calls.map(([message]) => message as RenderSpaceMessage).filter((message) => message.type === 'space');
    posted.mockRestore();
    expect(report.renderedOnWorkers).toBeGreaterThan(report.pages / 2);
    expect(spaces.map((message) => [message.prefix, message.content === undefined])).toEqual([
      ['', true],
      ['v2', true],
    ]);
    const here = tempDir('warm-pool-b');
    await buildSite(site, siteSources(space.domain), { out: here, strictLinks: false, renderWorkers: false });
    const a = files(warm);
    const b = files(here);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [path, text] of a) expect(text, path).toBe(b.get(path));
    expect(a.get('v2/index.html')).toContain('href="/v2/');
  }, 180_000);
});

/** The index of `docs` from a fresh builder, inline. */
const fresh = (docs: readonly SearchDoc[]): SearchOutput => {
  const builder = new SearchIndexBuilder();
  builder.add(pagesOf(docs));
  return builder.finish();
};

/** The index files a folder holds, as a builder's output (every file to write). */
const inFolder = (out: string, dir: string, manifest: string): SearchOutput => {
  const folder = join(out, dir, SEARCH_DIR);
  const names = existsSync(folder) ? readdirSync(folder).sort((a, b) => a.localeCompare(b)) : [];
  return { manifest, write: names.map((name) => [name, readFileSync(join(folder, name), 'utf8')]), remove: null };
};
/** An output as a folder holds it: each file once (two files of equal contents are one), by name. */
const sorted = (output: SearchOutput): SearchOutput => ({ ...output, write: [...new Map(output.write)].sort(([a], [b]) => a.localeCompare(b)) });

describe('search indexes built on a worker', () => {
  it('write the same files as one inline index of all the documents', async () => {
    const docs: SearchDoc[] = Array.from({ length: 600 }, (_, i) => ({
      id: `p${i}#0`,
      title: `Page ${i % 50}`,
      heading: `Heading ${i}`,
      text: `Words ${i} about sync ${i % 7} and build ${i % 13}.`,
      url: `/p${i}/`,
    }));
    const out = tempDir('search-worker');
    const indexes = searchIndexes(WORKER_FROM_PAGES);
    try {
      for (let i = 0; i < docs.length; i += 7) {
        for (const page of pagesOf(docs.slice(i, i + 7))) indexes.add(0, page);
        for (const page of pagesOf(docs.slice(i, i + 3))) indexes.add(1, page);
      }
      const empty = { out, manifest: null, files: [] };
      const [first, second] = [await indexes.finish(0, { ...empty, dir: '' }), await indexes.finish(1, { ...empty, dir: 'fr/' })];
      expect(inFolder(out, '', first.manifest)).toEqual(sorted(fresh(docs)));
      const secondDocs = Array.from({ length: docs.length / 7 + 1 }, (_, n) => docs.slice(n * 7, n * 7 + 3)).flat();
      expect(inFolder(out, 'fr/', second.manifest)).toEqual(sorted(fresh(secondDocs)));
      expect([...new Set(first.files)].sort((a, b) => a.localeCompare(b))).toEqual(sorted(fresh(docs)).write.map(([name]) => name));
    } finally {
      await indexes.close();
    }
  });

  it('re-index only what changed when the same site is built again, and answer as a fresh index would', async () => {
    const docs: SearchDoc[] = Array.from({ length: 400 }, (_, i) => ({
      id: `p${i}#0`,
      title: `Page ${i}`,
      heading: 'Intro',
      text: `Common words and token${i}.`,
      url: `/p${i}/`,
    }));
    const next = docs.filter((d) => d.id !== 'p7#0').map((d) => (d.id === 'p3#0' ? { ...d, text: 'Rewritten with zebra.' } : d));
    next.push({ id: 'p400#0', title: 'Page 400', heading: 'Intro', text: 'A new giraffe page.', url: '/p400/' });
    const edited = next.map((d) => (d.id === 'p200#0' ? { ...d, text: `${d.text} Now with okapi.` } : d));
    // The output folder, where the worker writes the new files; the build writes the manifest and removes files.
    const out = tempDir('search-rebuild');
    let manifest: string | null = null;
    const build = async (batch: SearchDoc[]) => {
      const indexes = searchIndexes(WORKER_FROM_PAGES, out);
      try {
        const before = new Set(existsSync(join(out, SEARCH_DIR)) ? readdirSync(join(out, SEARCH_DIR)) : []);
        const folder = { out, dir: '', manifest, files: [...before] };
        const known = await indexes.prepare(0, folder);
        for (const page of pagesOf(batch)) indexes.add(0, known?.get(page.key) === page.sig ? { ...page, docs: null } : page);
        const written = await indexes.finish(0, folder);
        for (const name of written.remove) rmSync(join(out, SEARCH_DIR, name));
        manifest = written.manifest;
        await indexes.commit();
        return { written, added: readdirSync(join(out, SEARCH_DIR)).filter((name) => !before.has(name)) };
      } finally {
        await indexes.close();
      }
    };
    const onDisk = (): SearchOutput => inFolder(out, '', manifest!);
    await build(docs);
    expect(onDisk()).toEqual(sorted(fresh(docs)));
    for (const [version, batch] of [
      ['next', next],
      ['edited', edited],
    ] as const) {
      const { added } = await build(batch);
      const expected = sorted(fresh(batch));
      // The folder holds exactly the fresh index's files; a rebuild wrote only some of them.
      expect(onDisk(), version).toEqual(expected);
      expect(added.length, version).toBeLessThan(expected.write.length);
      for (const query of ['zebra', 'token3', 'token7', 'giraffe', 'common words', 'token123', 'okapi']) {
        const ids = async (engine: ReturnType<typeof memoryEngine>) => (await engine.details(await engine.search(query, 50))).map((r) => r.url).sort();
        expect(await ids(memoryEngine(onDisk())), query).toEqual(await ids(memoryEngine(expected)));
      }
    }
    const engine = memoryEngine(onDisk());
    expect((await engine.details(await engine.search('token7'))).map((r) => r.url)).not.toContain('/p7/');
    expect((await engine.details(await engine.search('zebra'))).map((r) => r.url)).toEqual(['/p3/']);
    expect(JSON.parse(onDisk().manifest).pages).toBe(next.length);
    // A one-page body edit writes that page's fragment and block, and the shards of the terms it changed.
    const last = await build(edited.map((d) => (d.id === 'p300#0' ? { ...d, text: `${d.text} More.` } : d)));
    expect(last.added.length).toBeGreaterThanOrEqual(2);
    expect(last.added.length).toBeLessThanOrEqual(6);
    expect(last.written.remove.length).toBeLessThanOrEqual(last.added.length);
  });
});
