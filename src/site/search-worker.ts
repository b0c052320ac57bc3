// Worker thread entry: builds search indexes from documents posted in order, and returns each one's JSON. An index
// posted with a key is kept for the next build with that key (the same site rebuilt), the most recent few of them.
import { parentPort } from 'node:worker_threads';
import { SearchIndexBuilder, type SearchDoc } from './search-index.js';

type Message = { type: 'add'; index: number; key?: string; docs: SearchDoc[] } | { type: 'finish' | 'drop'; index: number };

/** Indexes kept between builds, least recently used first. */
const KEPT = 8;
const kept = new Map<string, SearchIndexBuilder>();
const builders = new Map<number, SearchIndexBuilder>();

function builderFor(key: string | undefined): SearchIndexBuilder {
  if (key === undefined) return new SearchIndexBuilder();
  const builder = kept.get(key) ?? new SearchIndexBuilder();
  kept.delete(key);
  kept.set(key, builder);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return builder;
}

parentPort?.on('message', (message: Message) => {
  let builder = builders.get(message.index);
  if (message.type === 'drop') {
    builder?.abandon();
    return void builders.delete(message.index);
  }
  if (!builder) builders.set(message.index, (builder = builderFor(message.type === 'add' ? message.key : undefined)));
  if (message.type === 'add') return builder.add(message.docs);
  builders.delete(message.index);
  parentPort!.postMessage({ index: message.index, json: builder.json() });
});
