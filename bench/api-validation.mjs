// Budget: validating requests against both API specs (0.143.2, then 0.202.0 when the first refuses) costs <= 5% of
// page GET throughput (issue 24). Runs the API of this checkout ("new") and of an earlier commit validating against
// one spec ("old", default 941f5fb) from their sources, in alternating order, several rounds, and measures
// `GET /v1/spaces/{id}/content/page/{pageId}` with autocannon: the same URL each time (answered from the response
// cache) and a new URL each time (`?bench=<n>`: validated and built every time).
//
// Usage: node bench/api-validation.mjs [--old <checkout>] [--rounds 4] [--seconds 8]
// `--old` is a checkout of the earlier commit sharing this one's node_modules:
//   git worktree add --detach ../wt-old 941f5fb && ln -s "$PWD/node_modules" ../wt-old/node_modules
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { emit, median, round, spawnUntil, stop } from './lib.mjs';

const { values: opt } = parseArgs({
  options: {
    old: { type: 'string', default: fileURLToPath(new URL('../../wt-sweep-old', import.meta.url)) },
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '8' },
  },
});
const CONNECTIONS = 20;
const WARMUP_S = 2;
const BUDGET = 0.05;
const root = fileURLToPath(new URL('..', import.meta.url));
const server = fileURLToPath(new URL('./api-validation-server.mjs', import.meta.url));
const log = (message) => process.stderr.write(`[api-validation] ${message}\n`);

async function start(checkout) {
  const { child, match } = await spawnUntil(['--import', 'tsx', server, checkout], { cwd: root, pattern: /^\{.*\}$/m, timeoutMs: 120_000 });
  return { child, ...JSON.parse(match[0]) };
}

async function measure(side, path, fresh) {
  const options = {
    url: `${side.url}${path}${fresh ? '?bench=[<id>]' : ''}`,
    headers: { authorization: `Bearer ${side.token}` },
    connections: CONNECTIONS,
    idReplacement: fresh,
  };
  await autocannon({ ...options, duration: WARMUP_S });
  const result = await autocannon({ ...options, duration: Number(opt.seconds) });
  if (result.non2xx || result.errors) throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const FIGURES = { page_get_cached: false, page_get_uncached: true };
const samples = { new: {}, old: {} };
const rounds = Number(opt.rounds);
for (let i = 0; i < rounds; i++) {
  for (const name of i % 2 ? ['old', 'new'] : ['new', 'old']) {
    const side = await start(name === 'new' ? root : opt.old);
    try {
      for (const [figure, fresh] of Object.entries(FIGURES)) (samples[name][figure] ??= []).push(await measure(side, side.page, fresh));
    } finally {
      await stop(side.child);
    }
  }
  log(`round ${i + 1}/${rounds} done`);
}
for (const figure of Object.keys(FIGURES)) {
  const [now, before] = [median(samples.new[figure]), median(samples.old[figure])];
  const paired = median(samples.new[figure].map((value, i) => value / samples.old[figure][i]));
  const cost = 1 - paired;
  emit({
    name: `${figure}_rps`,
    unit: 'req/s',
    median: round(now),
    old: round(before),
    runs: samples.new[figure].map((v) => round(v)),
    oldRuns: samples.old[figure].map((v) => round(v)),
    paired_ratio: round(paired, 3),
    cost: round(cost, 3),
    budget: BUDGET,
    ok: cost <= BUDGET,
  });
}
