import Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { join } from 'node:path';
import { migrations } from './migrations.js';
import { makeDirectory } from '../../platform/make-directory.js';

export type Row = Record<string, unknown>;

const VERSION_CHECK_MS = 1;
/** A row cached as absent. */
const NO_ROW = Object.freeze({});
/**
 * Rows cached at once, counted through `maxSize`: with `max`, lru-cache allocates its whole capacity up front and
 * clearing goes over all of it, too slow for a cache dropped on every write.
 */
const ROW_CACHE = { maxSize: 50_000, sizeCalculation: () => 1 };

/** A better-sqlite3 connection with a prepared-statement cache and migrations applied. */
export class Db {
  readonly raw: Database.Database;
  /** Bounded: a statement with an `IN (?, ...)` list is another statement for each length. */
  private readonly statements = new LRUCache<string, Database.Statement>({ max: 1000 });
  /** Point reads, kept until this connection writes or another one commits (PRAGMA data_version). */
  private rowCache: LRUCache<string, object> | undefined;
  private rowCacheVersion = -1;
  private dataVersion!: Database.Statement;
  /**
   * data_version is read at most once per millisecond, so another process's commit shows within 1 ms
   * (a per-read check cost more than the rest of a cached API read).
   */
  private versionCheckedAt = -Infinity;
  /** Writes made through this connection (data_version only counts other connections' commits). */
  private generation = 0;

  constructor(file: string) {
    this.raw = new Database(file);
    this.raw.pragma('journal_mode = WAL');
    this.raw.pragma('synchronous = NORMAL');
    this.raw.pragma('foreign_keys = ON');
    this.raw.pragma('busy_timeout = 5000');
    this.migrate();
    this.dataVersion = this.raw.prepare('PRAGMA data_version').pluck();
  }

  static open(dir: string): Db {
    makeDirectory(dir);
    return new Db(join(dir, 'quire.db'));
  }

  static memory(): Db {
    return new Db(':memory:');
  }

  prepare(sql: string): Database.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.raw.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  /** A token that changes whenever the data may have changed: this connection wrote, or another one committed. */
  stateVersion(): string {
    this.checkVersion();
    return `${this.rowCacheVersion}.${this.generation}`;
  }

  get<T = Row>(sql: string, ...params: unknown[]): T | undefined {
    if (this.raw.inTransaction) return this.prepare(sql).get(...params) as T | undefined;
    this.checkVersion();
    const key = params.length === 1 ? `${sql}\u0000${typeof params[0]}:${String(params[0])}` : `${sql}\u0000${JSON.stringify(params)}`;
    const rows = (this.rowCache ??= new LRUCache(ROW_CACHE));
    const hit = rows.get(key);
    if (hit !== undefined) return hit === NO_ROW ? undefined : (hit as T);
    const row = this.prepare(sql).get(...params) as T | undefined;
    rows.set(key, row === undefined ? NO_ROW : (row as object));
    return row;
  }

  all<T = Row>(sql: string, ...params: unknown[]): T[] {
    return this.prepare(sql).all(...params) as T[];
  }

  run(sql: string, ...params: unknown[]): number {
    this.rowCache = undefined;
    this.generation++;
    return this.prepare(sql).run(...params).changes;
  }

  /** A write that returns the row it wrote (`... RETURNING *`), or undefined when it wrote none (the caches stay). */
  writeReturning<T = Row>(sql: string, ...params: unknown[]): T | undefined {
    const row = this.prepare(sql).get(...params) as T | undefined;
    if (row !== undefined) {
      this.rowCache = undefined;
      this.generation++;
    }
    return row;
  }

  /** Runs `fn` in one write transaction (nested calls become savepoints). */
  tx<T>(fn: () => T): T {
    try {
      return this.raw.inTransaction ? this.raw.transaction(fn)() : this.raw.transaction(fn).immediate();
    } finally {
      this.rowCache = undefined;
      this.generation++;
    }
  }

  close(): void {
    this.raw.close();
  }

  private checkVersion(): void {
    const now = performance.now();
    if (now - this.versionCheckedAt < VERSION_CHECK_MS) return;
    this.versionCheckedAt = now;
    const version = this.dataVersion.get() as number;
    if (version !== this.rowCacheVersion) {
      this.rowCache = undefined;
      this.rowCacheVersion = version;
    }
  }

  /** Every row of every table, for consistency checks and diagnostics. */
  snapshot(): Record<string, Row[]> {
    const tables = this.all<{ name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name");
    const virtual = tables.filter((t) => t.sql.startsWith('CREATE VIRTUAL')).map((t) => `${t.name}_`);
    const real = tables.filter((t) => !virtual.some((prefix) => t.name.startsWith(prefix)));
    return Object.fromEntries(real.map(({ name }) => [name, this.raw.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all() as Row[]]));
  }

  get schemaVersion(): number {
    return this.raw.pragma('user_version', { simple: true }) as number;
  }

  private migrate(): void {
    const current = this.schemaVersion;
    if (current > migrations.length) {
      throw new Error(`the database schema (v${current}) is newer than this version of Quire (v${migrations.length})`);
    }
    for (let version = current; version < migrations.length; version++) {
      this.raw
        .transaction(() => {
          this.raw.exec(migrations[version]!);
          this.raw.pragma(`user_version = ${version + 1}`);
        })
        .immediate();
    }
  }
}
