// Two-way sync budget: a no-op `docs sync` (neither the repository nor the space moved) on a 1,000-page space.
// Run `npm run build` first (or BENCH_SRC=1 node --import tsx bench/two-way.mjs to run the sources).
// Prints one JSON line: two_way_noop_1000_pages_ms (median of BENCH_RUNS x 5 syncs, each in a warm process).
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCorpus } from './gen-corpus.mjs';
import { emit, median, removeDir, round, openStoreOf } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ROOT = new URL(process.env.BENCH_SRC ? '../src/' : '../dist/', import.meta.url);
const load = (path) => import(new URL(path, ROOT).href);

const stores = await load('store/index.js');
const { Domain, Caller } = await load('domain/index.js');
const { bootstrap } = await load('domain/core/setup.js').catch((error) =>
  error?.code === 'ERR_MODULE_NOT_FOUND' ? load('domain/setup.js') : Promise.reject(error),
);
const { configSchema } = await load('config/index.js');
const { twoWaySync } = await load('gitsync/two-way/sync.js');

const repo = mkdtempSync(join(tmpdir(), 'quire-bench-two-way-'));
generateCorpus(repo, 1000);
const git = (...args) =>
  execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, stdio: 'ignore' });
git('init', '-q', '-b', 'main');
git('add', '-A');
git('commit', '-q', '-m', 'corpus');

const times = [];
for (let run = 0; run < RUNS; run++) {
  const storeDir = mkdtempSync(join(tmpdir(), 'quire-bench-store-'));
  const store = openStoreOf(stores, storeDir);
  const domain = new Domain(store);
  const boot = await bootstrap(domain, configSchema.parse({}));
  const options = { dir: repo, space: 'Generated', caller: new Caller(store, boot.admin), organizationId: boot.organizations[0].id };
  const [first] = await twoWaySync(domain, options);
  if (first.pagesAdded < 1000) throw new Error(`expected 1,000 pages, got ${first.pagesAdded}`);
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const [report] = await twoWaySync(domain, options);
    times.push(performance.now() - started);
    if (report.action !== 'nothing' || report.commit !== null) throw new Error(`expected a no-op, got ${JSON.stringify(report)}`);
  }
  await store.close();
  removeDir(storeDir);
}
removeDir(repo);
emit({ name: 'two_way_noop_1000_pages_ms', median: round(median(times), 1), runs: times.map((v) => round(v, 1)), unit: 'ms', budget: 200 });
