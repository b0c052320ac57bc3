// Worker thread entry: builds search indexes from documents posted in order, and returns each one's JSON.
import { parentPort } from 'node:worker_threads';
import { SearchIndexBuilder, type SearchDoc } from './search-index.js';

type Message = { type: 'add'; index: number; docs: SearchDoc[] } | { type: 'finish' | 'drop'; index: number };

const builders = new Map<number, SearchIndexBuilder>();

parentPort?.on('message', (message: Message) => {
  if (message.type === 'drop') return void builders.delete(message.index);
  let builder = builders.get(message.index);
  if (!builder) builders.set(message.index, (builder = new SearchIndexBuilder()));
  if (message.type === 'add') return builder.add(message.docs);
  builders.delete(message.index);
  parentPort!.postMessage({ index: message.index, json: builder.json() });
});
