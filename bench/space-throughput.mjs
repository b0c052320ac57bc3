// Budget: GET /v1/spaces/{id} throughput >= 60% of a bare node:http server returning the same JSON, at 50 connections.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { AUTH, emit, makeProject, median, removeDir, round, spawnUntil, startQuire, stop } from './lib.mjs';

const ROUNDS = 3;
const CONNECTIONS = 50;
const WARMUP_S = 2;
const MEASURE_S = 10;
const BUDGET_RATIO = 0.6;

async function api(url, init = {}) {
  const res = await fetch(url, { ...init, headers: { ...AUTH, ...init.headers } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: HTTP ${res.status} ${await res.text()}`);
  return res;
}

const run = (url, headers, duration) => autocannon({ url, headers, connections: CONNECTIONS, duration });

const dir = makeProject();
const children = [];
try {
  const quire = await startQuire(dir);
  children.push(quire.child);
  const orgs = await (await api(`${quire.url}/orgs`)).json();
  const org = orgs.items[0].id;
  const space = await (
    await api(`${quire.url}/orgs/${org}/spaces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Bench' }),
    })
  ).json();
  const spaceUrl = `${quire.url}/spaces/${space.id}`;
  const body = Buffer.from(await (await api(spaceUrl)).arrayBuffer());
  const bodyFile = join(dir, 'space.json');
  writeFileSync(bodyFile, body);

  const bare = await spawnUntil([fileURLToPath(new URL('bare-server.mjs', import.meta.url)), bodyFile], {
    pattern: /bare server at (\S+)/,
  });
  children.push(bare.child);

  const targets = {
    quire: { url: spaceUrl, headers: AUTH },
    bare: { url: `${bare.match[1]}/v1/spaces/${space.id}`, headers: {} },
  };
  const results = { quire: [], bare: [] };
  // Alternate order across rounds: quire, bare | bare, quire | quire, bare ...
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? ['quire', 'bare'] : ['bare', 'quire'];
    for (const name of order) {
      const { url, headers } = targets[name];
      await run(url, headers, WARMUP_S);
      const res = await run(url, headers, MEASURE_S);
      const row = { rps: res.requests.average, p99: res.latency.p99, non2xx: res.non2xx, errors: res.errors, timeouts: res.timeouts };
      console.error(`round ${r + 1} ${name}: ${round(row.rps)} req/s, p99 ${row.p99} ms, non2xx ${row.non2xx}, errors ${row.errors}, timeouts ${row.timeouts}`);
      results[name].push(row);
    }
  }

  const sum = (rows, key) => rows.reduce((n, row) => n + row[key], 0);
  const figure = (name, rows) => ({
    name,
    median: round(median(rows.map((row) => row.rps))),
    runs: rows.length,
    unit: 'req/s',
    p99_ms: median(rows.map((row) => row.p99)),
    rounds: rows.map((row) => round(row.rps)),
    non2xx: sum(rows, 'non2xx'),
    errors: sum(rows, 'errors'),
    timeouts: sum(rows, 'timeouts'),
    connections: CONNECTIONS,
    bytes: body.length,
  });
  const q = figure('space_get_quire_rps', results.quire);
  const b = figure('space_get_bare_rps', results.bare);
  // valid: the run itself is trustworthy (every quire response 2xx, no socket errors on either side).
  const valid = q.non2xx === 0 && q.errors === 0 && b.errors === 0;
  const ratio = round(q.median / b.median, 3);
  emit({ ...q, valid: q.non2xx === 0 && q.errors === 0 });
  emit({ ...b, valid: b.errors === 0 });
  emit({
    name: 'space_get_ratio',
    median: ratio,
    runs: ROUNDS,
    unit: 'ratio',
    budget: BUDGET_RATIO,
    rounds: results.quire.map((row, i) => round(row.rps / results.bare[i].rps, 3)),
    within_budget: ratio >= BUDGET_RATIO,
    valid,
  });
  if (!valid) process.exitCode = 1;
} finally {
  for (const child of children) await stop(child);
  removeDir(dir);
}
