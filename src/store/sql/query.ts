/**
 * Repositories are written once for both databases: a method is a generator that yields the statements it needs and
 * receives their results. SQLite's driver answers each at once, so the method runs to its end synchronously (no other
 * caller can come between two of its statements); PostgreSQL's driver awaits each on the network. A method has no
 * other side effect, so a driver may run it again from the start (a serialization failure on PostgreSQL).
 */

export type Row = Record<string, unknown>;

/**
 * What a repository method asks of the database. `get`: one row, which SQLite may answer from its row cache; `first`:
 * one row, never cached (large values); `run`: a write, answered with the rows it changed; `returning`: a write
 * `... RETURNING *`; `atomic`: the statements of `body` as one transaction (a savepoint inside one); `columns`: the
 * columns of a table, from the schema; `version`: a token that changes whenever the data may have (equal tokens, equal
 * reads); `dialect`: which database this is.
 */
export type Statement =
  | { readonly kind: 'get' | 'first' | 'all' | 'run' | 'returning'; readonly text: string; readonly params: readonly unknown[] }
  | { readonly kind: 'atomic'; readonly body: () => Query<unknown> }
  | { readonly kind: 'columns'; readonly table: string }
  | { readonly kind: 'version' }
  | { readonly kind: 'dialect' };

export type Dialect = 'sqlite' | 'postgres';

export interface ColumnInfo {
  name: string;
  nullable: boolean;
}

/** A repository method's body: it yields statements and returns its answer. */
export type Query<T> = Generator<Statement, T, unknown>;

/** A repository as written: each method of `R` as a query. */
export type Queries<R> = { [K in keyof R]: R[K] extends (...args: infer A) => Promise<infer T> ? (...args: A) => Query<T> : R[K] };

/** The statements, each a query of one step (`yield* sql.get(...)`). */
export const sql = {
  *get<T = Row>(text: string, ...params: unknown[]): Query<T | undefined> {
    return (yield { kind: 'get', text, params }) as T | undefined;
  },
  *first<T = Row>(text: string, ...params: unknown[]): Query<T | undefined> {
    return (yield { kind: 'first', text, params }) as T | undefined;
  },
  *all<T = Row>(text: string, ...params: unknown[]): Query<T[]> {
    return (yield { kind: 'all', text, params }) as T[];
  },
  *run(text: string, ...params: unknown[]): Query<number> {
    return (yield { kind: 'run', text, params }) as number;
  },
  *returning<T = Row>(text: string, ...params: unknown[]): Query<T | undefined> {
    return (yield { kind: 'returning', text, params }) as T | undefined;
  },
  *atomic<T>(body: () => Query<T>): Query<T> {
    return (yield { kind: 'atomic', body }) as T;
  },
  *columns(table: string): Query<ColumnInfo[]> {
    return (yield { kind: 'columns', table }) as ColumnInfo[];
  },
  /** Which database runs the query: for the little SQL that cannot be written once. */
  *dialect(): Query<Dialect> {
    return (yield { kind: 'dialect' }) as Dialect;
  },
  *stateVersion(): Query<string> {
    return (yield { kind: 'version' }) as string;
  },
  /** `n` placeholders, comma-separated: for an `IN (...)` list. */
  placeholders(n: number): string {
    return Array.from({ length: n }, () => '?').join(', ');
  },
};

/** Runs `query` with `execute` answering each statement at once (SQLite). */
export function runSync<T>(query: Query<T>, execute: (statement: Statement) => unknown): T {
  let step = query.next();
  while (!step.done) {
    let result: unknown;
    try {
      result = execute(step.value);
    } catch (error) {
      step = query.throw(error);
      continue;
    }
    step = query.next(result);
  }
  return step.value;
}

/** Runs `query` with `execute` answering each statement in its own time (PostgreSQL). */
export async function runAsync<T>(query: Query<T>, execute: (statement: Statement) => Promise<unknown>): Promise<T> {
  let step = query.next();
  while (!step.done) {
    let result: unknown;
    try {
      result = await execute(step.value);
    } catch (error) {
      step = query.throw(error);
      continue;
    }
    step = query.next(result);
  }
  return step.value;
}

/** The methods of a repository written as queries (own and inherited, but the constructor). */
export function queryMethods(repo: object): [string, (...args: unknown[]) => Query<unknown>][] {
  const out: [string, (...args: unknown[]) => Query<unknown>][] = [];
  const seen = new Set<string>();
  for (let proto = Object.getPrototypeOf(repo); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const method = (repo as Record<string, unknown>)[name];
      if (name === 'constructor' || seen.has(name) || typeof method !== 'function') continue;
      seen.add(name);
      out.push([name, method.bind(repo) as (...args: unknown[]) => Query<unknown>]);
    }
  }
  return out;
}
