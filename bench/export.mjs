// Git export budget (run `npm run build` first): a generated 1,000-page space in a git repository, imported; then one
// page edited through the domain writer and exported as one commit, several times. Prints one JSON line per figure.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCorpus } from './gen-corpus.mjs';
import { emit, median, removeDir, round, openStoreOf } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const dist = new URL(process.env.QUIRE_DIST ? `file://${process.env.QUIRE_DIST}/` : '../dist/', import.meta.url);
const load = (path) => import(new URL(path, dist).href);

const stores = await load('store/index.js');
const newId = stores.newId ?? (await load('model/ids.js')).newId;
const { Domain, Caller } = await load('domain/index.js');
const { bootstrap } = await load('domain/core/setup.js').catch((error) =>
  error?.code === 'ERR_MODULE_NOT_FOUND' ? load('domain/setup.js') : Promise.reject(error),
);
const { configSchema } = await load('config/index.js');
const { syncDirectory } = await load('gitsync/import.js');
const { exportRevision } = await load('gitsync/export/export.js');
const { applyChanges } = await load('domain/content-writes/apply-changes.js');

const repo = mkdtempSync(join(tmpdir(), 'quire-bench-export-'));
generateCorpus(repo, 1000);
const git = (...args) => execFileSync('git', ['-C', repo, '-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args]);
git('init', '-q', '-b', 'main');
git('add', '-A');
git('commit', '-q', '-m', 'corpus');

const storeDir = mkdtempSync(join(tmpdir(), 'quire-bench-store-'));
const store = openStoreOf(stores, storeDir);
const domain = new Domain(store);
const boot = await bootstrap(domain, configSchema.parse({}));
const caller = new Caller(store, boot.admin);
const [report] = await syncDirectory(domain, { dir: repo, caller, organizationId: boot.organizations[0].id, space: 'Generated' });
const spaceId = report.space.id;

/** One page's body replaced through the writer, as the API does, and the space moved to the new revision. */
async function editOnePage(n) {
  const space = await store.content.space(spaceId);
  const base = await store.revisions.content(space.revisionId);
  const pages = base.pages.filter((p) => p.kind === 'document');
  const page = pages[(n * 97) % pages.length];
  const result = await applyChanges(
    {
      base,
      baseRevisionId: space.revisionId,
      spaceRoot: '',
      files: new Map(),
      revisionContent: (id) => store.revisions.content(id),
      readBlob: async (oid) => (await store.blobs.get(oid)) ?? undefined,
      newId,
    },
    [{ operation: 'update_page', page: page.id, document: { markdown: `# ${page.title}\n\nEdit number ${n}.\n` } }],
  );
  for (const bytes of result.blobs.values()) await store.blobs.put(bytes);
  const id = newId();
  const now = new Date().toISOString();
  await store.tx(async () => {
    await store.revisions.insert({ id, spaceId, parents: [space.revisionId], type: 'edits', git: null, createdAt: now }, result.content);
    await store.content.setSpaceRevision(spaceId, space.revisionId, id, now);
  });
  return id;
}

const times = [];
for (let n = 0; n < RUNS; n++) {
  const revisionId = await editOnePage(n);
  const started = performance.now();
  const result = await exportRevision(domain, { dir: repo, spaceId, revisionId, ref: 'main', message: `Edit ${n}` });
  times.push(performance.now() - started);
  if (result.written.length !== 1 || result.commit === null) throw new Error(`expected one file written, got ${JSON.stringify(result)}`);
}
emit({
  name: 'export_one_page_1000_pages_ms',
  median: round(median(times), 1),
  runs: times.map((v) => round(v, 1)),
  unit: 'ms',
  pages: report.pagesAdded,
  budget: 200,
});

const noops = [];
for (let n = 0; n < RUNS; n++) {
  const started = performance.now();
  const result = await exportRevision(domain, {
    dir: repo,
    spaceId,
    revisionId: (await store.content.space(spaceId)).revisionId,
    ref: 'main',
    message: 'No change',
  });
  noops.push(performance.now() - started);
  if (result.commit !== null) throw new Error('an unchanged space wrote a commit');
}
emit({ name: 'export_noop_1000_pages_ms', median: round(median(noops), 1), runs: noops.map((v) => round(v, 1)), unit: 'ms', pages: report.pagesAdded });

await store.close();
removeDir(storeDir);
removeDir(repo);
