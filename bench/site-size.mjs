// Output size of a static site as it grows (the sidebar was inlined whole in every page; issue 23, item 1). In a fresh
// process over a generated corpus (bench/gen-corpus.mjs) of [pages] (default 1,000): cold sync + build, then the
// output's bytes, a page's bytes (mean of the pages, and one page every size has), the cold build's time and the
// peak RSS. Prints one JSON line per figure, named with the size. Run `npm run build` first.
// Usage: node bench/site-size.mjs [pages] [--root <checkout>] (another checkout's dist/: `bench/ab.mjs --shared`).
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateCorpus } from './gen-corpus.mjs';
import { emit, removeDir, round } from './lib.mjs';

const { values: opt, positionals } = parseArgs({ options: { root: { type: 'string' } }, allowPositionals: true });
const PAGES = Number(positionals[0] ?? 1000);
const dist = opt.root ? pathToFileURL(join(opt.root, 'dist/')) : new URL('../dist/', import.meta.url);
const load = (path) => import(new URL(path, dist).href);
const stores = await load('store/index.js');
const { Domain, Caller } = await load('domain/index.js');
const { bootstrap } = await load('domain/core/setup.js');
const { configSchema } = await load('config/index.js');
const { syncDirectory } = await load('gitsync/import.js');
const { buildSite } = await load('site/build.js');
const { siteSources, spaceSite } = await load('site/space-site.js');

const work = mkdtempSync(join(tmpdir(), 'quire-bench-size-'));
const corpus = join(work, 'corpus');
const out = join(work, 'site');
generateCorpus(corpus, PAGES);

const store = stores.openStore ? stores.openStore(join(work, 'store')) : stores.Store.open(join(work, 'store'));
const domain = new Domain(store);
const boot = await bootstrap(domain, configSchema.parse({}));
const caller = new Caller(store, boot.admin);

const syncStarted = performance.now();
const [synced] = await syncDirectory(domain, { dir: corpus, caller, organizationId: boot.organizations[0].id, space: 'Bench' });
const syncMs = performance.now() - syncStarted;
const buildStarted = performance.now();
const site = await spaceSite(domain, caller, synced.space.id, { siteUrl: 'https://docs.example.com' });
const report = await buildSite(site, siteSources(domain), { out, strictLinks: false });
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

await store.close();
removeDir(work);
