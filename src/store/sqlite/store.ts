import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type BlobStore, FileBlobStore, MemoryBlobStore } from '../blobs.js';
import type { Store } from '../store.js';
import { Db } from './db.js';
import { SqliteSearchRepo } from './search.js';
import { copyDerived } from './seed.js';
import { SecretBox } from '../secrets.js';
import { KeyedMutex, LOCK_WAIT_MS } from '../mutex.js';
import { SqlRepositories } from '../sql/repositories.js';

/** The embedded store: every repository over one SQLite database (WAL), blobs as files beside it. */
export class SqliteStore extends SqlRepositories implements Store {
  private constructor(
    private readonly db: Db,
    readonly blobs: BlobStore,
    readonly secrets: SecretBox,
  ) {
    super((repo) => db.guard(repo), new SqliteSearchRepo());
  }

  /** The embedded default: SQLite (WAL) and blob files under `dir`. */
  static open(dir: string, secrets = new SecretBox(join(dir, 'secret.key'))): SqliteStore {
    return new SqliteStore(Db.open(dir), new FileBlobStore(join(dir, 'blobs')), secrets);
  }

  static memory(): SqliteStore {
    return new SqliteStore(Db.memory(), new MemoryBlobStore(), new SecretBox(null));
  }

  /**
   * Copies the parse records (and their search sections) of the store under `dir`, if there is one, into this
   * store: a scratch store then re-parses none of the pages that store had. False when there was nothing to copy
   * or it could not be read (an older or broken store): the copy is a shortcut, never needed.
   */
  async seedDerived(dir: string, version: number): Promise<boolean> {
    const file = join(dir, 'quire.db');
    if (!existsSync(file)) return false;
    return this.db.use(() => {
      try {
        copyDerived(this.db, file, version);
        return true;
      } catch {
        return false;
      }
    });
  }

  /** Runs `fn` as one transaction: all its writes land, or none do. */
  tx<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.tx(fn);
  }

  /** In this process only: another process on the same file is caught by the compare-and-set that follows. */
  exclusive<T>(key: string, fn: () => Promise<T>, options: { waitMs?: number } = {}): Promise<T> {
    return this.held.run(key, fn, options.waitMs ?? LOCK_WAIT_MS);
  }

  private readonly held = new KeyedMutex();

  /** Changes whenever the stored data may have: equal versions mean equal reads. */
  stateVersion(): Promise<string> {
    return this.db.use(() => this.db.stateVersion());
  }

  /** Every row of every table: two equal snapshots mean nothing changed. */
  snapshot(): Promise<Record<string, unknown[]>> {
    return this.db.use(() => this.db.snapshot());
  }

  get schemaVersion(): number {
    return this.db.schemaVersion;
  }

  close(): Promise<void> {
    return this.db.closeWhenFree();
  }
}
