/**
 * Builds the sites' search indexes while the pages render: on a worker thread for big sites (indexing takes about
 * 1 s for 1,000 pages, which then overlaps with rendering on the other core), inline for small ones, where starting
 * a worker costs more than it saves. Documents go in page order, so the files are the same either way. The worker
 * stays for the next build of the process (warm, no start-up), unreferenced so it never keeps the process alive.
 */
import { renameSync, rmSync } from 'node:fs';
import { type SearchFolder, type WrittenSearch, writeSearchFiles } from './search-files.js';
import { SearchIndexBuilder, type SearchPage } from './search-index.js';
import { removeSnapshots, snapshotPath } from './search-snapshots.js';
import { sharedClient } from '../platform/worker-threads.js';

export interface SearchIndexes {
  /**
   * Readies index `index` (one per site space) for a build over its `folder` in the output folder: the signatures of
   * the pages it has already (a page of one of them may come without its documents), or null.
   */
  prepare(index: number, folder: SearchFolder): Promise<ReadonlyMap<string, string> | null>;
  /** Appends a page to index `index`. */
  add(index: number, page: SearchPage): void;
  /** Writes the index's files that `folder` lacks, once every page was added. */
  finish(index: number, folder: SearchFolder): Promise<WrittenSearch>;
  /**
   * After the build wrote its manifests: the snapshots of the indexes finished become those of the build cache, and
   * the cache's other snapshots go (half written by a build that crashed, or of site spaces gone).
   */
  commit(): Promise<void>;
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
  return pages >= WORKER_FROM_PAGES ? new WorkerIndexes(scope) : new InlineIndexes(scope);
}

/** Indexes built here, afresh each build: no snapshot. */
class InlineIndexes implements SearchIndexes {
  private readonly builders = new Map<number, SearchIndexBuilder>();

  constructor(private readonly scope?: string) {}

  async prepare(): Promise<null> {
    return null;
  }

  add(index: number, page: SearchPage): void {
    let builder = this.builders.get(index);
    if (!builder) this.builders.set(index, (builder = new SearchIndexBuilder()));
    builder.add([page]);
  }

  async finish(index: number, folder: SearchFolder): Promise<WrittenSearch> {
    const builder = this.builders.get(index) ?? new SearchIndexBuilder();
    this.builders.delete(index);
    return writeSearchFiles(builder, folder);
  }

  async commit(): Promise<void> {
    if (this.scope !== undefined) removeSnapshots(this.scope, new Set());
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
  /** The snapshots the worker writes, by index: each under its temporary name (`pendingSnapshot`) until `commit`. */
  private readonly snapshots = new Map<number, Promise<string | null>>();

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

  async finish(index: number, folder: SearchFolder): Promise<WrittenSearch> {
    this.flush(index);
    const id = this.id(index);
    this.ids.delete(index);
    const written = this.client.request<WrittenSearch>({ type: 'finish', index: id, folder });
    // Asked for now, done once the files are answered: the snapshot is saved while this thread writes the site's files.
    const saved = this.client.request<string | null>({ type: 'save', index: id });
    saved.catch(() => {});
    this.snapshots.set(index, saved);
    return await written;
  }

  async commit(): Promise<void> {
    if (this.scope === undefined) return;
    const committed = new Set<number>();
    for (const [index, saved] of this.snapshots) {
      try {
        const temporary = await saved;
        if (temporary === null) continue;
        renameSync(temporary, snapshotPath(this.scope, index));
        committed.add(index);
      } catch {
        // Only the next build in another process is slower: it indexes every page again.
      }
    }
    this.snapshots.clear();
    removeSnapshots(this.scope, committed);
  }

  async close(): Promise<void> {
    // A build that failed half way leaves documents in the worker, and snapshots of what it did not commit: drop them.
    for (const id of this.ids.values()) this.client.post({ type: 'drop', index: id });
    for (const saved of this.snapshots.values()) {
      const temporary = await saved.catch(() => null);
      if (temporary !== null) rmSync(temporary, { force: true });
    }
    this.snapshots.clear();
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
