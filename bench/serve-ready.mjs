// Budget: `docs serve` answers HTTP within 500 ms on an empty store, with the full GitBook route table loaded.
// Also: `docs start` on a busy port gives up before syncing anything (`start_busy_port_ms`, a project with 20 pages).
// `--root <checkout>` runs that checkout's `docs` (for `node bench/ab.mjs --shared --script serve-ready.mjs`).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AUTH, DOCS_BIN, emit, makeProject, median, QUIRE_READY, removeDir, round, sleep, spawnUntil, stop, TOKEN } from './lib.mjs';

const RUNS = 5;
const BUDGET_MS = 500;
const { values: opt } = parseArgs({ options: { root: { type: 'string' } } });
const bin = opt.root ? join(resolve(opt.root), 'bin', 'docs.js') : DOCS_BIN;

const specPath = createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json');
const spec = JSON.parse(readFileSync(specPath, 'utf8'));
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const routes = Object.values(spec.paths).reduce((n, item) => n + Object.keys(item).filter((m) => METHODS.has(m)).length, 0);

// Time from spawn until GET /v1/spaces/none gets any HTTP response (404 expected), polling every 5 ms.
async function measure(dir) {
  const { child, match, startedAt } = await spawnUntil([bin, 'serve', '--port', '0'], { cwd: dir, env: { DOCS_TOKEN: TOKEN }, pattern: QUIRE_READY });
  const url = match[1];
  try {
    for (;;) {
      try {
        const res = await fetch(`${url}/spaces/none`, { headers: AUTH });
        await res.arrayBuffer();
        return { ms: performance.now() - startedAt, selfMs: Number(match[2]), status: res.status };
      } catch {
        await sleep(5);
      }
    }
  } finally {
    await stop(child);
  }
}

// Time from spawn until `docs start` on a port another process holds exits, and its exit code (2 expected).
async function busyPort(dir) {
  const holder = createServer();
  await new Promise((done) => holder.listen(0, '127.0.0.1', done));
  const started = performance.now();
  const child = spawn(process.execPath, [bin, 'start', '--port', String(holder.address().port)], { cwd: dir, stdio: 'ignore' });
  const code = await new Promise((done) => child.on('exit', done));
  holder.close();
  return { ms: performance.now() - started, code };
}

function docsProject() {
  const dir = makeProject();
  mkdirSync(join(dir, 'docs'));
  const pages = Array.from({ length: 20 }, (_, i) => `page-${i}`);
  writeFileSync(join(dir, 'docs', 'SUMMARY.md'), `# Summary\n\n* [Home](README.md)\n${pages.map((p) => `* [${p}](${p}.md)\n`).join('')}`);
  writeFileSync(join(dir, 'docs', 'README.md'), '# Home\n\nWelcome.\n');
  for (const p of pages) writeFileSync(join(dir, 'docs', `${p}.md`), `# ${p}\n\n${'Some words about it. '.repeat(50)}\n`);
  return dir;
}

const dir = makeProject(); // fresh: the first run creates the database
const runs = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const run = await measure(dir);
    console.error(`serve-ready run ${i + 1}/${RUNS} (${i === 0 ? 'cold' : 'warm'}): ${round(run.ms)} ms, self-reported ${run.selfMs} ms, HTTP ${run.status}`);
    runs.push(run);
  }
} finally {
  removeDir(dir);
}
const withDocs = docsProject();
const busy = [];
try {
  for (let i = 0; i < 3; i++) busy.push(await busyPort(withDocs));
  console.error(`start on a busy port: ${busy.map((b) => `${round(b.ms)} ms (exit ${b.code})`).join(', ')}`);
} finally {
  removeDir(withDocs);
}

const warm = runs.slice(1);
const figure = (name, value, extra) => ({ name, median: value, ...extra, unit: 'ms', budget_ms: BUDGET_MS, within_budget: value <= BUDGET_MS, routes });
emit(figure('serve_ready_cold_ms', round(runs[0].ms), { runs: 1, status: runs[0].status }));
emit(figure('serve_ready_warm_ms', round(median(warm.map((r) => r.ms))), { runs: warm.length, values: warm.map((r) => round(r.ms)) }));
emit(figure('serve_ready_self_reported_ms', median(runs.map((r) => r.selfMs)), { runs: runs.length, cold: runs[0].selfMs, values: runs.map((r) => r.selfMs) }));
emit({
  name: 'start_busy_port_ms',
  median: round(median(busy.map((b) => b.ms))),
  runs: busy.length,
  values: busy.map((b) => round(b.ms)),
  exit_codes: busy.map((b) => b.code),
  unit: 'ms',
});
