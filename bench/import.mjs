// Git import budgets (run `npm run build` first). Each cold import runs in a fresh process with a fresh store.
// Prints one JSON line per figure: public-docs cold import, re-sync unchanged, one page changed (public-docs),
// and a generated 1,000-page corpus cold import with its peak RSS.
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './gen-corpus.mjs';
import { emit, median, openSyncer, removeDir, round } from './lib.mjs';

const CORPORA = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function openSync() {
  const { sync, close } = await openSyncer();
  const timed = async (dir, space) => {
    const started = performance.now();
    const reports = await sync(dir, space ? { space } : {});
    return { ms: performance.now() - started, reports };
  };
  return { sync: timed, close };
}

const CHILDREN = {
  /** public-docs cold, then re-synced unchanged 5 times. */
  async public() {
    const { sync, close } = await openSync();
    const dir = join(CORPORA, 'public-docs');
    const cold = await sync(dir);
    const pages = cold.reports.reduce((n, r) => n + r.pagesAdded, 0);
    const resync = [];
    for (let i = 0; i < 5; i++) resync.push((await sync(dir)).ms);
    await close();
    return { cold: cold.ms, pages, resync };
  },
  /** A writable copy of public-docs, imported, then one page edited and synced 5 times. */
  async onePage() {
    const { sync, close } = await openSync();
    const dir = join(mkdtempSync(join(tmpdir(), 'quire-bench-tree-')), 'public-docs');
    cpSync(join(CORPORA, 'public-docs'), dir, { recursive: true });
    execFileSync('chmod', ['-R', 'u+w', dir]);
    await sync(dir);
    const page = join(dir, 'documentation/getting-started/quickstart.md');
    const times = [];
    for (let i = 0; i < 5; i++) {
      appendFileSync(page, `\nEdit number ${i}.\n`);
      const { ms, reports } = await sync(dir);
      if (reports[0].pagesChanged !== 1) throw new Error(`expected one changed page, got ${JSON.stringify(reports[0])}`);
      times.push(ms);
    }
    await close();
    removeDir(join(dir, '..'));
    return { times };
  },
  /** The generated corpus, cold. */
  async generated(dir) {
    const { sync, close } = await openSync();
    const { ms, reports } = await sync(dir, 'Generated');
    await close();
    return { cold: ms, pages: reports[0].pagesAdded, rssMb: process.resourceUsage().maxRSS / 1024 };
  },
};

function child(name, ...args) {
  const out = execFileSync(process.execPath, [SELF, '--child', name, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.toString());
}

if (process.argv[2] === '--child') {
  const result = await CHILDREN[process.argv[3]](...process.argv.slice(4));
  process.stdout.write(JSON.stringify(result));
} else {
  process.stderr.write(`import bench: public-docs cold x${RUNS}\n`);
  const publics = Array.from({ length: RUNS }, () => child('public'));
  const colds = publics.map((r) => r.cold);
  emit({
    name: 'import_public_docs_cold_ms',
    median: round(median(colds)),
    runs: colds.map((v) => round(v)),
    unit: 'ms',
    pages: publics[0].pages,
    budget: 3000,
  });
  const resyncs = publics.flatMap((r) => r.resync);
  emit({ name: 'import_resync_unchanged_ms', median: round(median(resyncs), 1), runs: resyncs.map((v) => round(v, 1)), unit: 'ms', budget: 200 });

  process.stderr.write('import bench: one page changed\n');
  const edits = child('onePage').times;
  emit({ name: 'import_one_page_changed_ms', median: round(median(edits), 1), runs: edits.map((v) => round(v, 1)), unit: 'ms', budget: 100 });

  process.stderr.write(`import bench: generated 1,000 pages cold x${RUNS}\n`);
  const corpus = mkdtempSync(join(tmpdir(), 'quire-bench-corpus-'));
  generateCorpus(corpus, 1000);
  const generated = Array.from({ length: RUNS }, () => child('generated', corpus));
  removeDir(corpus);
  emit({
    name: 'import_1000_pages_cold_ms',
    median: round(median(generated.map((g) => g.cold))),
    runs: generated.map((g) => round(g.cold)),
    unit: 'ms',
    pages: generated[0].pages,
    budget: 6000,
  });
  const rss = generated.map((g) => g.rssMb);
  emit({ name: 'import_1000_pages_peak_rss_mb', median: round(median(rss)), runs: rss.map((v) => round(v)), unit: 'MB', budget: 400 });
}
