// Budget (issue 23): a page GET with a different URL each time (no response cache can answer) serves >= 0.7 of the
// requests per second of a bare node:http server returning the same bytes. Also the same URL repeated (a response
// cache's best case: an older build's answers it), so what such a cache is worth is read in the same run; page reads
// now skip the response cache (the revision cache serves both kinds). `--root <checkout>` adds another build (its
// dist/) as `old`; rounds alternate the servers' order. autocannon runs in this process, on the same 2 cores, so each
// server's CPU time per request (from /proc) is reported too: on a busy machine it is the steadier figure.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { AUTH, emit, makeProject, median, removeDir, round, spawnUntil, stop, TOKEN, QUIRE_READY } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const WARMUP_S = 2;
const MEASURE_S = Number(process.env.BENCH_SECONDS ?? 8);
const BUDGET_RATIO = 0.7;
const here = fileURLToPath(new URL('.', import.meta.url));
const rootArg = process.argv.indexOf('--root');
const checkouts = { new: resolve(here, '..'), ...(rootArg > 0 ? { old: resolve(process.argv[rootArg + 1]) } : {}) };

const dir = makeProject();
const children = [];
try {
  execFileSync(process.execPath, [join(here, 'gen-corpus.mjs'), join(dir, 'docs'), '200'], { stdio: 'ignore' });
  const quire = {};
  for (const [name, root] of Object.entries(checkouts)) {
    const bin = join(root, 'bin/docs.js');
    const project = name === 'new' ? dir : makeProject();
    if (project !== dir) execFileSync('cp', ['-r', join(dir, 'docs'), project]);
    execFileSync(process.execPath, [bin, 'sync', 'docs', '--space', 'Bench'], { cwd: project, env: { ...process.env, DOCS_TOKEN: TOKEN }, stdio: 'ignore' });
    const { child, match } = await spawnUntil([bin, 'serve', '--port', '0'], { cwd: project, env: { DOCS_TOKEN: TOKEN }, pattern: QUIRE_READY });
    children.push(child);
    quire[name] = { url: match[1], pid: child.pid };
  }
  const api = async (path) => (await fetch(`${quire.new.url}${path}`, { headers: AUTH })).json();
  const org = (await api('/orgs')).items[0].id;
  const space = (await api(`/orgs/${org}/spaces`)).items[0].id;
  const pages = (await api(`/spaces/${space}/content/pages`)).pages;
  const page = leaf(pages).id;
  const pagePath = (base) => `${base}/spaces/${space}/content/page/${page}`;
  const body = Buffer.from(await (await fetch(pagePath(quire.new.url), { headers: AUTH })).arrayBuffer());
  const bodyFile = join(dir, 'page.json');
  writeFileSync(bodyFile, body);
  const bare = await spawnUntil([join(here, 'bare-server.mjs'), bodyFile], { pattern: /bare server at (\S+)/ });
  children.push(bare.child);

  // Ids differ between stores: the old build's page is looked up in its own.
  const targets = {
    bare: { path: `${bare.match[1]}/v1/page`, headers: {}, pid: bare.child.pid },
    new: { path: pagePath(quire.new.url), headers: AUTH, pid: quire.new.pid },
    ...(quire.old ? { old: { path: await pagePathIn(quire.old.url), headers: AUTH, pid: quire.old.pid } } : {}),
  };
  const kinds = ['distinct', 'same'];
  const results = {};
  for (let r = 0; r < ROUNDS; r++) {
    const names = Object.keys(targets);
    const order = r % 2 === 0 ? names : names.reverse();
    for (const kind of kinds)
      for (const name of order) {
        if (name === 'bare' && kind === 'same') continue;
        const { path, headers, pid } = targets[name];
        await measure(path, headers, kind, WARMUP_S);
        const cpuBefore = cpuMs(pid);
        const res = await measure(path, headers, kind, MEASURE_S);
        const cpuUs = ((cpuMs(pid) - cpuBefore) * 1000) / res.requests.total;
        const row = { rps: res.requests.average, cpuUs, p99: res.latency.p99, non2xx: res.non2xx, errors: res.errors };
        console.error(
          `round ${r + 1} ${name} ${kind}: ${round(row.rps)} req/s, ${round(cpuUs)} µs CPU/request, p99 ${row.p99} ms, non2xx ${row.non2xx}, errors ${row.errors}`,
        );
        (results[`${name}_${kind}`] ??= []).push(row);
      }
  }
  const rps = (key) => median(results[key].map((row) => row.rps));
  const cpu = (key) => median(results[key].map((row) => row.cpuUs));
  for (const [key, rows] of Object.entries(results)) {
    emit({
      name: `page_get_${key}_rps`,
      median: round(rps(key)),
      runs: rows.length,
      unit: 'req/s',
      p99_ms: median(rows.map((row) => row.p99)),
      cpu_us_per_request: round(cpu(key)),
      rounds: rows.map((row) => round(row.rps)),
      valid: rows.every((row) => row.non2xx === 0 && row.errors === 0),
      bytes: body.length,
    });
  }
  for (const name of Object.keys(quire))
    for (const kind of kinds) {
      const ratio = round(rps(`${name}_${kind}`) / rps('bare_distinct'), 3);
      // What a core could serve: bare's CPU time per request over this server's.
      const capacity = round(cpu('bare_distinct') / cpu(`${name}_${kind}`), 3);
      emit({
        name: `page_get_${name}_${kind}_ratio`,
        median: ratio,
        cpu_ratio: capacity,
        unit: 'ratio of bare node:http',
        budget: BUDGET_RATIO,
        within_budget: ratio >= BUDGET_RATIO,
      });
    }
} finally {
  for (const child of children) await stop(child);
  removeDir(dir);
}

/** The first document page without children: one page's body, not a subtree. */
function leaf(pages) {
  for (const page of pages) {
    if (page.type === 'document' && !page.pages?.length) return page;
    const found = leaf(page.pages ?? []);
    if (found) return found;
  }
}

/** The same page in another server's store. */
async function pagePathIn(base) {
  const get = async (path) => (await fetch(`${base}${path}`, { headers: AUTH })).json();
  const org = (await get('/orgs')).items[0].id;
  const space = (await get(`/orgs/${org}/spaces`)).items[0].id;
  return `${base}/spaces/${space}/content/page/${leaf((await get(`/spaces/${space}/content/pages`)).pages).id}`;
}

/** A process's CPU time (user + system) in ms, from /proc. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** autocannon on one URL, the same each time or with a query that differs on every request. */
function measure(url, headers, kind, duration) {
  let n = 0;
  const { pathname, origin } = new URL(url);
  return autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration,
    requests: [{ method: 'GET', headers, setupRequest: (request) => ({ ...request, path: kind === 'same' ? pathname : `${pathname}?r=${n++}` }) }],
  });
}
