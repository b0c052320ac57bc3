// Site build at a size, old code against new in one run (issue 23, item 2; budgets at 10,000 pages: cold sync +
// build <= 20 s, peak <= 600 MB, one-page rebuild <= 300 ms). Per size and side, each step in a fresh process over its
// own generated corpus (bench/gen-corpus.mjs): cold sync + build (their times, the process's peak RSS, the output's
// bytes), then one page's body edited (`group-2/page-60.md`), a re-sync, and the rebuild the way `docs build` runs it
// (a fresh process: the space read from the store, then the build), its time and peak RSS. Prints one JSON line per
// figure and side, named `rebuild_<pages>_...`, with `side` `old` or `new`. With `--rounds N`, the one-page edit is
// made N times, the sides taking turns, and each one-page figure is the median (`all` lists the rounds). Run
// `npm run build` in both checkouts.
// Usage: node bench/rebuild.mjs [pages...] [--old <checkout>] [--rounds N]   (default 1000 10000; without --old, new only)
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateCorpus } from './gen-corpus.mjs';
import { emit, median, removeDir, round, siteBench } from './lib.mjs';

const { values: opt, positionals } = parseArgs({
  options: {
    old: { type: 'string' },
    rounds: { type: 'string' },
    phase: { type: 'string' },
    root: { type: 'string' },
    work: { type: 'string' },
  },
  allowPositionals: true,
});
const EDITED = 'group-2/page-60.md';

if (opt.phase) await phase(opt.phase, opt.root, opt.work);
else await orchestrate();

async function orchestrate() {
  const sizes = positionals.length ? positionals.map(Number) : [1000, 10000];
  const rounds = Number(opt.rounds ?? 1);
  if (!Number.isInteger(rounds) || rounds < 1) {
    console.error(`bench/rebuild.mjs: --rounds must be a whole number of at least 1, not ${JSON.stringify(opt.rounds)}`);
    process.exit(2);
  }
  const self = fileURLToPath(import.meta.url);
  const sides = [['new', fileURLToPath(new URL('..', import.meta.url))], ...(opt.old ? [['old', opt.old]] : [])];
  for (const [sizeAt, pages] of sizes.entries()) {
    const n = pages.toLocaleString('en').replace(/,/g, '_');
    const big = pages === 10000;
    const runs = new Map();
    for (const [side, root] of sizeAt % 2 ? [...sides].reverse() : sides) {
      const work = mkdtempSync(join(tmpdir(), 'quire-bench-rebuild-'));
      generateCorpus(join(work, 'corpus'), pages);
      const run = (step) => {
        const child = spawnSync(process.execPath, [self, '--phase', step, '--root', root, '--work', work], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        if (child.status !== 0) throw new Error(`${side} ${step} at ${pages} pages exited ${child.status}`);
        return JSON.parse(child.stdout.trim().split('\n').at(-1));
      };
      runs.set(side, { work, run, syncs: [], builds: [] });
      const cold = run('cold');
      emit({ figure: `rebuild_${n}_cold_sync_ms`, side, value: cold.syncMs });
      emit({ figure: `rebuild_${n}_cold_build_ms`, side, value: cold.buildMs, pages: cold.pages });
      emit({ figure: `rebuild_${n}_cold_total_ms`, side, value: cold.syncMs + cold.buildMs, budget: big ? 20000 : undefined });
      emit({ figure: `rebuild_${n}_cold_peak_rss_mb`, side, value: cold.rssMb, budget: big ? 600 : undefined });
      emit({ figure: `rebuild_${n}_output_mb`, side, value: cold.outputMb, budget: big ? 1500 : undefined });
    }
    // One-page edits, the sides taking turns (and the first turn alternating): a busy machine slows both alike.
    for (let r = 0; r < rounds; r++) {
      for (const [side] of r % 2 ? [...sides].reverse() : sides) {
        const { work, run, syncs, builds } = runs.get(side);
        appendFileSync(join(work, 'corpus', EDITED), `\nOne more sentence for rebuild ${r + 1}.\n`);
        syncs.push(run('sync'));
        builds.push(run('build'));
      }
    }
    for (const [side, { work, syncs, builds }] of runs) {
      const of = (list, key) => ({ value: median(list.map((x) => x[key])), ...(rounds > 1 ? { rounds, all: list.map((x) => x[key]) } : {}) });
      emit({ figure: `rebuild_${n}_one_page_sync_ms`, side, ...of(syncs, 'syncMs') });
      emit({ figure: `rebuild_${n}_one_page_load_ms`, side, ...of(builds, 'loadMs') });
      emit({ figure: `rebuild_${n}_one_page_rebuild_ms`, side, ...of(builds, 'buildMs'), rendered: builds[0].rendered, budget: big ? 300 : undefined });
      // CPU time of every thread of the process: steadier than the wall time on a busy machine.
      emit({ figure: `rebuild_${n}_one_page_rebuild_cpu_ms`, side, ...of(builds, 'buildCpuMs') });
      emit({ figure: `rebuild_${n}_one_page_peak_rss_mb`, side, ...of(builds, 'rssMb') });
      removeDir(work);
    }
  }
}

/** One step in this fresh process, over `root`'s dist/: its figures as the last line of stdout. */
async function phase(step, root, work) {
  const bench = await siteBench(root, join(work, 'store'));
  const out = join(work, 'site');
  const figures = {};
  let spaceId;
  if (step !== 'build') {
    const started = performance.now();
    spaceId = (await bench.sync(join(work, 'corpus'))).space.id;
    figures.syncMs = round(performance.now() - started);
  } else {
    spaceId = (await bench.findSpace()).id;
  }
  if (step !== 'sync') {
    const loadStarted = performance.now();
    const site = await bench.site(spaceId, { siteUrl: 'https://docs.example.com' });
    const started = performance.now();
    const cpu = process.cpuUsage();
    const report = await bench.build(site, { out, strictLinks: false });
    const used = process.cpuUsage(cpu);
    figures.loadMs = round(started - loadStarted);
    figures.buildMs = round(performance.now() - (step === 'cold' ? loadStarted : started));
    figures.buildCpuMs = round((used.user + used.system) / 1000);
    figures.pages = report.pages;
    figures.rendered = report.rendered;
    figures.renderedOnWorkers = report.renderedOnWorkers;
    if (step === 'cold') figures.outputMb = round(bytesUnder(out) / 1e6, 1);
  }
  figures.rssMb = round(process.resourceUsage().maxRSS / 1024);
  await bench.store.close();
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

function bytesUnder(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesUnder(path) : statSync(path).size;
  }
  return total;
}
