// Parses page blobs on worker threads (2 on this class of machine), or inline when there are only a few.
// One pool serves a whole sync: its workers start on the first large batch and stay until `close()`.
import { Worker } from 'node:worker_threads';
import { type ParsedBlob, type ParseJob, parsePage, rememberBody } from '../content/page-parse.js';
import { startWorker as startThread } from '../platform/worker-threads.js';

export interface ParsePoolOptions {
  /** Worker threads to use (default 2; 0 parses on the calling thread). */
  workers?: number;
  /** Below this many jobs, parse on the calling thread: starting a worker costs more (default 32). */
  inlineBelow?: number;
}

const CHUNK = 8;

/**
 * A bigger young generation makes the allocation-heavy markdown parse faster (perf-notes §1); 32 MB per worker gave the
 * same speed as 64 MB on the 1,000-page bench with about 80 MB less peak RSS.
 */
const resourceLimits = { maxYoungGenerationSizeMb: 32 };

export class ParsePool {
  private workers: Worker[] = [];
  private nextRequest = 0;

  constructor(private readonly options: ParsePoolOptions = {}) {}

  /**
   * Results in no particular order; `onProgress` gets the number parsed so far, `onResults` each batch as it arrives
   * (so the caller can store them while the workers go on).
   */
  async parse(jobs: readonly ParseJob[], onProgress?: (done: number) => void, onResults?: (batch: ParsedBlob[]) => void): Promise<ParsedBlob[]> {
    const wanted = this.options.workers ?? 2;
    if (jobs.length < (this.options.inlineBelow ?? 32) || wanted === 0) {
      const results = jobs.map((job, i) => {
        const result = keepBody(parsePage(job));
        onProgress?.(i + 1);
        return result;
      });
      onResults?.(results);
      return results;
    }
    this.start(wanted);
    const chunks: ParseJob[][] = [];
    for (let i = 0; i < jobs.length; i += CHUNK) chunks.push(jobs.slice(i, i + CHUNK));
    const results: ParsedBlob[] = [];
    let next = 0;
    await Promise.all(
      this.workers.map(async (worker) => {
        while (next < chunks.length) {
          const chunk = chunks[next]!;
          chunks[next++] = []; // the bytes are the worker's now
          const batch = (await request(worker, this.nextRequest++, chunk)).map(keepBody);
          results.push(...batch);
          onProgress?.(results.length);
          onResults?.(batch);
        }
      }),
    );
    return results;
  }

  private start(wanted: number): void {
    while (this.workers.length < wanted) {
      const worker = startWorker();
      worker.once('exit', () => (this.workers = this.workers.filter((w) => w !== worker)));
      this.workers.push(worker);
    }
  }

  async close(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** Keeps the parsed body for a site build in this process (the build takes it by oid), not in the result. */
function keepBody(result: ParsedBlob): ParsedBlob {
  if (result.body === undefined) return result;
  rememberBody(result);
  const { body: _body, ...rest } = result;
  return rest;
}

/** Parses once with a pool of its own. */
export async function parseAll(
  jobs: readonly ParseJob[],
  options: ParsePoolOptions & { onProgress?: (done: number) => void } = {},
): Promise<ParsedBlob[]> {
  const pool = new ParsePool(options);
  try {
    return await pool.parse(jobs, options.onProgress);
  } finally {
    await pool.close();
  }
}

function request(worker: Worker, id: number, jobs: ParseJob[]): Promise<ParsedBlob[]> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { id: number; results: ParsedBlob[] }) => {
      if (message.id !== id) return;
      cleanup();
      resolve(message.results);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`parse worker exited with code ${code}`));
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage({ id, jobs });
  });
}

function startWorker(): Worker {
  const worker = startThread('gitsync/parse-worker', { resourceLimits });
  worker.on('error', () => {}); // reported to the pending request; never an uncaught 'error' event
  return worker;
}
