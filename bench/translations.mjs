// Translation runs (issue 8), no budget: figures to watch. Run `npm run build` (or `npx tsc -p .`) first.
// A generated 1,000-page space on a file store is translated in-process; the LibreTranslate service is a local
// stand-in answering at once, so the figures are Quire's own work (parse, extract, batch, write, index), not a model's.
// - translation_copy_1000_pages_ms: first run with the copy translator (pages copied, marked untranslated; the marked
//   files are the same for every language, so only the first run parses and indexes them: see `all`);
// - translation_libre_1000_pages_ms: first run through the LibreTranslate protocol (`texts`, `requests`, `words`);
// - translation_rerun_unchanged_ms: a run with nothing changed in the source (every page taken over);
// - translation_rerun_one_page_ms: one source page changed (one page translated again);
// - translation_extract_pages_per_s: parse + prose extraction + write-back of every page, no I/O.
// Each is the median of BENCH_RUNS runs (default 3).
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCorpus } from './gen-corpus.mjs';
import { emit, median, openDomain, removeDir, round } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const dist = new URL('../dist/', import.meta.url);
const { syncDirectory } = await import(new URL('gitsync/import.js', dist).href);
const { TextPlan } = await import(new URL('domain/translations/text-plan.js', dist).href);
const { translatePageFile } = await import(new URL('domain/translations/translate-content.js', dist).href);

let requests = 0;
let textsSent = 0;
const service = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const { q, target } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    requests++;
    textsSent += q.length;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText: q.map((t) => `[${target}] ${t}`) }));
  });
});
await new Promise((resolve) => service.listen(0, '127.0.0.1', resolve));
const host = `127.0.0.1:${service.address().port}`;
const libre = { provider: 'libretranslate', url: `http://${host}`, batchSize: 50, batchChars: 10_000 };

const corpus = mkdtempSync(join(tmpdir(), 'quire-bench-corpus-'));
const storeDir = mkdtempSync(join(tmpdir(), 'quire-bench-store-'));
generateCorpus(corpus, 1000);
const { store, domain, boot, caller } = await openDomain(storeDir, {}, { allowHosts: [host] });
const org = boot.organizations[0].id;
process.stderr.write('translations bench: importing 1,000 pages\n');
const [report] = await syncDirectory(domain, { dir: corpus, caller, organizationId: org, space: 'Generated' });
const sourceId = report.space.id;
const documents = (await store.revisions.content(report.revisionId)).pages.filter((p) => p.kind === 'document');
const load = () => round(Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]), 2);

/** A new translation (its queued job left alone), run once in-process; the ms of the run. */
async function firstRun(language) {
  const { translation } = await domain.translations.create(caller, org, { source: { space: sourceId, language: 'en' }, language });
  const started = performance.now();
  const outcome = await domain.translations.runs.run(await store.translations.get(translation.id));
  return { ms: performance.now() - started, outcome, id: translation.id };
}

async function rerun(id) {
  const started = performance.now();
  const outcome = await domain.translations.runs.run(await store.translations.get(id));
  return { ms: performance.now() - started, outcome };
}

const LANGUAGES = ['fr', 'de', 'es', 'it', 'nl', 'pl', 'sv', 'da'];
const copyRuns = [];
const libreRuns = [];
const unchanged = [];
const onePage = [];
let words = 0;
let texts = 0;
let sent = 0;
for (let i = 0; i < RUNS; i++) {
  domain.translations.configure({ provider: 'copy' });
  copyRuns.push((await firstRun(LANGUAGES[(2 * i) % LANGUAGES.length])).ms);

  domain.translations.configure(libre);
  requests = 0;
  textsSent = 0;
  const first = await firstRun(LANGUAGES[(2 * i + 1) % LANGUAGES.length]);
  libreRuns.push(first.ms);
  sent = requests;
  texts = textsSent;
  words = first.outcome.words;
  unchanged.push((await rerun(first.id)).ms);

  // One source page changes, as a content write would change it.
  const source = await store.content.space(sourceId);
  const content = await store.revisions.content(source.revisionId);
  const page = documents[(i * 97) % documents.length];
  const current = content.pages.find((p) => p.id === page.id);
  const blob = await store.blobs.put(Buffer.from(`${(await store.blobs.get(current.blob)).toString('utf8')}\nA sentence added in round ${i}.\n`));
  const revisionId = `bench-${i}-${Date.now()}`;
  const pages = content.pages.map((p) => (p.id === page.id ? { ...current, blob } : p));
  await store.tx(async () => {
    await store.revisions.insert(
      { id: revisionId, spaceId: sourceId, parents: [source.revisionId], type: 'edits', git: null, createdAt: new Date().toISOString() },
      { ...content, pages },
    );
    await store.content.setSpaceRevision(sourceId, source.revisionId, revisionId, new Date().toISOString());
  });
  await domain.sync.indexPages(await store.revisions.content(revisionId));
  const changed = await rerun(first.id);
  if (changed.outcome.pages !== 1) throw new Error(`expected one page translated again, got ${changed.outcome.pages}`);
  onePage.push(changed.ms);
}

// Pure extraction + write-back over every page file, no store or network.
const files = await Promise.all(documents.map(async (p) => (await store.blobs.get(p.blob)).toString('utf8')));
const extract = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  for (const text of files) {
    const plan = new TextPlan([{ source: 'git', target: 'git' }]);
    const write = translatePageFile(text, null, plan);
    plan.resolve(plan.queries);
    write();
  }
  extract.push(performance.now() - started);
}

const common = { runs: RUNS, pages: documents.length, load: load() };
emit({ name: 'translation_copy_1000_pages_ms', median: round(median(copyRuns)), unit: 'ms', all: copyRuns.map((ms) => round(ms)), ...common });
emit({
  name: 'translation_libre_1000_pages_ms',
  median: round(median(libreRuns)),
  unit: 'ms',
  all: libreRuns.map((ms) => round(ms)),
  requests: sent,
  texts,
  words,
  ...common,
});
emit({ name: 'translation_rerun_unchanged_ms', median: round(median(unchanged)), unit: 'ms', ...common });
emit({ name: 'translation_rerun_one_page_ms', median: round(median(onePage)), unit: 'ms', ...common });
emit({ name: 'translation_extract_pages_per_s', median: round(documents.length / (median(extract) / 1000)), unit: 'pages/s', ...common });

await store.close();
service.close();
removeDir(corpus);
removeDir(storeDir);
