// PostgreSQL against SQLite, same run (run `npm run build` first; starts a private PostgreSQL cluster, installing
// Debian's postgresql if missing). Budgets: a cold import of the generated 1,000-page corpus on PostgreSQL <= 2x the
// SQLite time; GET page p99 <= 20 ms at 50 concurrent clients. One JSON line per figure, both backends side by side.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createDatabase, startPostgres } from '../scripts/postgres-cluster.mjs';
import { generateCorpus } from './gen-corpus.mjs';
import { emit, fromDist, median, removeDir, round } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = 50;
const MEASURE_S = 8;
const root = fileURLToPath(new URL('..', import.meta.url));

const { openStore } = await fromDist('store/index.js');
const { PostgresStore } = await fromDist('store/postgres/store.js');
const { SecretBox } = await fromDist('store/secrets.js');
const { Domain, Caller } = await fromDist('domain/index.js');
const { bootstrap } = await fromDist('domain/core/setup.js');
const { configSchema } = await fromDist('config/index.js');
const { syncDirectory } = await fromDist('gitsync/import.js');
const { buildServer } = await fromDist('server/app.js');

if (spawnSync('bash', ['scripts/ensure-postgresql.sh'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('no PostgreSQL');
const cluster = await startPostgres();
const corpus = mkdtempSync(join(tmpdir(), 'quire-bench-pg-corpus-'));
generateCorpus(corpus, 1000);
let databases = 0;

const backends = {
  sqlite: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-bench-pg-sqlite-'));
    return { store: openStore(dir), cleanup: () => removeDir(dir) };
  },
  postgres: async () => {
    const url = await createDatabase(cluster.url, `bench_${process.pid}_${++databases}`);
    return { store: await PostgresStore.open(url, new SecretBox(null), { max: 16 }), cleanup: () => {} };
  },
};

/** A fresh store of `backend` with the corpus imported (timed), served over HTTP in this process. */
async function importAndServe(backend) {
  const { store, cleanup } = await backends[backend]();
  const domain = new Domain(store);
  const boot = await bootstrap(domain, configSchema.parse({ organizations: [{ title: 'Bench' }] }));
  const caller = new Caller(store, boot.admin);
  const started = performance.now();
  const [report] = await syncDirectory(domain, { dir: corpus, caller, organizationId: boot.organizations[0].id });
  const importMs = performance.now() - started;
  const app = buildServer({ domain, publicUrl: () => url });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${app.server.address().port}`;
  const space = await store.content.space(report.space.id);
  const pages = (await store.revisions.content(space.revisionId)).pages.filter((p) => p.kind === 'document');
  if (pages.length === 0) throw new Error(`${backend}: no pages imported`);
  process.stderr.write(`${backend}: imported ${pages.length} pages in ${Math.round(importMs)} ms\n`);
  return {
    importMs,
    url,
    token: boot.newAdminToken,
    paths: pages.map((p) => `/v1/spaces/${space.id}/content/page/${p.id}`),
    close: async () => (await app.close(), await store.close(), cleanup()),
  };
}

/** GET page at 50 connections, each cycling through every page (a different URL per request). */
async function latency(served) {
  const requests = served.paths.map((path) => ({ method: 'GET', path }));
  const options = { url: served.url, connections: CONNECTIONS, headers: { authorization: `Bearer ${served.token}` }, requests };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: MEASURE_S });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`GET page: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

const figures = { sqlite: { importMs: [], p50: [], p99: [], rps: [] }, postgres: { importMs: [], p50: [], p99: [], rps: [] } };
try {
  for (let round_ = 0; round_ < ROUNDS; round_++) {
    // Alternating which goes first: neither always runs on the warmer machine.
    for (const backend of round_ % 2 ? ['postgres', 'sqlite'] : ['sqlite', 'postgres']) {
      const served = await importAndServe(backend);
      try {
        const measured = await latency(served);
        const f = figures[backend];
        f.importMs.push(served.importMs);
        f.p50.push(measured.p50);
        f.p99.push(measured.p99);
        f.rps.push(measured.rps);
      } finally {
        await served.close();
      }
    }
  }
  const m = (backend, key) => median(figures[backend][key]);
  emit({
    figure: 'import_1000_pages_cold_ms',
    sqlite: round(m('sqlite', 'importMs')),
    postgres: round(m('postgres', 'importMs')),
    ratio: round(m('postgres', 'importMs') / m('sqlite', 'importMs'), 2),
    budget_ratio: 2,
  });
  emit({ figure: 'get_page_p99_ms_50_clients', sqlite: m('sqlite', 'p99'), postgres: m('postgres', 'p99'), budget_ms: 20 });
  emit({ figure: 'get_page_p50_ms_50_clients', sqlite: m('sqlite', 'p50'), postgres: m('postgres', 'p50') });
  emit({ figure: 'get_page_rps_50_clients', sqlite: round(m('sqlite', 'rps')), postgres: round(m('postgres', 'rps')) });
} finally {
  cluster.stop();
  removeDir(corpus);
}
