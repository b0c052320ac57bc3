// The build thread's share of a page at scale (issue 23: a cold build of 10,000 pages is bound by CPU on 2 cores, the
// build thread the busiest): each page's part of the sidebar, the escaping of what its template interpolates, and the
// search terms of its sections (the search worker's most of a page), over a generated space (bench/gen-corpus.mjs) synced once, this checkout
// against `--old <checkout>` (run `npm run build` in both), the sides taking turns for `--rounds` (default 5).
// Prints one JSON line per figure and side: the median milliseconds for every page of the space (`all`: each round).
// Usage: node bench/page-chrome.mjs [pages] [--old <checkout>] [--rounds N]   (default 10000 pages)
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateCorpus } from './gen-corpus.mjs';
import { emit, median, removeDir, round, siteBench } from './lib.mjs';

const { values: opt, positionals } = parseArgs({ options: { old: { type: 'string' }, rounds: { type: 'string', default: '5' } }, allowPositionals: true });
const pages = Number(positionals[0] ?? 10000);
const rounds = Number(opt.rounds);
const work = mkdtempSync(join(tmpdir(), 'quire-bench-chrome-'));
try {
  generateCorpus(join(work, 'corpus'), pages);
  const bench = await siteBench(undefined, join(work, 'store'));
  const space = (await bench.sync(join(work, 'corpus'))).space;
  const site = await bench.site(space.id, {});
  const { view } = site.spaces[0];
  const docs = view.index.documents();
  // The sections' text as the search indexes it: each page's paragraphs, whitespace as written.
  const texts = docs.flatMap((page) => {
    const file = page.git?.path ? join(work, 'corpus', page.git.path) : null;
    return file ? readFileSync(file, 'utf8').split(/\n(?=#)/) : [];
  });
  const sides = [['new', undefined], ...(opt.old ? [['old', opt.old]] : [])];
  const code = new Map();
  for (const [side, root] of sides) {
    const dist = pathToFileURL(join(root ?? new URL('..', import.meta.url).pathname, 'dist/'));
    const load = (path) => import(new URL(path, dist).href);
    code.set(side, {
      nav: await load('site/nav.js'),
      urls: await load('site/urls.js'),
      search: await load('site/search-index.js'),
      html: await load('site/html.js'),
    });
  }
  const figures = { sidebar: new Map(), terms: new Map(), escape: new Map() };
  const time = (figure, side, run) => {
    const started = performance.now();
    run();
    const list = figures[figure].get(side) ?? [];
    list.push(round(performance.now() - started, 1));
    figures[figure].set(side, list);
  };
  for (let r = 0; r < rounds; r++) {
    for (const [side] of r % 2 ? [...sides].reverse() : sides) {
      const { nav, urls, search, html } = code.get(side);
      const spaceUrls = new urls.SpaceUrls('/', '', view.content.pages);
      // A fresh sidebar each round, as a build in a new process makes one: its shared parts are made again.
      const sidebar = nav.spaceSidebar(nav.buildNav(view.index, spaceUrls), 'self', '/', 'bench');
      time('sidebar', side, () => docs.forEach((page) => sidebar.forPage(page.id)));
      time('terms', side, () => texts.forEach((text) => search.searchTerms(text)));
      time('escape', side, () => docs.forEach((page) => html.html`<a href="${spaceUrls.page(page)}" title="${page.description ?? ''}">${page.title}</a>`));
    }
  }
  for (const [figure, bySide] of Object.entries(figures))
    for (const [side, all] of bySide)
      emit({ figure: `page_chrome_${figure}_${pages}_ms`, side, value: median(all), all, calls: figure === 'terms' ? texts.length : docs.length });
  await bench.store.close();
} finally {
  removeDir(work);
}
