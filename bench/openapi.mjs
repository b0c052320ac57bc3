// OpenAPI budgets (run `npm run build` first), on the official GitBook OpenAPI document (@gitbook/api 0.143.2, 1.7 MB
// of JSON), in-process on a file store:
// - openapi_process_ms: processing it (createOpenAPISpec with the text -> the job: parse, validate, store a version)
//   <= 2 s. `cold` is the first run in the process (the checker's worker thread starts, the parser and the OpenAPI
//   schemas load and compile), `median` the others (BENCH_RUNS, default 3). `event_loop_max_delay_ms`: the longest
//   this thread could not answer anything else meanwhile.
// - openapi_render_ms: building the site of a space whose SUMMARY holds a `builtin:openapi` page on it (one page per
//   tag, ~305 operations, and the Models page of its ~830 schemas) <= 5 s: a cold build into an empty directory each
//   run, `cold` the first. Also reported: pages, operations and HTML bytes written.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { emit, median, openDomain, removeDir, round } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const dist = new URL('../dist/', import.meta.url);
const { syncDirectory } = await import(new URL('gitsync/import.js', dist).href);
const { buildSite } = await import(new URL('site/build.js', dist).href);
const { siteSources, spaceSite } = await import(new URL('site/space-site.js', dist).href);

const text = readFileSync(new URL('../node_modules/@gitbook/api/spec/openapi.json', import.meta.url), 'utf8');
const temp = (name) => mkdtempSync(join(tmpdir(), `quire-bench-openapi-${name}-`));
const storeDir = temp('store');
const { store, domain, boot, caller } = await openDomain(storeDir);
const org = boot.organizations[0].id;

/** CPU time (user + system) of this process, in ms: less inflated than wall time when other work shares the cores. */
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const processing = [];
const processingCpu = [];
// The check runs on a worker thread: how long this thread was kept from answering anything else meanwhile.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
for (let i = 0; i <= RUNS; i++) {
  const [started, cpuStarted] = [performance.now(), cpu()];
  await domain.openapi.create(caller, org, `gitbook-${i}`, { text });
  await domain.jobs.runDue();
  processing.push(performance.now() - started);
  processingCpu.push(cpu() - cpuStarted);
  const spec = await store.openapi.bySlug(org, `gitbook-${i}`);
  if (spec.processingState !== 'complete' || !spec.lastVersionId) throw new Error(`processing failed: ${JSON.stringify(spec.lastErrors)}`);
  process.stderr.write(`openapi bench: processed in ${round(processing.at(-1))} ms\n`);
}
loop.disable();
const [processCold, ...processWarm] = processing;
emit({
  name: 'openapi_process_ms',
  median: round(median(processWarm)),
  cold: round(processCold),
  cpu_median: round(median(processingCpu.slice(1))),
  cpu_cold: round(processingCpu[0]),
  event_loop_max_delay_ms: round(loop.max / 1e6),
  runs: processWarm.length,
  unit: 'ms',
  budget: 2000,
  ok: Math.max(processCold, median(processWarm)) <= 2000,
});

const corpus = temp('corpus');
writeFileSync(join(corpus, 'README.md'), '# GitBook API\n\nThe reference, from the spec.\n');
writeFileSync(
  join(corpus, 'SUMMARY.md'),
  [
    '# Table of contents',
    '',
    '* [GitBook API](README.md)',
    '* ```yaml',
    '  type: builtin:openapi',
    '  props: {models: true}',
    '  dependencies: {spec: {ref: {kind: openapi, spec: gitbook-0}}}',
    '  ```',
    '',
  ].join('\n'),
);
const [report] = await syncDirectory(domain, { dir: corpus, caller, organizationId: org, space: 'GitBook API', parseWorkers: 0 });

const rendering = [];
const renderingCpu = [];
let last;
for (let i = 0; i <= RUNS; i++) {
  const out = temp('site');
  const [started, cpuStarted] = [performance.now(), cpu()];
  last = await buildSite(await spaceSite(domain, caller, report.space.id), siteSources(domain), { out });
  rendering.push(performance.now() - started);
  renderingCpu.push(cpu() - cpuStarted);
  process.stderr.write(`openapi bench: built ${last.pages} pages in ${round(rendering.at(-1))} ms\n`);
  if (i < RUNS) removeDir(out);
}
let operations = 0;
let bytes = 0;
for (const entry of readdirSync(last.out, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
  const path = join(entry.parentPath, entry.name);
  bytes += statSync(path).size;
  operations += (readFileSync(path, 'utf8').match(/class="api-operation openapi-operation"/g) ?? []).length;
}
const [renderCold, ...renderWarm] = rendering;
emit({
  name: 'openapi_render_ms',
  median: round(median(renderWarm)),
  cold: round(renderCold),
  cpu_median: round(median(renderingCpu.slice(1))),
  cpu_cold: round(renderingCpu[0]),
  runs: renderWarm.length,
  unit: 'ms',
  budget: 5000,
  ok: Math.max(renderCold, median(renderWarm)) <= 5000,
  pages: last.pages,
  operations,
  html_mb: round(bytes / 1024 / 1024, 1),
});
removeDir(last.out);
removeDir(corpus);
await store.close();
removeDir(storeDir);
