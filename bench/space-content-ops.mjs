// Space operations that carry content (run `npm run build` first), in process over a file store. Prints one JSON line
// per figure, each the median of BENCH_RUNS runs (default 5):
// - template_apply_ms: createSpace with each built-in template (`template` names it), content landed and indexed;
// - duplicate_1000_pages_ms: duplicateSpace of a generated 1,000-page space (its content under new ids);
// - transfer_1000_pages_ms: transferSpace of that space, with 10 change requests, to the other organization and back;
// - space_links_1000_pages_cold_ms / _warm_ms: every link of the 1,000 pages (listSpaceLinks' domain call), first
//   read of a revision and again.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCorpus } from './gen-corpus.mjs';
import { emit, median, openDomain, removeDir, round } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const dist = new URL('../dist/', import.meta.url);
const { syncDirectory } = await import(new URL('gitsync/import.js', dist).href);

const corpus = mkdtempSync(join(tmpdir(), 'quire-bench-corpus-'));
const storeDir = mkdtempSync(join(tmpdir(), 'quire-bench-store-'));
generateCorpus(corpus, 1000);
const { store, domain, boot, caller } = await openDomain(storeDir, { organizations: [{ title: 'Main' }, { title: 'Other' }] });
const [main, other] = boot.organizations.map((o) => o.id);

const timed = async (fn) => {
  const started = performance.now();
  const result = await fn();
  return { ms: performance.now() - started, result };
};
const figure = (name, samples, extra = {}) => emit({ name, median: round(median(samples), 1), runs: samples.length, unit: 'ms', ...extra });

for (const template of domain.spaces.templates.list()) {
  const samples = [];
  let pages = 0;
  for (let i = 0; i < RUNS; i++) {
    const { ms, result } = await timed(() => domain.spaces.create(caller, main, { title: `${template.id} ${i}`, template: { id: template.id } }));
    samples.push(ms);
    pages = (await store.revisions.content(result.space.revisionId)).pages.length;
  }
  figure('template_apply_ms', samples, { template: template.id, pages });
}

process.stderr.write('space-content-ops bench: importing 1,000 pages\n');
const [report] = await syncDirectory(domain, { dir: corpus, caller, organizationId: main, space: 'Generated' });
const spaceId = report.space.id;
for (let i = 0; i < 10; i++) await domain.changeRequests.create(caller, spaceId, { subject: `Open ${i}` });
const pages = (await store.revisions.content(report.revisionId)).pages.length;

const copies = [];
const duplicate = [];
for (let i = 0; i < RUNS; i++) {
  const { ms, result } = await timed(() => domain.spaces.duplicate(caller, spaceId));
  duplicate.push(ms);
  copies.push(result.space.id);
}
figure('duplicate_1000_pages_ms', duplicate, { pages });

const transfer = [];
for (let i = 0; i < RUNS; i++) {
  transfer.push((await timed(() => domain.spaces.transfer(caller, spaceId, other))).ms);
  await domain.spaces.transfer(caller, spaceId, main);
}
figure('transfer_1000_pages_ms', transfer, { pages, changeRequests: 10 });

const cold = [];
const warm = [];
let links = 0;
for (const copy of copies) {
  const list = async () => domain.content.listLinks(await domain.content.current(caller, copy), { limit: 50 }, []);
  cold.push((await timed(list)).ms);
  const { ms, result } = await timed(list);
  warm.push(ms);
  links = result.stats.total;
}
figure('space_links_1000_pages_cold_ms', cold, { pages, links });
figure('space_links_1000_pages_warm_ms', warm, { pages, links });

await store.close();
removeDir(corpus);
removeDir(storeDir);
