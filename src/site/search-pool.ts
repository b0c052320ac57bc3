/**
 * Builds the sites' search indexes while the pages render: on a worker thread for big sites (MiniSearch takes about
 * 1 s for 1,000 pages, which then overlaps with rendering on the other core), inline for small ones, where starting
 * a worker costs more than it saves. Documents go in page order, so the JSON is the same either way. The worker
 * stays for the next build of the process (warm, no start-up), unreferenced so it never keeps the process alive.
 */
import { Worker } from 'node:worker_threads';
import { SearchIndexBuilder, type SearchDoc } from './search-index.js';
import { startWorker } from '../platform/worker-threads.js';

export interface SearchIndexes {
  /** Appends documents to index `index` (one per site space). */
  add(index: number, docs: readonly SearchDoc[]): void;
  /** The index's JSON, once every document was added. */
  finish(index: number): Promise<string>;
  close(): Promise<void>;
}

/** Below this many pages in a build, indexes are built inline. */
export const WORKER_FROM_PAGES = 200;
const BATCH = 256;
const resourceLimits = { maxYoungGenerationSizeMb: 16 };

/**
 * `scope` names the site being built (its output folder): the worker keeps that site's indexes, so its next build
 * re-indexes only the pages that changed.
 */
export function searchIndexes(pages: number, scope?: string): SearchIndexes {
  return pages >= WORKER_FROM_PAGES ? new WorkerIndexes(scope) : new InlineIndexes();
}

class InlineIndexes implements SearchIndexes {
  private readonly builders = new Map<number, SearchIndexBuilder>();

  add(index: number, docs: readonly SearchDoc[]): void {
    let builder = this.builders.get(index);
    if (!builder) this.builders.set(index, (builder = new SearchIndexBuilder()));
    builder.add(docs);
  }

  async finish(index: number): Promise<string> {
    const builder = this.builders.get(index) ?? new SearchIndexBuilder();
    this.builders.delete(index);
    return builder.json();
  }

  async close(): Promise<void> {}
}

let shared: Worker | null = null;
let users = 0;
/** Index numbers on the shared worker, unique across the builds using it. */
let nextIndex = 0;

function acquire(): Worker {
  if (!shared) {
    const worker = spawn();
    worker.on('error', () => {}); // reported to the builds waiting on it through their own listeners
    worker.once('exit', () => {
      if (shared === worker) shared = null;
    });
    shared = worker;
  }
  if (users++ === 0) shared.ref();
  return shared;
}

function release(worker: Worker): void {
  if (worker === shared && --users === 0) worker.unref();
}

class WorkerIndexes implements SearchIndexes {
  private readonly worker = acquire();
  private readonly ids = new Map<number, number>();
  private readonly pending = new Map<number, SearchDoc[]>();
  private readonly waiting = new Map<number, { resolve: (json: string) => void; reject: (error: Error) => void }>();
  private failure: Error | null = null;
  private readonly onMessage = (message: { index: number; json: string }) => {
    this.waiting.get(message.index)?.resolve(message.json);
    this.waiting.delete(message.index);
  };
  private readonly onError = (error: Error) => {
    this.failure ??= error;
    for (const w of this.waiting.values()) w.reject(error);
    this.waiting.clear();
  };
  private readonly onExit = (code: number) => this.onError(new Error(`search index worker exited with code ${code}`));

  constructor(private readonly scope?: string) {
    this.worker.on('message', this.onMessage);
    this.worker.on('error', this.onError);
    this.worker.on('exit', this.onExit);
  }

  add(index: number, docs: readonly SearchDoc[]): void {
    let batch = this.pending.get(index);
    if (!batch) this.pending.set(index, (batch = []));
    batch.push(...docs);
    if (batch.length >= BATCH) this.flush(index);
  }

  finish(index: number): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    this.flush(index);
    const id = this.id(index);
    this.ids.delete(index);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'finish', index: id });
    });
  }

  async close(): Promise<void> {
    this.worker.off('message', this.onMessage);
    this.worker.off('error', this.onError);
    this.worker.off('exit', this.onExit);
    // A build that failed half way leaves documents in the worker: drop them.
    for (const id of this.ids.values()) this.worker.postMessage({ type: 'drop', index: id });
    release(this.worker);
  }

  private id(index: number): number {
    let id = this.ids.get(index);
    if (id === undefined) this.ids.set(index, (id = nextIndex++));
    return id;
  }

  private flush(index: number): void {
    const docs = this.pending.get(index);
    if (!docs?.length) return;
    this.pending.delete(index);
    const key = this.scope === undefined || this.ids.has(index) ? undefined : `${this.scope}\0${index}`;
    this.worker.postMessage({ type: 'add', index: this.id(index), docs, ...(key === undefined ? {} : { key }) });
  }
}

function spawn(): Worker {
  return startWorker('site/search-worker', { resourceLimits });
}
