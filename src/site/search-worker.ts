// Worker thread entry: builds search indexes from documents posted in order, and returns each one's files. An index
// posted with a key is kept for the next build with that key (the same site rebuilt), the most recently used few.
import { LRUCache } from 'lru-cache';
import { parentPort } from 'node:worker_threads';
import { answer } from '../platform/worker-threads.js';
import { SearchIndexBuilder, type SearchDoc } from './search-index.js';

type Message =
  | { type: 'add'; index: number; key?: string; docs: SearchDoc[] }
  | { type: 'drop'; index: number }
  | { type: 'finish'; index: number; id: number; onDisk: string | null };

const kept = new LRUCache<string, SearchIndexBuilder>({ max: 8 });
const builders = new Map<number, SearchIndexBuilder>();

function builderFor(key: string | undefined): SearchIndexBuilder {
  if (key === undefined) return new SearchIndexBuilder();
  let builder = kept.get(key);
  if (!builder) kept.set(key, (builder = new SearchIndexBuilder()));
  return builder;
}

const finish = answer<Extract<Message, { type: 'finish' }>>(({ index, onDisk }) => {
  const builder = builders.get(index) ?? new SearchIndexBuilder();
  builders.delete(index);
  return builder.finish(onDisk);
});

parentPort?.on('message', (message: Message) => {
  if (message.type === 'finish') return void finish(message);
  let builder = builders.get(message.index);
  if (message.type === 'drop') {
    builder?.abandon();
    return void builders.delete(message.index);
  }
  if (!builder) builders.set(message.index, (builder = builderFor(message.key)));
  builder.add(message.docs);
});
