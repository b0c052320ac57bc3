// Worker thread entry: one walk of history (walker.ts), beside the sync that reads and parses the pages meanwhile.
import { parentPort, workerData } from 'node:worker_threads';
import { walkHistory, type WalkInput } from './walker.js';

try {
  const { dates, commits, stopped } = await walkHistory(workerData as WalkInput);
  parentPort!.postMessage({ dates: [...dates], commits, stopped });
} catch (error) {
  parentPort!.postMessage({ error: (error as Error).message });
}
