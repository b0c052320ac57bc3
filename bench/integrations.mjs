// Integrations (issue 8): no budget in the issue, figures reported. Over HTTP against an in-process server on a file
// store: listIntegrations with 1,000 published integrations (no filter, and each filter); GET /v1/spaces/{id} with an
// installation token next to a user token (the cost of authenticating as an installation); and install -> the
// installation_setup event received by a development tunnel on loopback (record, job, guarded POST).
// Runs from dist/ (build first); QUIRE_SRC=1 with `node --import tsx` runs it from src/.
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emit, median, removeDir, round, serveDomain } from './lib.mjs';

const INTEGRATIONS = 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 50);

const dir = mkdtempSync(join(tmpdir(), 'quire-bench-integrations-'));
const { store, domain, boot, org, owner, app, url } = await serveDomain(join(dir, '.docs'), 'Bench');
const userHeaders = { authorization: `Bearer ${boot.newAdminToken}` };

const CATEGORIES = ['analytics', 'collaboration', 'content', 'gitsync', 'marketing', 'visitor-auth', 'other'];
const SCOPES = ['space:content:read', 'space:content:write', 'site:script:inject', 'site:metadata:read', 'openapi:read'];
const TARGETS = ['all', 'space', 'site', 'organization'];

async function timed(path, headers, runs = RUNS) {
  const times = [];
  for (let i = 0; i < runs + 10; i++) {
    const started = performance.now();
    const res = await fetch(`${url}${path}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
    if (i >= 10) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: round(median(times), 2), p99_ms: round(times[Math.floor(times.length * 0.99)] ?? times.at(-1), 2), runs };
}

const tunnel = { hits: 0, waiting: undefined };
const tunnelServer = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200).end('ok');
    tunnel.hits++;
    tunnel.waiting?.();
  });
});

try {
  const started = performance.now();
  for (let i = 0; i < INTEGRATIONS; i++) {
    await domain.integrations.catalog.publish(owner, `bench-${i}`, {
      organization: org,
      title: `Bench ${i}`,
      description: `Integration number ${i}`,
      script: 'export default {}',
      scopes: [SCOPES[i % SCOPES.length]],
      categories: [CATEGORIES[i % CATEGORIES.length]],
      target: TARGETS[i % TARGETS.length],
      visibility: 'public',
      ...(i % 3 === 0 ? { blocks: [{ id: 'b', title: 'Block', urlUnfurl: [`https://site${i % 50}.example.com/**`] }] } : {}),
    });
  }
  console.error(`published ${INTEGRATIONS} integrations in ${round(performance.now() - started)} ms`);

  const queries = {
    none: '',
    search: 'search=number%2042',
    category: 'category=content',
    scope: 'scope=site:script:inject',
    target: 'target=space',
    block_domain: 'blockDomain=site7.example.com',
    blocks: 'blocks=true',
  };
  for (const [label, query] of Object.entries(queries)) {
    // A repeated GET may be answered by the response cache, so the domain call alone is timed too: `domain_median` as
    // is (the repository keeps the parsed list until the next write), `after_write_median` right after a write.
    const filters = Object.fromEntries(new URLSearchParams(query));
    if (filters.blocks) filters.blocks = filters.blocks === 'true';
    const warm = [];
    const cold = [];
    for (let i = 0; i < 50; i++) {
      let t0 = performance.now();
      await domain.integrations.catalog.list(owner, { limit: 50, ...filters });
      warm.push(performance.now() - t0);
      await domain.integrations.catalog.disableDevelopmentMode(owner, `bench-${INTEGRATIONS - 1}`);
      t0 = performance.now();
      await domain.integrations.catalog.list(owner, { limit: 50, ...filters });
      cold.push(performance.now() - t0);
    }
    const http = await timed(`/v1/integrations?limit=50&${query}`, userHeaders);
    emit({
      name: `integrations_list_${label}_p50_ms`,
      unit: 'ms',
      integrations: INTEGRATIONS,
      limit: 50,
      ...http,
      domain_median: round(median(warm), 2),
      after_write_median: round(median(cold), 2),
    });
  }

  // A space readable through an installation token, and the same GET with the owner's token.
  const space = (await domain.spaces.create(owner, org, { title: 'Tokens' })).space;
  const installation = (await domain.integrations.installations.install(owner, 'bench-0', org)).installation;
  await domain.integrations.content.install(owner, 'space', 'bench-0', installation.id, space.id);
  const { token } = await domain.integrations.tokens.create(owner, 'bench-0', installation.id);
  const user = await timed(`/v1/spaces/${space.id}`, userHeaders);
  const bot = await timed(`/v1/spaces/${space.id}`, { authorization: `Bearer ${token}` });
  emit({ name: 'space_get_user_token_p50_ms', unit: 'ms', ...user });
  emit({ name: 'space_get_installation_token_p50_ms', unit: 'ms', ...bot, ratio_to_user: round(bot.median / user.median, 2) });

  // Install -> the tunnel has the event (the request, the transaction, the job, the POST).
  await new Promise((resolve) => tunnelServer.listen(0, '127.0.0.1', resolve));
  await domain.integrations.catalog.setDevelopmentMode(owner, 'bench-1', { tunnelUrl: `http://127.0.0.1:${tunnelServer.address().port}/events` });
  const latencies = [];
  for (let i = 0; i < DELIVERIES; i++) {
    const received = new Promise((resolve) => (tunnel.waiting = resolve));
    const t0 = performance.now();
    const res = await fetch(`${url}/v1/integrations/bench-1/installations`, {
      method: 'POST',
      headers: { ...userHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ organization: org }),
    });
    const body = await res.json();
    if (res.status !== 201) throw new Error(`install: HTTP ${res.status} ${JSON.stringify(body)}`);
    await received;
    latencies.push(performance.now() - t0);
    await domain.integrations.installations.uninstall(owner, 'bench-1', body.id);
    await domain.jobs.runDue();
  }
  const delivered = (await store.integrations.events('bench-1')).filter((e) => e.status === 'success').length;
  emit({
    name: 'integration_install_to_tunnel_p50_ms',
    unit: 'ms',
    median: round(median(latencies), 2),
    p99_ms: round([...latencies].sort((a, b) => a - b)[Math.floor(latencies.length * 0.99)] ?? latencies.at(-1), 2),
    runs: DELIVERIES,
    delivered,
    events: (await store.integrations.events('bench-1')).length,
  });
} finally {
  await app.close();
  tunnelServer.close();
  await store.close();
  removeDir(dir);
}
