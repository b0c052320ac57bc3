// Parses page blobs on worker threads (2 on this class of machine), or inline when there are only a few.
// One pool serves a whole sync: its workers start on the first large batch and stay until `close()`.
import { type ParsedBlob, type ParseJob, parsePage, rememberBody } from '../content/page-parse.js';
import { WorkerPool } from '../platform/worker-threads.js';

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
  private pool: WorkerPool | undefined;

  constructor(private readonly options: ParsePoolOptions = {}) {}

  /**
   * Results in no particular order, without their bodies; `onProgress` gets the number parsed so far, `onResults`
   * each batch as it arrives, bodies included (so the caller can store them while the workers go on).
   */
  async parse(jobs: readonly ParseJob[], onProgress?: (done: number) => void, onResults?: (batch: ParsedBlob[]) => void): Promise<ParsedBlob[]> {
    const wanted = this.options.workers ?? 2;
    if (jobs.length < (this.options.inlineBelow ?? 32) || wanted === 0) {
      const batch = jobs.map((job, i) => {
        const result = keepBody(parsePage(job));
        onProgress?.(i + 1);
        return result;
      });
      onResults?.(batch);
      return batch.map(withoutBody);
    }
    const pool = (this.pool ??= new WorkerPool('gitsync/parse-worker', { size: wanted, worker: { resourceLimits } }));
    const results: ParsedBlob[] = [];
    const batches: Promise<void>[] = [];
    for (let i = 0; i < jobs.length; i += CHUNK) {
      batches.push(
        pool.run<ParsedBlob[]>({ jobs: jobs.slice(i, i + CHUNK) }).then((parsed) => {
          const batch = parsed.map(keepBody);
          results.push(...batch.map(withoutBody));
          onProgress?.(results.length);
          onResults?.(batch);
        }),
      );
    }
    await Promise.all(batches);
    return results;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
  }
}

/** Keeps the parsed body for a site build in this process (the build takes it by oid). */
function keepBody(result: ParsedBlob): ParsedBlob {
  rememberBody(result);
  return result;
}

/** The result without its body: `onResults` had it to store; the results of a whole sync need not hold it. */
function withoutBody(result: ParsedBlob): ParsedBlob {
  if (result.body === undefined) return result;
  const { body: _body, ...rest } = result;
  return rest;
}

/** Parses once with a pool of its own. */
export async function parseAll(jobs: readonly ParseJob[], options: ParsePoolOptions & { onProgress?: (done: number) => void } = {}): Promise<ParsedBlob[]> {
  const pool = new ParsePool(options);
  try {
    return await pool.parse(jobs, options.onProgress);
  } finally {
    await pool.close();
  }
}
