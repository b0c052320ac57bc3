// The site search at scale (issue 23, item 3): over a generated corpus (bench/gen-corpus.mjs) of each size given
// (default 1,000 and 10,000 pages), built cold with this checkout's dist/, prints one JSON line per figure:
// - the gzipped index bytes a first query loads, per query and the largest, new (sharded: manifest, shards,
//   vocabularies, blocks, the fragments of the 20 results shown; templates/search.js run in Node over the output)
//   against old (main's whole MiniSearch index of the same documents, built here exactly as main built it);
// - the index's files and shards, and its whole size gzipped;
// - the index's build time over the site's documents, new against old (median of 3, in this process);
// - after a one-page body edit and a warm rebuild: the index files written, against those of the index.
// Usage: node bench/search-size.mjs [pages...]. Run `npm run build` first.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import MiniSearch from 'minisearch';
import { generateCorpus } from './gen-corpus.mjs';
import { emit, fromDist, median, removeDir, round, siteBench } from './lib.mjs';

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const { SearchIndexBuilder } = await fromDist('site/search-index.js');
runInThisContext(readFileSync(new URL('../templates/search.js', import.meta.url), 'utf8'));
const { Engine } = globalThis.QuireSearch;

const QUERIES = ['sync', 'serch', 'merge commit deploy', 'permision token', 'page 4242', 'revison'];
/** main's index (src/site/search-index.ts before the shards): one MiniSearch over every section, loaded whole. */
const OLD_OPTIONS = { fields: ['title', 'heading', 'text'], storeFields: ['title', 'heading', 'url', 'excerpt'] };
const oldIndexJson = (docs) => {
  const index = new MiniSearch(OLD_OPTIONS);
  index.addAll(docs);
  return JSON.stringify({ options: OLD_OPTIONS, index: index.toJSON() });
};
const timed = (fn) => {
  const started = performance.now();
  const result = fn();
  return { ms: performance.now() - started, result };
};
const gz = (bytes) => gzipSync(bytes).length;

for (const pages of sizes.length ? sizes : [1000, 10000]) {
  const n = pages.toLocaleString('en').replace(/,/g, '_');
  const work = mkdtempSync(join(tmpdir(), 'quire-bench-search-'));
  const corpus = join(work, 'corpus');
  const out = join(work, 'site');
  generateCorpus(corpus, pages);
  const bench = await siteBench(undefined, join(work, 'store'));
  const synced = await bench.sync(corpus);
  const build = async () => bench.build(await bench.site(synced.space.id, { siteUrl: 'https://docs.example.com' }), { out, strictLinks: false });
  await build();

  // The first query of a visitor: a fresh engine, every file it fetches counted gzipped.
  let largest = 0;
  for (const query of QUERIES) {
    let bytes = 0;
    let files = 0;
    const engine = new Engine(async (name) => {
      const content = readFileSync(join(out, name));
      bytes += gz(content);
      files++;
      return JSON.parse(content.toString('utf8'));
    });
    const results = await engine.details(await engine.search(query, 20));
    largest = Math.max(largest, bytes);
    emit({ figure: `search_${n}_first_query_gz_kb`, query, files, results: results.length, value: round(bytes / 1000, 1) });
  }
  // The pages' search documents, from the build cache's segment files (the manifest names them).
  const segments = JSON.parse(readFileSync(join(out, '.quire-build.json'), 'utf8')).segments;
  const indexed = segments.flatMap(({ file }) =>
    Object.entries(JSON.parse(readFileSync(join(out, '.quire-build', file), 'utf8'))).map(([key, entry]) => ({ key, sig: entry.key, docs: entry.search })),
  );
  const docs = indexed.flatMap((page) => page.docs);
  // The old index stored an excerpt per section, the first 160 characters of its text (the build no longer makes one).
  const old = oldIndexJson(docs.map((d) => ({ ...d, excerpt: d.text.replace(/\s+/g, ' ').trim().slice(0, 160) })));
  emit({ figure: `search_${n}_first_query_gz_kb_max`, value: round(largest / 1000, 1), old: round(gz(Buffer.from(old)) / 1000, 1), budget: 150 });

  const names = readdirSync(join(out, '_search'));
  const manifest = JSON.parse(readFileSync(join(out, 'search-index.json'), 'utf8'));
  const whole = names.reduce((sum, name) => sum + gz(readFileSync(join(out, '_search', name))), 0);
  emit({
    figure: `search_${n}_index_files`,
    value: names.length,
    shards: Object.keys(manifest.shards).length,
    vocabularies: Object.keys(manifest.vocab).length,
  });
  emit({
    figure: `search_${n}_index_gz_kb`,
    value: round(whole / 1000, 1),
    old: round(gz(Buffer.from(old)) / 1000, 1),
    old_raw_kb: round(old.length / 1000, 1),
  });

  const newMs = [];
  const oldMs = [];
  for (let round_ = 0; round_ < 3; round_++) {
    newMs.push(
      timed(() => {
        const builder = new SearchIndexBuilder();
        builder.add(indexed);
        return builder.finish();
      }).ms,
    );
    oldMs.push(timed(() => oldIndexJson(docs)).ms);
  }
  emit({ figure: `search_${n}_index_build_ms`, value: round(median(newMs)), old: round(median(oldMs)), docs: docs.length });

  // A one-page body edit, synced and rebuilt warm: the index files it writes.
  const before = new Set(names);
  const edited = join(corpus, 'group-2/page-60.md');
  writeFileSync(edited, readFileSync(edited, 'utf8').replace(/\n\n([A-Z])/, '\n\nA freshly edited okapi sentence. $1'));
  await bench.sync(corpus);
  const rebuilt = timed(() => build());
  const report = await rebuilt.result;
  const written = readdirSync(join(out, '_search')).filter((name) => !before.has(name));
  emit({ figure: `search_${n}_rebuild_files_written`, value: written.length, of: names.length, rendered: report.rendered });
  await bench.store.close();
  removeDir(work);
}
