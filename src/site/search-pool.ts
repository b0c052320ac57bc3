/**
 * Builds the sites' search indexes while the pages render: on a worker thread for big sites (indexing takes about
 * 1 s for 1,000 pages, which then overlaps with rendering on the other core), inline for small ones, where starting
 * a worker costs more than it saves. Documents go in page order, so the files are the same either way. The worker
 * stays for the next build of the process (warm, no start-up), unreferenced so it never keeps the process alive.
 */
import { join } from 'node:path';
import { type SearchFolder, type WrittenSearch, writeSearchFiles } from './search-files.js';
import { SearchIndexBuilder, type SearchPage } from './search-index.js';
import { SEGMENTS } from './manifest.js';
import { sharedClient } from '../platform/worker-threads.js';

export interface SearchIndexes {
  /**
   * Readies index `index` (one per site space) for a build over its `folder` in the output folder: the signatures of
   * the pages it has already (a page of one of them may come without its documents), or null.
   */
  prepare(index: number, folder: SearchFolder): Promise<ReadonlyMap<string, string> | null>;
  /** Appends a page to index `index`. */
  add(index: number, page: SearchPage): void;
  /** Writes the index's files that `folder` lacks, under `dir` of the output folder `out`, once every page was added. */
  finish(index: number, folder: SearchFolder, out: string, dir: string): Promise<WrittenSearch>;
  close(): Promise<void>;
}

/** Below this many pages in a build, indexes are built inline. */
export const WORKER_FROM_PAGES = 200;
/** Pages per message to the worker. */
const BATCH = 64;
const searchWorker = sharedClient('site/search-worker', { resourceLimits: { maxYoungGenerationSizeMb: 64 } });

/**
 * `scope` names the site being built (its output folder): the worker keeps that site's indexes, and their snapshots
 * in the folder's build cache, so its next build (in this process or another) re-indexes only the pages that changed.
 */
export function searchIndexes(pages: number, scope?: string): SearchIndexes {
  return pages >= WORKER_FROM_PAGES ? new WorkerIndexes(scope) : new InlineIndexes();
}

class InlineIndexes implements SearchIndexes {
  private readonly builders = new Map<number, SearchIndexBuilder>();

  async prepare(): Promise<null> {
    return null;
  }

  add(index: number, page: SearchPage): void {
    let builder = this.builders.get(index);
    if (!builder) this.builders.set(index, (builder = new SearchIndexBuilder()));
    builder.add([page]);
  }

  async finish(index: number, folder: SearchFolder, out: string, dir: string): Promise<WrittenSearch> {
    const builder = this.builders.get(index) ?? new SearchIndexBuilder();
    this.builders.delete(index);
    return writeSearchFiles(builder, folder, out, dir);
  }

  async close(): Promise<void> {}
}

/** Index numbers on the shared worker, unique across the builds using it. */
let nextIndex = 0;

/** A build's indexes on the shared worker: if it dies meanwhile, `finish` rejects (the documents sent are gone). */
class WorkerIndexes implements SearchIndexes {
  private readonly client = searchWorker();
  private readonly ids = new Map<number, number>();
  private readonly pending = new Map<number, SearchPage[]>();

  constructor(private readonly scope?: string) {}

  async prepare(index: number, folder: SearchFolder): Promise<ReadonlyMap<string, string> | null> {
    if (this.scope === undefined || this.ids.has(index)) return null;
    const signatures = await this.client.request<Array<[string, string]> | null>({ type: 'prepare', index: this.id(index), folder, ...this.kept(index) });
    return signatures && new Map(signatures);
  }

  add(index: number, page: SearchPage): void {
    let batch = this.pending.get(index);
    if (!batch) this.pending.set(index, (batch = []));
    batch.push(page);
    if (batch.length >= BATCH) this.flush(index);
  }

  finish(index: number, folder: SearchFolder, out: string, dir: string): Promise<WrittenSearch> {
    this.flush(index);
    const id = this.id(index);
    this.ids.delete(index);
    return this.client.request<WrittenSearch>({ type: 'finish', index: id, folder, out, dir });
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
    const pages = this.pending.get(index);
    if (!pages?.length) return;
    this.pending.delete(index);
    const kept = this.ids.has(index) ? {} : this.kept(index);
    this.client.post({ type: 'add', index: this.id(index), pages, ...kept });
  }

  /** Where the worker keeps this site's index `index`: its key in the worker, its snapshot on disk. */
  private kept(index: number): { key?: string; snapshot?: string } {
    return this.scope === undefined ? {} : { key: `${this.scope}\0${index}`, snapshot: snapshotPath(this.scope, index) };
  }
}

/** Where the snapshot of a site's index `index` is kept: in the build cache of its output folder. */
export function snapshotPath(out: string, index: number): string {
  return join(out, SEGMENTS, `search-${index}.v8`);
}
