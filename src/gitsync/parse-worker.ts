// Worker thread entry: parses batches of page blobs posted by the parse pool.
import { parentPort } from 'node:worker_threads';
import { type ParseJob, parsePage } from '../content/page-parse.js';
import { answer } from '../platform/worker-threads.js';

parentPort?.on(
  'message',
  answer<{ id: number; jobs: ParseJob[] }>(({ jobs }) => jobs.map(parsePage)),
);
