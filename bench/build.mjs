// Static site build budgets (run `npm run build` first). In a fresh process over a generated 1,000-page corpus:
// cold sync + build, the peak RSS of that process, then one page edited: re-sync and incremental rebuild.
// Prints one JSON line per figure. Usage: node bench/build.mjs [pages]
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCorpus } from './gen-corpus.mjs';
import { emit, openDomain, removeDir, round } from './lib.mjs';

const PAGES = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 1000);
const dist = new URL('../dist/', import.meta.url);
const { syncDirectory } = await import(new URL('gitsync/import.js', dist).href);
const { buildSite } = await import(new URL('site/build.js', dist).href);
const { siteSources, spaceSite } = await import(new URL('site/space-site.js', dist).href);

const work = mkdtempSync(join(tmpdir(), 'quire-bench-build-'));
const corpus = join(work, 'corpus');
const out = join(work, 'site');
generateCorpus(corpus, PAGES, { plain: process.argv.includes('--plain') });

const { store, domain, boot, caller } = await openDomain(join(work, 'store'));
const organizationId = boot.organizations[0].id;

const sync = async () => {
  const started = performance.now();
  const [report] = await syncDirectory(domain, { dir: corpus, caller, organizationId, space: 'Bench' });
  return { ms: performance.now() - started, spaceId: report.space.id };
};
const build = async (spaceId) => {
  const started = performance.now();
  const report = await buildSite(await spaceSite(domain, caller, spaceId, { siteUrl: 'https://docs.example.com' }), siteSources(domain), {
    out,
    strictLinks: false,
  });
  return { ms: performance.now() - started, report };
};

const coldSync = await sync();
const coldBuild = await build(coldSync.spaceId);
const rssMb = process.resourceUsage().maxRSS / 1024;
emit({ figure: 'build_cold_sync_ms', pages: PAGES, value: round(coldSync.ms) });
emit({ figure: 'build_cold_build_ms', pages: coldBuild.report.pages, value: round(coldBuild.ms) });
emit({ figure: 'build_cold_total_ms', pages: PAGES, value: round(coldSync.ms + coldBuild.ms), budget: 5000 });
emit({ figure: 'build_cold_peak_rss_mb', pages: PAGES, value: round(rssMb), budget: 450 });

// One page edited: the sync re-parses one page, the build re-renders one page and rewrites the site-wide files.
appendFileSync(join(corpus, 'README.md'), '\nOne more sentence for the rebuild.\n');
const resync = await sync();
const rebuild = await build(resync.spaceId);
emit({ figure: 'build_one_page_sync_ms', value: round(resync.ms) });
emit({ figure: 'build_one_page_rebuild_ms', rendered: rebuild.report.rendered, value: round(rebuild.ms), budget: 500 });

await store.close();
removeDir(work);
