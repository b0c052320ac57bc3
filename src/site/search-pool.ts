/**
 * Builds the sites' search indexes while the pages render: on a worker thread for big sites (indexing takes about
 * 1 s for 1,000 pages, which then overlaps with rendering on the other core), inline for small ones, where starting
 * a worker costs more than it saves. Documents go in page order, so the files are the same either way. The worker
 * stays for the next build of the process (warm, no start-up), unreferenced so it never keeps the process alive.
 */
import { SearchIndexBuilder, type SearchDoc, type SearchOutput } from './search-index.js';
import { sharedClient } from '../platform/worker-threads.js';

export interface SearchIndexes {
  /** Appends documents to index `index` (one per site space). */
  add(index: number, docs: readonly SearchDoc[]): void;
  /** The index's files, once every document was added; `onDisk` is the manifest the output folder holds (`SearchIndexBuilder.finish`). */
  finish(index: number, onDisk: string | null): Promise<SearchOutput>;
  close(): Promise<void>;
}

/** Below this many pages in a build, indexes are built inline. */
export const WORKER_FROM_PAGES = 200;
const BATCH = 256;
const searchWorker = sharedClient('site/search-worker', { resourceLimits: { maxYoungGenerationSizeMb: 16 } });

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

  async finish(index: number, onDisk: string | null): Promise<SearchOutput> {
    const builder = this.builders.get(index) ?? new SearchIndexBuilder();
    this.builders.delete(index);
    return builder.finish(onDisk);
  }

  async close(): Promise<void> {}
}

/** Index numbers on the shared worker, unique across the builds using it. */
let nextIndex = 0;

/** A build's indexes on the shared worker: if it dies meanwhile, `finish` rejects (the documents sent are gone). */
class WorkerIndexes implements SearchIndexes {
  private readonly client = searchWorker();
  private readonly ids = new Map<number, number>();
  private readonly pending = new Map<number, SearchDoc[]>();

  constructor(private readonly scope?: string) {}

  add(index: number, docs: readonly SearchDoc[]): void {
    let batch = this.pending.get(index);
    if (!batch) this.pending.set(index, (batch = []));
    batch.push(...docs);
    if (batch.length >= BATCH) this.flush(index);
  }

  finish(index: number, onDisk: string | null): Promise<SearchOutput> {
    this.flush(index);
    const id = this.id(index);
    this.ids.delete(index);
    return this.client.request<SearchOutput>({ type: 'finish', index: id, onDisk });
  }

  async close(): Promise<void> {
    // A build that failed half way leaves documents in the worker: drop them.
    for (const id of this.ids.values()) this.client.post({ type: 'drop', index: id });
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
    this.client.post({ type: 'add', index: this.id(index), docs, ...(key === undefined ? {} : { key }) });
  }
}
