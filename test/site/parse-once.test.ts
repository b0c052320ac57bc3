// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { takeBody } from '../../src/content/page-parse.js';
import { type SearchDoc, searchIn, searchIndexJson } from '../../src/site/search-index.js';
import { searchIndexes, WORKER_FROM_PAGES } from '../../src/site/search-pool.js';
import { RENDER_WORKERS_FROM } from '../../src/site/render-pool.js';
import { CORPORA, syncedSpace, tempDir } from './helpers.js';

const files = (dir: string): Map<string, string> => {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.set(relative(dir, path), readFileSync(path, 'latin1'));
    }
  };
  walk(dir);
  return out;
};

describe('parse once for sync and build', () => {
  it('renders from the bodies the sync parsed, to the same site as parsing again', async () => {
    const space = await syncedSpace(join(CORPORA, 'beefree-sdk-docs'), 'Parse once');
    const pages = (await space.view()).index.documents();
    expect(JSON.parse(takeBody(pages[1]!.blob)?.json ?? 'null')?.type).toBe('root'); // kept by the sync (this one page the build parses again)
    const fromSync = tempDir('parse-once-a');
    await space.build(fromSync, { strictLinks: false });
    expect(pages.every((page) => takeBody(page.blob) === undefined)).toBe(true); // the build took them all

    const reparsed = tempDir('parse-once-b');
    await space.build(reparsed, { strictLinks: false });
    const a = files(fromSync);
    const b = files(reparsed);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [path, text] of a) expect(text, path).toBe(b.get(path));
  }, 180_000);
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
    await space.build(reparsed, { strictLinks: false, renderWorkers: false });
    const a = files(fromSync);
    const b = files(reparsed);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [path, text] of a) expect(text, path).toBe(b.get(path));
    expect(a.get('page-2/index.html')).toContain('Shared text.');
    expect(searchIn(a.get('search-index.json')!, 'Shared heading').map((hit) => hit.url)).toContain('/page-2/#shared-heading');
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

describe('search indexes built on a worker', () => {
  it('give the same JSON as one inline index of all the documents', async () => {
    const docs: SearchDoc[] = Array.from({ length: 600 }, (_, i) => ({
      id: `p${i}`,
      title: `Page ${i % 50}`,
      heading: `Heading ${i}`,
      text: `Words ${i} about sync ${i % 7} and build ${i % 13}.`,
      url: `/p${i}/`,
      excerpt: `Words ${i}`,
    }));
    const indexes = searchIndexes(WORKER_FROM_PAGES);
    try {
      for (let i = 0; i < docs.length; i += 7) {
        indexes.add(0, docs.slice(i, i + 7));
        indexes.add(1, docs.slice(i, i + 3));
      }
      expect(await indexes.finish(0)).toBe(searchIndexJson(docs));
      expect(await indexes.finish(1)).toBe(searchIndexJson(Array.from({ length: docs.length / 7 + 1 }, (_, n) => docs.slice(n * 7, n * 7 + 3)).flat()));
    } finally {
      await indexes.close();
    }
  });

  it('re-index only what changed when the same site is built again, and answer as a fresh index would', async () => {
    const docs: SearchDoc[] = Array.from({ length: 400 }, (_, i) => ({
      id: `p${i}`,
      title: `Page ${i}`,
      heading: 'Intro',
      text: `Common words and token${i}.`,
      url: `/p${i}/`,
      excerpt: 'x',
    }));
    const next = docs.filter((d) => d.id !== 'p7').map((d) => (d.id === 'p3' ? { ...d, text: 'Rewritten with zebra.' } : d));
    next.push({ id: 'p400', title: 'Page 400', heading: 'Intro', text: 'A new giraffe page.', url: '/p400/', excerpt: 'x' });
    const build = async (batch: SearchDoc[]) => {
      const indexes = searchIndexes(WORKER_FROM_PAGES, '/tmp/site-scope');
      try {
        for (let i = 0; i < batch.length; i += 50) indexes.add(0, batch.slice(i, i + 50));
        return await indexes.finish(0);
      } finally {
        await indexes.close();
      }
    };
    expect(await build(docs)).toBe(searchIndexJson(docs));
    const updated = await build(next);
    const fresh = searchIndexJson(next);
    for (const query of ['zebra', 'token3', 'token7', 'giraffe', 'common words', 'token123']) {
      expect(
        searchIn(updated, query)
          .map((r) => r.id)
          .sort(),
        query,
      ).toEqual(
        searchIn(fresh, query)
          .map((r) => r.id)
          .sort(),
      );
    }
    expect(searchIn(updated, 'token7').map((r) => r.id)).not.toContain('p7');
    expect(searchIn(updated, 'zebra').map((r) => r.id)).toEqual(['p3']);
    expect(JSON.parse(updated).index.documentCount).toBe(next.length);
  });
});
