import Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import { migrations } from './migrations.js';
import { Mutex } from '../mutex.js';
import { makeDirectory } from '../../platform/make-directory.js';
import { type ColumnInfo, type Queries, type Query, queryMethods, type Row, runSync, type Statement } from '../sql/query.js';

/** What an async context runs in: a transaction, or a savepoint nested in one. */
interface Transaction {
  /** The outermost transaction (itself for it). */
  root: Transaction;
  /** Savepoints opened so far in the outermost transaction (it names them). */
  savepoints: number;
  /** The transactions nested directly in this one run one at a time: savepoints cannot interleave. */
  nested: Mutex;
}

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
  /** Held by the open transaction, from BEGIN to COMMIT or ROLLBACK. */
  private readonly lock = new Mutex();
  /** The transaction the current async context runs in, if any. */
  private readonly context = new AsyncLocalStorage<Transaction>();
  private current: Transaction | undefined;

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

  /**
   * Runs the synchronous `fn` in one write transaction, nested in the open one (as a savepoint) if there is one: for
   * a repository method's several statements. An asynchronous caller uses `tx`.
   */
  atomic<T>(fn: () => T): T {
    try {
      return this.raw.inTransaction ? this.raw.transaction(fn)() : this.raw.transaction(fn).immediate();
    } finally {
      this.rowCache = undefined;
      this.generation++;
    }
  }

  /** True when the connection is free for the current async context: no transaction open, or it is this context's. */
  private free(): boolean {
    return !this.lock.busy || (this.current !== undefined && this.context.getStore()?.root === this.current);
  }

  /**
   * Runs the synchronous `fn` on the connection: at once when no transaction is open or the caller runs inside the
   * open one, else once that transaction (and those queued before) ended, so no caller sees another's uncommitted
   * writes or has its writes rolled back with them.
   */
  use<T>(fn: () => T): Promise<T> {
    if (this.free()) {
      try {
        return Promise.resolve(fn());
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return this.lock.acquire().then((release) => {
      try {
        return fn();
      } finally {
        release();
      }
    });
  }

  /** Runs `query` to its end at once: no other caller can come between two of its statements. */
  drive<T>(query: Query<T>): T {
    return runSync(query, this.execute);
  }

  private readonly execute = (statement: Statement): unknown => {
    switch (statement.kind) {
      case 'get':
        return this.get(statement.text, ...statement.params);
      case 'first':
        return this.prepare(statement.text).get(...statement.params);
      case 'all':
        return this.all(statement.text, ...statement.params);
      case 'run':
        return this.run(statement.text, ...statement.params);
      case 'returning':
        return this.writeReturning(statement.text, ...statement.params);
      case 'atomic':
        return this.atomic(() => this.drive(statement.body()));
      case 'columns':
        return this.all<{ name: string; notnull: number }>('SELECT name, "notnull" FROM pragma_table_info(?)', statement.table).map(
          (c): ColumnInfo => ({ name: c.name, nullable: c.notnull === 0 }),
        );
      case 'version':
        return this.stateVersion();
      case 'dialect':
        return 'sqlite';
    }
  };

  /** The asynchronous face of a repository written as queries: each call runs through `use`, to its end at once. */
  guard<R extends object>(repo: Queries<R>): R {
    const guarded: Record<string, unknown> = {};
    for (const [name, method] of queryMethods(repo)) guarded[name] = (...args: unknown[]) => this.use(() => this.drive(method(...args)));
    return guarded as R;
  }

  /**
   * Runs `fn` as one write transaction: BEGIN IMMEDIATE once the connection is free, COMMIT when `fn` resolves,
   * ROLLBACK when it rejects. Called inside a transaction, it nests as a savepoint. Only store work should be
   * awaited inside `fn`: every other caller of this connection waits for it.
   */
  async tx<T>(fn: () => Promise<T>): Promise<T> {
    const open = this.context.getStore();
    if (open !== undefined && open.root === this.current) return this.nested(open, fn);
    const release = await this.lock.acquire();
    const transaction = { savepoints: 0, nested: new Mutex() } as Transaction;
    transaction.root = transaction;
    try {
      this.raw.exec('BEGIN IMMEDIATE');
      this.current = transaction;
      let result: T;
      try {
        result = await this.context.run(transaction, fn);
      } catch (error) {
        if (this.raw.inTransaction) this.raw.exec('ROLLBACK');
        throw error;
      }
      try {
        this.raw.exec('COMMIT');
      } catch (error) {
        if (this.raw.inTransaction) this.raw.exec('ROLLBACK');
        throw error;
      }
      return result;
    } finally {
      this.current = undefined;
      this.rowCache = undefined;
      this.generation++;
      release();
      // With no transaction open or waiting, the context is off: Node 20 runs a hook on every promise while any
      // AsyncLocalStorage is in use, a cost every request would pay. The next transaction turns it on again.
      if (!this.lock.busy) this.context.disable();
    }
  }

  private async nested<T>(parent: Transaction, fn: () => Promise<T>): Promise<T> {
    const release = await parent.nested.acquire();
    const name = `quire_${++parent.root.savepoints}`;
    const savepoint: Transaction = { root: parent.root, savepoints: 0, nested: new Mutex() };
    try {
      this.raw.exec(`SAVEPOINT ${name}`);
      try {
        const result = await this.context.run(savepoint, fn);
        this.raw.exec(`RELEASE ${name}`);
        return result;
      } catch (error) {
        this.raw.exec(`ROLLBACK TO ${name}`);
        this.raw.exec(`RELEASE ${name}`);
        throw error;
      }
    } finally {
      this.rowCache = undefined;
      this.generation++;
      release();
    }
  }

  /** Closes the connection once no transaction is open. */
  async closeWhenFree(): Promise<void> {
    await this.use(() => this.close());
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

  /**
   * Every row of every table, for consistency checks and diagnostics. Bytes as PostgreSQL's snapshot gives them
   * (`\x` and hex), so the two compare.
   */
  snapshot(): Record<string, Row[]> {
    const tables = this.all<{ name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name");
    const virtual = tables.filter((t) => t.sql.startsWith('CREATE VIRTUAL')).map((t) => `${t.name}_`);
    const real = tables.filter((t) => !virtual.some((prefix) => t.name.startsWith(prefix)));
    const row = (values: Row): Row => {
      for (const [key, value] of Object.entries(values)) if (Buffer.isBuffer(value)) values[key] = `\\x${value.toString('hex')}`;
      return values;
    };
    return Object.fromEntries(real.map(({ name }) => [name, (this.raw.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all() as Row[]).map(row)]));
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
