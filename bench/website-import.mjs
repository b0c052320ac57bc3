// Budget: importContent of a 200-page local website <= 10 s, politeness delay off (imports.crawlDelayMs: 0).
// A node:http server in this process serves a generated site (a home page, an about page, 11 sections of 18 pages,
// about 6 KB of HTML each with navigation, headings, lists, a table, code, links between pages, 33 images); each run imports
// it into a new space of a fresh file store through POST /v1/spaces/{id}/content/import on an in-process API server,
// and times the request. Runs from dist/ (build first); QUIRE_SRC=1 with `node --import tsx` runs it from src/.
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emit, median, removeDir, round, openStoreOf } from './lib.mjs';

const from = process.env.QUIRE_SRC ? '../src' : '../dist';
const stores = await import(`${from}/store/index.js`);
const { Domain } = await import(`${from}/domain/index.js`);
const { bootstrap } = await import(`${from}/domain/core/setup.js`).catch((error) =>
  error?.code === 'ERR_MODULE_NOT_FOUND' ? import(`${from}/domain/setup.js`) : Promise.reject(error),
);
const { configSchema } = await import(`${from}/config/index.js`);
const { buildServer } = await import(`${from}/server/app.js`);

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECTIONS = 11;
const PER_SECTION = 18;
const PAGES = 2 + SECTIONS * PER_SECTION;
const BUDGET_MS = 10_000;
// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const nav = Array.from({ length: SECTIONS }, (_, s) => `<li><a href="/s${s}/">Section ${s}</a></li>`).join('');
const layout = (title, main) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<link rel="stylesheet" href="/style.css"><script src="/app.js"></script></head><body>
<header><a href="/">Bench docs</a></header><nav><ul>${nav}</ul></nav><main><h1>${title}</h1>${main}</main>
<footer><p>Generated for the website import benchmark.</p></footer></body></html>`;
const filler = (n) => `<h2>Overview ${n}</h2>
<p>This page explains <strong>feature ${n}</strong> of the product, with <em>emphasis</em>, <code>inline code</code> and a
<a href="https://example.com/reference/${n}">link to the reference</a>. It is long enough to look like documentation.</p>
<ul><li>First point about ${n}</li><li>Second point, with <a href="#details">an anchor</a></li><li>Third point</li></ul>
<h3 id="details">Details</h3><p>${'Words that fill the paragraph like real prose would. '.repeat(12)}</p>
<table><thead><tr><th>Option</th><th>Default</th><th>Meaning</th></tr></thead><tbody>
${Array.from({ length: 6 }, (_, i) => `<tr><td>option${i}</td><td>${i}</td><td>What option ${i} does.</td></tr>`).join('')}</tbody></table>
<pre><code class="language-js">const value${n} = await client.call(${n});\nconsole.log(value${n});</code></pre>
<blockquote><p>A note about ${n}.</p></blockquote>`;

const routes = new Map();
routes.set(
  '/',
  layout(
    'Bench docs',
    `${filler(0)}<ul>${Array.from({ length: SECTIONS }, (_, s) => `<li><a href="s${s}/">Section ${s}</a></li>`).join('')}</ul><p><a href="about.html">About</a></p>`,
  ),
);
routes.set('/about.html', layout('About', filler('about')));
for (let s = 0; s < SECTIONS; s++) {
  const children = Array.from({ length: PER_SECTION - 1 }, (_, p) => `<li><a href="p${p}.html">Page ${s}.${p}</a></li>`).join('');
  routes.set(`/s${s}/`, layout(`Section ${s}`, `${filler(s)}<p><img src="/img/section-${s}.png" alt="Section ${s}"></p><ul>${children}</ul>`));
  for (let p = 0; p < PER_SECTION - 1; p++) {
    const next = p + 1 < PER_SECTION - 1 ? `<a href="p${p + 1}.html">Next</a>` : `<a href="../s${(s + 1) % SECTIONS}/">Next section</a>`;
    const image = p % 9 === 0 ? `<p><img src="/img/page-${s}-${p}.png" alt="Figure"></p>` : '';
    routes.set(`/s${s}/p${p}.html`, layout(`Page ${s}.${p}`, `${filler(`${s}.${p}`)}${image}<p>${next} · <a href="./">Up</a></p>`));
  }
}
if (routes.size !== PAGES) throw new Error(`generated ${routes.size} pages, not ${PAGES}`);

const site = createServer((req, res) => {
  const path = req.url ?? '/';
  if (path.startsWith('/img/')) return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  const page = routes.get(path);
  if (page) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  else res.writeHead(404).end('not found');
});
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const host = `127.0.0.1:${site.address().port}`;

const times = [];
const cpuTimes = [];
let last;
try {
  for (let run = 0; run < RUNS; run++) {
    const dir = mkdtempSync(join(tmpdir(), 'quire-bench-website-'));
    const store = openStoreOf(stores, join(dir, '.docs'));
    const domain = new Domain(store, { allowHosts: [host], imports: { crawlDelayMs: 0, maxPages: 500 } });
    const boot = await bootstrap(domain, configSchema.parse({ organizations: [{ title: 'Bench' }] }));
    const owner = await domain.users.authenticate(boot.newAdminToken);
    const space = (await domain.spaces.create(owner, boot.organizations[0].id, { title: `Website ${run}` })).space;
    const app = buildServer({ domain, publicUrl: () => url });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${app.server.address().port}`;
    try {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const res = await fetch(`${url}/v1/spaces/${space.id}/content/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${boot.newAdminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'website', url: `http://${host}/` }),
      });
      const body = await res.json();
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      cpuTimes.push((used.user + used.system) / 1000);
      if (res.status !== 201) throw new Error(`HTTP ${res.status}: ${JSON.stringify(body)}`);
      const content = await store.revisions.content(body.revision);
      last = { ...body, pages: content.pages.length, files: content.files.length };
      times.push(ms);
      console.error(
        `run ${run + 1}: ${round(ms)} ms (${round(cpuTimes.at(-1))} ms CPU), load ${os.loadavg()[0].toFixed(1)}, ${last.pages} pages, ${last.files} files, ${body.importedResources}/${body.totalResources} resources`,
      );
    } finally {
      await app.close();
      await store.close();
      removeDir(dir);
    }
  }
} finally {
  site.close();
}

const ms = median(times);
const valid = last.pages === PAGES && last.importedResources === last.totalResources && last.files === SECTIONS * 3;
emit({
  name: 'website_import_200_pages_ms',
  median: round(ms),
  runs: RUNS,
  unit: 'ms',
  min: round(Math.min(...times)),
  max: round(Math.max(...times)),
  pages: last.pages,
  files: last.files,
  importedResources: last.importedResources,
  totalResources: last.totalResources,
  pages_per_s: round((PAGES / ms) * 1000, 1),
  // CPU time of this process (server, crawler and site together): less sensitive than wall time to other work.
  cpu_ms: round(median(cpuTimes)),
  loadavg: round(os.loadavg()[0], 1),
  budget: BUDGET_MS,
  valid,
  ok: valid && ms <= BUDGET_MS,
});
