// Worker thread entry: parses batches of page blobs posted by the parse pool.
import { parentPort } from 'node:worker_threads';
import { type ParseJob, parsePage } from '../content/page-parse.js';

parentPort?.on('message', (message: { id: number; jobs: ParseJob[] }) => {
  parentPort!.postMessage({ id: message.id, results: message.jobs.map(parsePage) });
});
