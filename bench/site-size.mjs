// Output size of a static site as it grows (the sidebar was inlined whole in every page; issue 23, item 1). In a fresh
// process over a generated corpus (bench/gen-corpus.mjs) of [pages] (default 1,000): cold sync + build, then the
// output's bytes, a page's bytes (mean of the pages, and one page every size has), the cold build's time and the
// peak RSS. Prints one JSON line per figure, named with the size. Run `npm run build` first.
// Usage: node bench/site-size.mjs [pages] [--root <checkout>] (another checkout's dist/: `bench/ab.mjs --shared`).
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateCorpus } from './gen-corpus.mjs';
import { emit, removeDir, round, siteBench } from './lib.mjs';

const { values: opt, positionals } = parseArgs({ options: { root: { type: 'string' } }, allowPositionals: true });
const PAGES = Number(positionals[0] ?? 1000);
const work = mkdtempSync(join(tmpdir(), 'quire-bench-size-'));
const corpus = join(work, 'corpus');
const out = join(work, 'site');
generateCorpus(corpus, PAGES);

const bench = await siteBench(opt.root, join(work, 'store'));

const syncStarted = performance.now();
const synced = await bench.sync(corpus);
const syncMs = performance.now() - syncStarted;
const buildStarted = performance.now();
const site = await bench.site(synced.space.id, { siteUrl: 'https://docs.example.com' });
const report = await bench.build(site, { out, strictLinks: false });
const buildMs = performance.now() - buildStarted;
const rssMb = process.resourceUsage().maxRSS / 1024;

/** Bytes of every file under `dir`, and of the pages' HTML (`index.html`) among them. */
function sizes(dir, total = { bytes: 0, pages: 0, pageBytes: 0 }) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sizes(path, total);
    else {
      const { size } = statSync(path);
      total.bytes += size;
      if (entry.name === 'index.html') {
        total.pages++;
        total.pageBytes += size;
      }
    }
  }
  return total;
}
const total = sizes(out);
const n = PAGES.toLocaleString('en').replace(/,/g, '_');
emit({ figure: `site_${n}_output_mb`, pages: report.pages, value: round(total.bytes / 1e6, 1), budget: PAGES === 10000 ? 1500 : undefined });
emit({ figure: `site_${n}_page_mean_kb`, pages: total.pages, value: round(total.pageBytes / total.pages / 1e3, 1) });
emit({ figure: `site_${n}_page_kb`, page: '/group-2/page-60/', value: round(statSync(join(out, 'group-2/page-60/index.html')).size / 1e3, 1) });
emit({ figure: `site_${n}_cold_sync_ms`, value: round(syncMs) });
emit({ figure: `site_${n}_cold_build_ms`, value: round(buildMs) });
emit({ figure: `site_${n}_peak_rss_mb`, value: round(rssMb), budget: PAGES === 10000 ? 600 : undefined });

await bench.store.close();
removeDir(work);
