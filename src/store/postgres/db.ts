/**
 * The PostgreSQL connection pool, running the same repository queries as SQLite: statements are translated once each
 * (`?` placeholders to `$n`), a transaction holds one pooled client for its async context, and every transaction
 * runs SERIALIZABLE: a read-modify-write that another server's commit overtook fails instead of losing an update, and
 * is run again from the start (its queries have no other side effect).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { LRUCache } from 'lru-cache';
import { type ColumnInfo, type Queries, type Query, queryMethods, type Row, runAsync, type Statement } from '../sql/query.js';
import { migrate } from './migrate.js';
import { translate } from './dialect.js';

/** A transaction's client, or a savepoint nested in one. */
interface Transaction {
  client: pg.PoolClient;
  /** Savepoints opened so far in the outermost transaction (it names them). */
  savepoints: { count: number };
  /** Savepoints nested directly in this transaction run one at a time: they cannot interleave on one client. */
  nested: Mutex;
}

/** A first-in first-out asynchronous lock. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

/** SQLSTATEs after which a transaction is worth running again: serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 12;

/** bigint and numeric as JavaScript numbers (counts, sums, sizes: all well under 2^53). */
const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 20 || oid === 1700) return (value: string) => Number(value);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
} as pg.CustomTypesConfig;

export interface PgOptions {
  /** Connections in the pool (default 10). */
  max?: number;
}

export class PgDb {
  readonly pool: pg.Pool;
  private readonly context = new AsyncLocalStorage<Transaction>();
  /** Transactions open in this process: while none is, the async context is off (a cost on every promise). */
  private open = 0;
  private readonly texts = new LRUCache<string, string>({ max: 2000 });
  private readonly columnsOf = new Map<string, ColumnInfo[]>();
  /** The shared track's version (the one SQLite's `user_version` counts). */
  schemaVersion = 0;

  private constructor(
    readonly url: string,
    options: PgOptions,
  ) {
    this.pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types });
    // An idle client's error (the server restarted) must not crash the process: the pool drops it.
    this.pool.on('error', () => {});
  }

  /** A pool on `url`, with the schema migrated (once, whatever the number of servers starting together). */
  static async open(url: string, options: PgOptions = {}): Promise<PgDb> {
    const db = new PgDb(url, options);
    try {
      const client = await db.pool.connect();
      try {
        db.schemaVersion = (await migrate(client)).shared?.to ?? 0;
      } finally {
        client.release();
      }
    } catch (error) {
      await db.pool.end();
      throw error;
    }
    return db;
  }

  /** Runs `query`, inside the transaction of the current async context if there is one. */
  drive<T>(query: Query<T>): Promise<T> {
    const transaction = this.open > 0 ? this.context.getStore() : undefined;
    return runAsync(query, (statement) => this.execute(statement, transaction));
  }

  /** The asynchronous face of a repository written as queries. */
  guard<R extends object>(repo: Queries<R>): R {
    const guarded: Record<string, unknown> = {};
    for (const [name, method] of queryMethods(repo)) guarded[name] = (...args: unknown[]) => this.drive(method(...args));
    return guarded as R;
  }

  async query<T = Row>(
    text: string,
    params: readonly unknown[] = [],
    transaction = this.open > 0 ? this.context.getStore() : undefined,
  ): Promise<pg.QueryResult<T & pg.QueryResultRow>> {
    const on = transaction?.client ?? this.pool;
    return on.query<T & pg.QueryResultRow>(this.text(text), params as unknown[]);
  }

  private async execute(statement: Statement, transaction: Transaction | undefined): Promise<unknown> {
    switch (statement.kind) {
      case 'get':
      case 'first':
        return (await this.query(statement.text, statement.params, transaction)).rows[0];
      case 'all':
        return (await this.query(statement.text, statement.params, transaction)).rows;
      case 'run':
        return (await this.query(statement.text, statement.params, transaction)).rowCount ?? 0;
      case 'returning':
        return (await this.query(statement.text, statement.params, transaction)).rows[0];
      case 'atomic': {
        const run = () => runAsync(statement.body(), (inner) => this.execute(inner, this.context.getStore()));
        return this.tx(run);
      }
      case 'columns':
        return this.columns(statement.table);
      case 'version':
        return this.stateVersion();
    }
  }

  private async columns(table: string): Promise<ColumnInfo[]> {
    let columns = this.columnsOf.get(table);
    if (!columns) {
      const { rows } = await this.pool.query<{ name: string; nullable: string }>(
        `SELECT column_name AS name, is_nullable AS nullable FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      );
      columns = rows.map((r) => ({ name: r.name, nullable: r.nullable === 'YES' }));
      this.columnsOf.set(table, columns);
    }
    return columns;
  }

  /**
   * A token that changes whenever any server may have changed the data: the position in the write-ahead log, which
   * every commit moves. Read before the data it versions, it can only be older than that data, never newer.
   */
  async stateVersion(): Promise<string> {
    const { rows } = await this.pool.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    return rows[0]!.lsn;
  }

  private text(text: string): string {
    let translated = this.texts.get(text);
    if (translated === undefined) {
      translated = translate(text);
      this.texts.set(text, translated);
    }
    return translated;
  }

  /**
   * Runs `fn` as one SERIALIZABLE transaction on one client; nested, as a savepoint of the open one. When PostgreSQL
   * refuses to commit (another transaction overtook this one's reads) or breaks a deadlock, the whole of `fn` runs
   * again, up to a bound: `fn` must only do store work (and content-addressed blob writes), as for SQLite.
   */
  async tx<T>(fn: () => Promise<T>): Promise<T> {
    const parent = this.open > 0 ? this.context.getStore() : undefined;
    if (parent) return parent.nested.run(() => this.savepoint(parent, fn));
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(fn);
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 4 * attempt));
      }
    }
  }

  private async once<T>(fn: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const transaction: Transaction = { client, savepoints: { count: 0 }, nested: new Mutex() };
    this.open++;
    let broken = false;
    try {
      await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
      let result: T;
      try {
        result = await this.context.run(transaction, fn);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => (broken = true));
        throw error;
      }
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if ((error as { code?: string }).code === undefined) broken = true;
      throw error;
    } finally {
      client.release(broken);
      if (--this.open === 0) this.context.disable();
    }
  }

  private async savepoint<T>(parent: Transaction, fn: () => Promise<T>): Promise<T> {
    const name = `quire_${++parent.savepoints.count}`;
    const savepoint: Transaction = { client: parent.client, savepoints: parent.savepoints, nested: new Mutex() };
    await parent.client.query(`SAVEPOINT ${name}`);
    try {
      const result = await this.context.run(savepoint, fn);
      await parent.client.query(`RELEASE ${name}`);
      return result;
    } catch (error) {
      await parent.client.query(`ROLLBACK TO ${name}`);
      await parent.client.query(`RELEASE ${name}`);
      throw error;
    }
  }

  /** Every row of every table of the schema (but the migration bookkeeping), in a stable order. */
  async snapshot(): Promise<Record<string, Row[]>> {
    const { rows: tables } = await this.pool.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'quire_schema' ORDER BY table_name`,
    );
    const out: Record<string, Row[]> = {};
    for (const { name } of tables) {
      const columns = (await this.columns(name)).map((c) => c.name).filter((c) => c !== 'rowid' && c !== 'document');
      const { rows } = await this.pool.query(
        `SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${name}" ORDER BY ${columns.map((_, i) => i + 1).join(', ')}`,
      );
      out[name] = rows;
    }
    return out;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
