// Change request merge budget (run `npm run build` first): a one-page change request merged into a generated
// 1,000-page space <= 50 ms. Prints one JSON line per figure, each the median of BENCH_RUNS merges (default 10):
// - merge_one_page_ms: the space did not move since the change request was created (its content is taken as is);
// - merge_one_page_space_moved_ms: another one-page change landed first, on another page (page-level three-way merge);
// - merge_one_page_same_page_ms: another change landed first on the same page, other lines (diff3 of the markdown).
// `valid`: after every merge the space's page held each edit merged so far; `ok`: valid and within the budget.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCorpus } from './gen-corpus.mjs';
import { emit, median, removeDir, round, openStoreOf } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const BUDGET_MS = 50;
const dist = new URL('../dist/', import.meta.url);
const stores = await import(new URL('store/index.js', dist).href);
const newId = stores.newId ?? (await import(new URL('model/ids.js', dist).href)).newId;
const { Domain, Caller } = await import(new URL('domain/index.js', dist).href);
const { bootstrap } = await import(new URL('domain/core/setup.js', dist).href).catch((error) =>
  error?.code === 'ERR_MODULE_NOT_FOUND' ? import(new URL('domain/setup.js', dist).href) : Promise.reject(error),
);
const { configSchema } = await import(new URL('config/index.js', dist).href);
const { syncDirectory } = await import(new URL('gitsync/import.js', dist).href);

const corpus = mkdtempSync(join(tmpdir(), 'quire-bench-corpus-'));
const storeDir = mkdtempSync(join(tmpdir(), 'quire-bench-store-'));
generateCorpus(corpus, 1000);
const store = openStoreOf(stores, storeDir);
const domain = new Domain(store);
const boot = await bootstrap(domain, configSchema.parse({}));
const caller = new Caller(store, boot.admin);
process.stderr.write('merge bench: importing 1,000 pages\n');
const [report] = await syncDirectory(domain, { dir: corpus, caller, organizationId: boot.organizations[0].id, space: 'Generated' });
const spaceId = report.space.id;
const documents = (await store.revisions.content(report.revisionId)).pages.filter((p) => p.kind === 'document');
process.stderr.write(`merge bench: ${documents.length} document pages\n`);

/** A change request holding one edit of one page: `edit` maps the page's markdown. */
async function changeRequestEditing(page, edit) {
  const view = await domain.changeRequests.create(caller, spaceId, { subject: `Edit ${page.title}` });
  const cr = view.changeRequest;
  const content = await store.revisions.content(cr.revisionId);
  const current = content.pages.find((p) => p.id === page.id);
  const blob = await store.blobs.put(Buffer.from(edit((await store.blobs.get(current.blob)).toString('utf8'))));
  const pages = content.pages.map((p) => (p.id === page.id ? { ...current, blob, git: current.git && { ...current.git, oid: blob } } : p));
  const revision = { id: newId(), spaceId: cr.spaceId, parents: [cr.revisionId], type: 'edits', git: null, createdAt: new Date().toISOString() };
  await domain.changeRequests.commitRevision(cr.id, cr.revisionId, revision, { ...content, pages }, caller.user.id);
  return cr.id;
}

async function timedMerge(id) {
  const started = performance.now();
  const outcome = await domain.changeRequests.merge(caller, spaceId, id);
  const ms = performance.now() - started;
  if (outcome.result !== 'merge') throw new Error(`expected a merge, got ${JSON.stringify(outcome)}`);
  return ms;
}

/** The markdown of a page in the space's current revision. */
async function liveMarkdown(page) {
  const content = await store.revisions.content((await store.content.space(spaceId)).revisionId);
  return (await store.blobs.get(content.pages.find((p) => p.id === page.id).blob)).toString('utf8');
}

const invalid = [];
/** Records a figure as invalid unless the page now holds every one of `texts`. */
async function expectLive(name, page, texts) {
  const markdown = await liveMarkdown(page);
  for (const text of texts) if (!markdown.includes(text)) invalid.push(`${name}: ${page.title} lacks "${text}"`);
}

const append = (tag) => (md) => `${md}\nAppended ${tag}.\n`;
const prepend = (tag) => (md) => md.replace(/^# .*$/m, (h1) => `${h1}\n\nPrepended ${tag}.`);
const figures = { merge_one_page_ms: [], merge_one_page_space_moved_ms: [], merge_one_page_same_page_ms: [] };
for (let i = 0; i < RUNS; i++) {
  const [a, b] = [documents[(i * 37) % documents.length], documents[(i * 37 + 500) % documents.length]];
  figures.merge_one_page_ms.push(await timedMerge(await changeRequestEditing(a, append(`alone ${i}`))));
  await expectLive('merge_one_page_ms', a, [`Appended alone ${i}.`]);

  const mine = await changeRequestEditing(a, append(`moved ${i}`));
  await timedMerge(await changeRequestEditing(b, append(`other ${i}`)));
  figures.merge_one_page_space_moved_ms.push(await timedMerge(mine));
  await expectLive('merge_one_page_space_moved_ms', a, [`Appended moved ${i}.`]);
  await expectLive('merge_one_page_space_moved_ms', b, [`Appended other ${i}.`]);

  const ours = await changeRequestEditing(b, append(`same ${i}`));
  await timedMerge(await changeRequestEditing(b, prepend(`same ${i}`)));
  figures.merge_one_page_same_page_ms.push(await timedMerge(ours));
  await expectLive('merge_one_page_same_page_ms', b, [`Prepended same ${i}.`, `Appended same ${i}.`]);
}
for (const problem of invalid) process.stderr.write(`merge bench: ${problem}\n`);
for (const [name, runs] of Object.entries(figures)) {
  const valid = !invalid.some((p) => p.startsWith(`${name}:`));
  const med = median(runs);
  emit({
    name,
    median: round(med, 1),
    runs: runs.map((v) => round(v, 1)),
    unit: 'ms',
    pages: documents.length,
    budget: BUDGET_MS,
    valid,
    ok: valid && med <= BUDGET_MS,
  });
}
await store.close();
removeDir(storeDir);
removeDir(corpus);
