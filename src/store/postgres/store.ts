import type { SecretBox } from '../secrets.js';
import type { Store } from '../store.js';
import { SqlRepositories } from '../sql/repositories.js';
import { PostgresBlobStore } from './blobs.js';
import { LOCK_WAIT_MS } from '../mutex.js';
import { PgDb, type PgOptions } from './db.js';
import { PostgresSearchRepo } from './search.js';

/**
 * The store for several servers: every repository over one PostgreSQL database, blobs in it too, so servers share
 * nothing but the database. The secret box's key cannot live beside the database here: every server must be given
 * the same one (`secrets`).
 */
export class PostgresStore extends SqlRepositories implements Store {
  readonly blobs: PostgresBlobStore;

  private constructor(
    private readonly db: PgDb,
    readonly secrets: SecretBox,
  ) {
    super((repo) => db.guard(repo), new PostgresSearchRepo());
    this.blobs = new PostgresBlobStore(db.pool);
  }

  /** The store of the database at `url` (`postgres://...`), its schema migrated. */
  static async open(url: string, secrets: SecretBox, options: PgOptions = {}): Promise<PostgresStore> {
    return new PostgresStore(await PgDb.open(url, options), secrets);
  }

  /** Parse records are in the database every server shares: there is no other store to seed them from. */
  async seedDerived(): Promise<boolean> {
    return false;
  }

  tx<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.tx(fn);
  }

  exclusive<T>(key: string, fn: () => Promise<T>, options: { waitMs?: number } = {}): Promise<T> {
    return this.db.exclusive(key, fn, options.waitMs ?? LOCK_WAIT_MS);
  }

  stateVersion(): Promise<string> {
    return this.db.stateVersion();
  }

  snapshot(): Promise<Record<string, unknown[]>> {
    return this.db.snapshot();
  }

  /** The schema's version as SQLite numbers it (the shared track). */
  get schemaVersion(): number {
    return this.db.schemaVersion;
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
