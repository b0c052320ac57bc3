// Worker thread entry: walks of history (walker.ts), beside the sync that reads and parses the pages meanwhile.
import { parentPort } from 'node:worker_threads';
import { answer } from '../../platform/worker-threads.js';
import { walkHistory, type WalkInput } from './walker.js';

parentPort?.on(
  'message',
  answer<{ id: number; input: WalkInput }>(async ({ input }) => {
    const { dates, commits, stopped } = await walkHistory(input);
    return { dates: [...dates], commits, stopped };
  }),
);
