// Budget: `docs serve` answers HTTP within 1 s, with the full GitBook route table loaded.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AUTH, emit, makeProject, median, removeDir, round, sleep, startQuire, stop } from './lib.mjs';

const RUNS = 5;
const BUDGET_MS = 1000;

const specPath = createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json');
const spec = JSON.parse(readFileSync(specPath, 'utf8'));
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const routes = Object.values(spec.paths).reduce((n, item) => n + Object.keys(item).filter((m) => METHODS.has(m)).length, 0);

// Time from spawn until GET /v1/spaces/none gets any HTTP response (404 expected), polling every 5 ms.
async function measure(dir) {
  const { child, url, selfMs, startedAt } = await startQuire(dir);
  try {
    for (;;) {
      try {
        const res = await fetch(`${url}/spaces/none`, { headers: AUTH });
        await res.arrayBuffer();
        return { ms: performance.now() - startedAt, selfMs, status: res.status };
      } catch {
        await sleep(5);
      }
    }
  } finally {
    await stop(child);
  }
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

const warm = runs.slice(1);
const figure = (name, value, extra) => ({ name, median: value, ...extra, unit: 'ms', budget_ms: BUDGET_MS, within_budget: value <= BUDGET_MS, routes });
emit(figure('serve_ready_cold_ms', round(runs[0].ms), { runs: 1, status: runs[0].status }));
emit(figure('serve_ready_warm_ms', round(median(warm.map((r) => r.ms))), { runs: warm.length, values: warm.map((r) => round(r.ms)) }));
emit(figure('serve_ready_self_reported_ms', median(runs.map((r) => r.selfMs)), { runs: runs.length, cold: runs[0].selfMs, values: runs.map((r) => r.selfMs) }));
