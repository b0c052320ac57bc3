/**
 * The PostgreSQL connection pool, running the same repository queries as SQLite: statements are translated once each
 * (`?` placeholders to `$n`), a transaction holds one pooled client for its async context, and every transaction
 * runs SERIALIZABLE: a read-modify-write that another server's commit overtook fails instead of losing an update, and
 * is run again from the start (its queries have no other side effect). Every write notifies the other servers
 * (LISTEN/NOTIFY), so a cache keyed by `stateVersion` is dropped on every server, not only the one that wrote.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { LRUCache } from 'lru-cache';
import pLimit, { type LimitFunction } from 'p-limit';
import { type ColumnInfo, type Queries, type Query, queryMethods, type Row, runAsync, type Statement } from '../sql/query.js';
import { KeyedMutex, LOCK_WAIT_MS, LockTimeout, Mutex } from '../mutex.js';
import { migrate } from './migrate.js';
import { translate } from './dialect.js';

/** A transaction's client, or a savepoint nested in one. */
interface Transaction {
  client: pg.PoolClient;
  /** Savepoints opened so far in the outermost transaction (it names them). */
  savepoints: { count: number };
  /** Savepoints nested directly in this transaction run one at a time: they cannot interleave on one client. */
  nested: Mutex;
  /** Whether it wrote (then its commit notifies). */
  wrote: { value: boolean };
  /** Set once the outermost transaction ended: work detached from it then runs outside any transaction. */
  done: { value: boolean };
}

/** A row cached as absent. */
const NO_ROW = Object.freeze({});

/** The channel of change notifications. */
const CHANNEL = 'quire_state';
const RELISTEN_MS = 1000;
/**
 * How often the listening connection is checked: one dropped silently (by a NAT or a load balancer) would otherwise
 * leave this server's caches believing nothing changed.
 */
const HEARTBEAT_MS = 10_000;
/** How long a connection may take to be ready (and a wait for a pooled one): libpq's `connect_timeout` of the URL, in seconds. */
const CONNECT_TIMEOUT_MS = 15_000;

function connectTimeout(url: string): number {
  const seconds = Number(URL.canParse(url) ? new URL(url).searchParams.get('connect_timeout') : null);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : CONNECT_TIMEOUT_MS;
}
/** How long a cached point read may live even while no write is heard of: a bound on staleness if all else failed. */
const ROW_TTL_MS = 5_000;
/** Point reads kept at once (counted through `maxSize`: clearing an lru-cache with `max` goes over its whole capacity). */
const ROW_CACHE = { maxSize: 50_000, sizeCalculation: () => 1, ttl: ROW_TTL_MS };

/**
 * SQLSTATEs after which a transaction is worth running again: serialization failure, deadlock, and a unique violation
 * (two transactions took the same next number: PostgreSQL may report that rather than a serialization failure).
 */
const RETRYABLE = new Set(['40001', '40P01', '23505']);
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
  /**
   * Point reads outside transactions, kept while no server writes: dropped on this process's writes and on every
   * notification of another's (so another server's write shows here within the notification's delay).
   */
  private rows = new LRUCache<string, object>(ROW_CACHE);
  private rowsGeneration = -1;
  /** The shared track's version (the one SQLite's `user_version` counts). */
  schemaVersion = 0;
  /** Moves on every write of this process and every notification of another's. */
  private generation = 0;
  /** The connection that listens for other servers' writes, while it does. */
  private listener: pg.Client | undefined;
  private relisten: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;
  /**
   * Transactions at once: one fewer than the pool's connections, so a statement outside any (a blob write while a
   * transaction runs) always finds a connection, and transactions cannot hold them all waiting for one.
   */
  private readonly slots: LimitFunction;
  /** Connections that hold advisory locks (`exclusive`), apart from the pool: a holder never waits for its own. */
  private readonly locks: pg.Pool;
  private readonly connectTimeout: number;
  private readonly held = new KeyedMutex();

  private constructor(
    readonly url: string,
    options: PgOptions,
  ) {
    const max = Math.max(2, options.max ?? 10);
    this.connectTimeout = connectTimeout(url);
    this.pool = new pg.Pool({ connectionString: url, max, types, connectionTimeoutMillis: this.connectTimeout });
    this.slots = pLimit(max - 1);
    // A held lock keeps its connection: as many as the pool, and a wait for one ends as a lock's wait does.
    this.locks = new pg.Pool({ connectionString: url, max, types, connectionTimeoutMillis: LOCK_WAIT_MS });
    this.locks.on('error', () => {});
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
      await db.listen();
    } catch (error) {
      await db.close();
      throw error;
    }
    return db;
  }

  /** Listens for other servers' writes; when the connection drops, tries again (and, meanwhile, no version holds). */
  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      types,
      keepAlive: true,
      keepAliveInitialDelayMillis: HEARTBEAT_MS,
      connectionTimeoutMillis: this.connectTimeout,
    });
    let live = false;
    const lost = () => {
      if (!live) return;
      live = false;
      if (this.listener === client) this.listener = undefined;
      this.generation++;
      clearInterval(this.heartbeat);
      client.end().catch(() => undefined);
      if (!this.closed) this.relisten = setTimeout(() => this.listen().catch(() => undefined), RELISTEN_MS).unref();
    };
    client.on('notification', () => this.generation++);
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      if (!this.closed) this.relisten = setTimeout(() => this.listen().catch(() => undefined), RELISTEN_MS).unref();
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    // Only now is anything cached: what was read before this point may predate a write no one heard of.
    live = true;
    this.listener = client;
    this.generation++;
    this.heartbeat = setInterval(() => {
      const timeout = setTimeout(lost, HEARTBEAT_MS / 2).unref();
      client
        .query('SELECT 1')
        .then(() => clearTimeout(timeout))
        .catch(lost);
    }, HEARTBEAT_MS).unref();
  }

  /** The transaction of the current async context, if one is open. */
  private current(): Transaction | undefined {
    const transaction = this.open > 0 ? this.context.getStore() : undefined;
    return transaction && !transaction.done.value ? transaction : undefined;
  }

  /** Runs `query`, inside the transaction of the current async context if there is one. */
  drive<T>(query: Query<T>): Promise<T> {
    const transaction = this.current();
    return runAsync(query, (statement) => this.execute(statement, transaction));
  }

  /** The asynchronous face of a repository written as queries. */
  guard<R extends object>(repo: Queries<R>): R {
    const guarded: Record<string, unknown> = {};
    for (const [name, method] of queryMethods(repo)) guarded[name] = (...args: unknown[]) => this.drive(method(...args));
    return guarded as R;
  }

  async query<T = Row>(text: string, params: readonly unknown[] = [], transaction = this.current()): Promise<pg.QueryResult<T & pg.QueryResultRow>> {
    const on = transaction?.client ?? this.pool;
    return on.query<T & pg.QueryResultRow>(this.text(text), params as unknown[]);
  }

  private async execute(statement: Statement, transaction: Transaction | undefined): Promise<unknown> {
    switch (statement.kind) {
      case 'get':
        return transaction ? (await this.query(statement.text, statement.params, transaction)).rows[0] : this.cachedRow(statement.text, statement.params);
      case 'first':
        return (await this.query(statement.text, statement.params, transaction)).rows[0];
      case 'all':
        return (await this.query(statement.text, statement.params, transaction)).rows;
      case 'run': {
        const changed = (await this.query(statement.text, statement.params, transaction)).rowCount ?? 0;
        if (changed > 0) await this.wrote(transaction);
        return changed;
      }
      case 'returning': {
        const row = (await this.query(statement.text, statement.params, transaction)).rows[0];
        if (row !== undefined) await this.wrote(transaction);
        return row;
      }
      case 'atomic': {
        const run = () => runAsync(statement.body(), (inner) => this.execute(inner, this.current()));
        return this.tx(run);
      }
      case 'columns':
        return this.columns(statement.table, transaction);
      case 'version':
        return this.stateVersion();
      case 'dialect':
        return 'postgres';
    }
  }

  private async cachedRow(text: string, params: readonly unknown[]): Promise<unknown> {
    const generation = this.generation;
    if (!this.listener) return (await this.query(text, params)).rows[0];
    if (generation !== this.rowsGeneration) {
      this.rows.clear();
      this.rowsGeneration = generation;
    }
    const key = params.length === 1 ? `${text}\u0000${typeof params[0]}:${String(params[0])}` : `${text}\u0000${JSON.stringify(params)}`;
    const hit = this.rows.get(key);
    if (hit !== undefined) return hit === NO_ROW ? undefined : hit;
    const row = (await this.query(text, params)).rows[0] as object | undefined;
    // Kept only if nothing was written while it was read: it might be older than that write.
    if (this.generation === generation) this.rows.set(key, row ?? NO_ROW);
    return row;
  }

  /** A table's columns, read once (on the transaction's own connection: a transaction never waits for another one). */
  private async columns(table: string, transaction?: Transaction): Promise<ColumnInfo[]> {
    let columns = this.columnsOf.get(table);
    if (!columns) {
      const { rows } = await (transaction?.client ?? this.pool).query<{ name: string; nullable: string }>(
        `SELECT column_name AS name, is_nullable AS nullable FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      );
      columns = rows.map((r) => ({ name: r.name, nullable: r.nullable === 'YES' }));
      this.columnsOf.set(table, columns);
    }
    return columns;
  }

  /** A write: in a transaction, noted for its commit to notify; alone, notified now. */
  private async wrote(transaction: Transaction | undefined): Promise<void> {
    if (transaction) {
      transaction.wrote.value = true;
      return;
    }
    this.generation++;
    // The write committed: a notification that fails to go only leaves the other servers' caches to their TTL.
    await this.pool.query(`NOTIFY ${CHANNEL}`).catch(() => undefined);
  }

  /**
   * A token that changes whenever any server may have changed the data: this process wrote, or another one's
   * notification came. While no connection listens, every call answers a new one (nothing cached holds).
   */
  async stateVersion(): Promise<string> {
    return `${this.listener ? this.generation : ++this.generation}`;
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
    const parent = this.current();
    if (parent) return parent.nested.run(() => this.savepoint(parent, fn));
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.slots(() => this.once(fn));
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 250)));
      }
    }
  }

  private async once<T>(fn: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const transaction: Transaction = { client, savepoints: { count: 0 }, nested: new Mutex(), wrote: { value: false }, done: { value: false } };
    this.open++;
    let broken = false;
    // A statement of the transaction's own; one that fails without an SQLSTATE lost the connection.
    const own = async (text: string) => {
      try {
        await client.query(text);
      } catch (error) {
        if ((error as { code?: string }).code === undefined) broken = true;
        throw error;
      }
    };
    try {
      await own('BEGIN ISOLATION LEVEL SERIALIZABLE');
      let result: T;
      try {
        result = await this.context.run(transaction, fn);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => (broken = true));
        // Rows it read may sit in a cache keyed by the version it saw: they go with it.
        if (transaction.wrote.value) this.generation++;
        throw error;
      }
      // Delivered with the commit, to every listening server.
      if (transaction.wrote.value) await own(`NOTIFY ${CHANNEL}`);
      await own('COMMIT');
      if (transaction.wrote.value) this.generation++;
      return result;
    } finally {
      transaction.done.value = true;
      client.release(broken);
      if (--this.open === 0) this.context.disable();
    }
  }

  private async savepoint<T>(parent: Transaction, fn: () => Promise<T>): Promise<T> {
    const name = `quire_${++parent.savepoints.count}`;
    const savepoint: Transaction = { client: parent.client, savepoints: parent.savepoints, nested: new Mutex(), wrote: parent.wrote, done: parent.done };
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

  /**
   * Runs `fn` holding `key`: first among this process's callers (one connection per key, however many wait), then
   * as a session advisory lock among servers, which PostgreSQL releases by itself if this process dies.
   */
  /**
   * `fn` while this process holds `key` and, among servers, the session advisory lock of `key`. The lock is tried, not
   * waited for: between tries no connection is held, so waiters on other keys are not starved, and a wait longer than
   * `waitMs` gives up (`LockTimeout`) instead of hanging on a holder that hung.
   */
  exclusive<T>(key: string, fn: () => Promise<T>, waitMs: number): Promise<T> {
    const deadline = Date.now() + waitMs;
    return this.held.run(
      key,
      async () => {
        const client = await this.lock(key, deadline, waitMs);
        let broken = false;
        try {
          // The previous holder's commit may be ahead of its notification: read nothing from the cache.
          this.generation++;
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => (broken = true));
          client.release(broken);
        }
      },
      waitMs,
    );
  }

  /** A connection of the lock pool holding the advisory lock of `key`; tries again, backing off, until `deadline`. */
  private async lock(key: string, deadline: number, waitMs: number): Promise<pg.PoolClient> {
    for (let attempt = 0; ; attempt++) {
      const client = await this.locks.connect().catch((error: Error) => {
        throw /timeout/i.test(error.message) ? new LockTimeout(key, waitMs) : error;
      });
      try {
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [key]);
        if (rows[0]!.locked) return client;
        client.release();
      } catch (error) {
        client.release(true);
        throw error;
      }
      const pause = Math.min(5 * 2 ** attempt, 250) * (0.5 + Math.random());
      if (Date.now() + pause > deadline) throw new LockTimeout(key, waitMs);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /**
   * Every row of every table of the schema, in a stable order: but the migration bookkeeping, and blobs (as on SQLite,
   * where they are files: content-addressed, an unreferenced one is no state).
   */
  async snapshot(): Promise<Record<string, Row[]>> {
    if (!this.snapshotQuery) {
      const { rows: tables } = await this.pool.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT IN ('quire_schema', 'blobs', 'blob_chunks')
          ORDER BY table_name`,
      );
      // One statement for every table (one snapshot of the database, one round trip), each as JSON rows.
      const parts: string[] = [];
      for (const { name } of tables) {
        const columns = (await this.columns(name)).map((c) => c.name).filter((c) => c !== 'rowid' && c !== 'document');
        const list = columns.map((c) => `"${c}"`).join(', ');
        parts.push(
          `'${name}', COALESCE((SELECT jsonb_agg(t) FROM (SELECT ${list} FROM "${name}" ORDER BY ${columns.map((_, i) => i + 1).join(', ')}) AS t), '[]'::jsonb)`,
        );
      }
      // A function takes at most 100 arguments: objects of 40 tables each, merged.
      const objects = [];
      for (let i = 0; i < parts.length; i += 40) objects.push(`jsonb_build_object(${parts.slice(i, i + 40).join(', ')})`);
      this.snapshotQuery = `SELECT ${objects.join(' || ')} AS snapshot`;
    }
    const { rows } = await this.pool.query<{ snapshot: Record<string, Row[]> }>(this.snapshotQuery);
    return rows[0]!.snapshot;
  }

  private snapshotQuery: string | undefined;

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.relisten);
    clearInterval(this.heartbeat);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await Promise.all([this.pool.end(), this.locks.end()]);
  }
}
