// Worker thread entry: builds search indexes from pages posted in order, and writes each one's files: the pages'
// fragments as they come (into the folder the index was prepared for), the rest when it is finished. An index
// posted with a key is kept for the next build with that key (the same site rebuilt), the most recently used few, and
// saved as a snapshot beside the site's build cache, for the next build in another process: after its files are
// answered, under a temporary name, which the build renames into place once it committed (`SearchIndexes.commit`).
import { LRUCache } from 'lru-cache';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { answer } from '../platform/worker-threads.js';
import { type SearchFolder, SearchFiles, type WrittenSearch } from './search-files.js';
import { SearchIndexBuilder, type SearchPage } from './search-index.js';
import { pendingSnapshot } from './search-snapshots.js';

type Message =
  | { type: 'prepare'; index: number; id: number; key?: string; snapshot?: string; folder: SearchFolder }
  | { type: 'add'; index: number; key?: string; snapshot?: string; pages: SearchPage[] }
  | { type: 'drop'; index: number }
  | { type: 'finish'; index: number; id: number; folder: SearchFolder }
  | { type: 'save'; index: number; id: number };

interface Entry {
  builder: SearchIndexBuilder;
  snapshot?: string | undefined;
  /** Its folder, once prepared: the pages' fragments are written there as they come. */
  files?: SearchFiles;
}

const kept = new LRUCache<string, SearchIndexBuilder>({ max: 8 });
const builders = new Map<number, Entry>();
/** The builders finished whose snapshot is still to be saved (`save`, asked for after `finish`). */
const finished = new Map<number, Entry>();

function builderFor(key: string | undefined, snapshot: string | undefined): SearchIndexBuilder {
  if (key === undefined) return new SearchIndexBuilder();
  let builder = kept.get(key);
  if (!builder) kept.set(key, (builder = (snapshot && restore(snapshot)) || new SearchIndexBuilder()));
  return builder;
}

function restore(path: string): SearchIndexBuilder | null {
  try {
    return SearchIndexBuilder.restore(readFileSync(path));
  } catch {
    return null;
  }
}

/**
 * The snapshot of `path` written under its temporary name (`pendingSnapshot`), or null: one that cannot be written only
 * makes the next build in another process slower.
 */
function save(path: string, builder: SearchIndexBuilder): string | null {
  const temporary = pendingSnapshot(path);
  try {
    writeFileSync(temporary, builder.snapshot());
    return temporary;
  } catch {
    rmSync(temporary, { force: true });
    return null;
  }
}

const finish = answer<Extract<Message, { type: 'finish' }>>(({ index, folder }): WrittenSearch => {
  const entry = builders.get(index) ?? { builder: new SearchIndexBuilder() };
  builders.delete(index);
  const written = (entry.files ?? new SearchFiles(folder)).finish(entry.builder);
  finished.set(index, entry);
  return written;
});

/** The snapshot of an index finished, saved once `finish` answered: the build writes its other files meanwhile. */
const saveFinished = answer<Extract<Message, { type: 'save' }>>(({ index }): string | null => {
  const entry = finished.get(index);
  finished.delete(index);
  return entry?.snapshot ? save(entry.snapshot, entry.builder) : null;
});

/** An index made ready for a build: the pages it has already, if it made the index on disk. */
const prepare = answer<Extract<Message, { type: 'prepare' }>>(({ index, key, snapshot, folder }) => {
  const builder = builderFor(key, snapshot);
  builders.set(index, { builder, snapshot, files: new SearchFiles(folder) });
  builder.prepare(folder.manifest, new Set(folder.files));
  return builder.signatures(folder.manifest);
});

parentPort?.on('message', (message: Message) => {
  if (message.type === 'finish') return void finish(message);
  if (message.type === 'save') return void saveFinished(message);
  if (message.type === 'prepare') return void prepare(message);
  let entry = builders.get(message.index);
  if (message.type === 'drop') {
    entry?.builder.abandon();
    finished.delete(message.index);
    return void builders.delete(message.index);
  }
  if (!entry) builders.set(message.index, (entry = { builder: builderFor(message.key, message.snapshot), snapshot: message.snapshot }));
  entry.builder.add(message.pages);
  entry.files?.spill(entry.builder);
});
