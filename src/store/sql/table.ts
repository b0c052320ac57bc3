/**
 * A table's rows as records. Each column holds the record field of its name in camelCase (or the one `fields` names),
 * stored as it is but for the fields given a codec: JSON text, 0/1 flags, encoded levels. The columns come from the
 * schema itself, read once, so a mapping can neither name a column the table lacks nor leave one out. (A column named
 * `rowid` is the database's insertion order, never a field.)
 */
import type { Codec } from './codec.js';
import { type Query, type Row, sql } from './query.js';

export interface TableOptions<R> {
  /** Fields stored other than as they are. */
  codecs?: { [K in keyof R]?: Codec<R[K]> };
  /** Fields whose column is not their name in snake_case: field -> column. */
  fields?: { [K in keyof R]?: string };
  /** Columns that are no field of the record (the repository reads and writes them with SQL of its own). */
  omit?: readonly string[];
  /** Columns written from the record (an index of one of its fields) and never read back. */
  derived?: Record<string, (record: R) => unknown>;
}

interface Column<R> {
  column: string;
  field: keyof R;
  /** Whether the column takes NULL. */
  nullable: boolean;
  codec?: Codec;
  /** Written from the whole record, never read. */
  derive?: (record: R) => unknown;
}

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export class Table<R extends object> {
  private mapping: Column<R>[] | undefined;
  private readonly inserts = new Map<string, string>();

  constructor(
    readonly name: string,
    private readonly options: TableOptions<R> = {},
  ) {}

  /** The record a row of this table holds. */
  readonly read = (row: Row): R => {
    const out: Record<string, unknown> = {};
    for (const { column, field, codec, derive } of this.mapping!) {
      if (derive) continue;
      const value = row[column];
      out[field as string] = codec ? codec.read(value) : (value ?? null);
    }
    return out as R;
  };

  /** The record of the row `sql` selects, if it selects one. */
  *one(text: string, ...params: unknown[]): Query<R | undefined> {
    yield* this.columns();
    const row = yield* sql.get(text, ...params);
    return row && this.read(row);
  }

  /** The records of the rows `sql` selects. */
  *many(text: string, ...params: unknown[]): Query<R[]> {
    yield* this.columns();
    return (yield* sql.all(text, ...params)).map(this.read);
  }

  /** The record of a row read by SQL of the repository's own. */
  *record(row: Row): Query<R> {
    yield* this.columns();
    return this.read(row);
  }

  /**
   * Inserts `record` (`conflict`: an `ON CONFLICT ...` clause), with `extra` values for columns that are no field of
   * it (`omit`); the number of rows written.
   */
  *insert(record: R, conflict = '', extra: Record<string, unknown> = {}): Query<number> {
    const mapping = yield* this.columns();
    const extras = Object.keys(extra);
    const key = `${conflict}\u0000${extras.join(',')}`;
    let text = this.inserts.get(key);
    if (!text) {
      for (const column of extras) if (!this.options.omit?.includes(column)) throw new Error(`table ${this.name}: ${column} is not an omitted column`);
      const columns = [...mapping.map((c) => c.column), ...extras];
      text = `INSERT INTO ${this.name} (${columns.join(', ')}) VALUES (${sql.placeholders(columns.length)}) ${conflict}`.trim();
      this.inserts.set(key, text);
    }
    return yield* sql.run(text, ...mapping.map((column) => this.value(record, column)), ...Object.values(extra));
  }

  /**
   * Inserts `record`, or writes it over the row with the same `keys`, but for the columns of `keep` (`createdAt`...),
   * which stay as first written.
   */
  *upsert(record: R, keys: readonly (keyof R)[], keep: readonly (keyof R)[] = [], extra: Record<string, unknown> = {}): Query<number> {
    const mapping = yield* this.columns();
    const column = (field: keyof R) => mapping.find((c) => c.field === field)!.column;
    const set = [...mapping.filter((c) => !keys.includes(c.field) && !keep.includes(c.field)).map((c) => c.column), ...Object.keys(extra)];
    return yield* this.insert(record, `ON CONFLICT (${keys.map(column).join(', ')}) DO UPDATE SET ${set.map((c) => `${c} = excluded.${c}`).join(', ')}`, extra);
  }

  /** Writes `record` over the row whose `keys` fields it shares, but for the columns of `keep` (`createdAt`...). */
  *update(record: R, keys: readonly (keyof R)[], keep: readonly (keyof R)[] = []): Query<number> {
    const mapping = yield* this.columns();
    const set = mapping.filter((c) => !keys.includes(c.field) && !keep.includes(c.field));
    const where = keys.map((key) => mapping.find((c) => c.field === key)!);
    const text = `UPDATE ${this.name} SET ${set.map((c) => `${c.column} = ?`).join(', ')} WHERE ${where.map((c) => `${c.column} = ?`).join(' AND ')}`;
    return yield* sql.run(text, ...[...set, ...where].map((column) => this.value(record, column)));
  }

  private value(record: R, column: Column<R>): unknown {
    const { field, codec, derive } = column;
    if (derive) return derive(record);
    return codec ? codec.write(record[field], column) : (record[field] ?? null);
  }

  /** The mapping, read from the schema the first time. */
  *columns(): Query<Column<R>[]> {
    if (this.mapping) return this.mapping;
    const { codecs = {}, fields = {}, omit = [], derived = {} } = this.options;
    const columnOf = new Map(Object.entries(fields as Record<string, string>).map(([field, column]) => [column, field]));
    const info = (yield* sql.columns(this.name)).filter((c) => c.name !== 'rowid');
    const nullable = new Map(info.map((c) => [c.name, c.nullable]));
    const columns = info.map((c) => c.name);
    if (columns.length === 0) throw new Error(`no table ${this.name} in the schema`);
    for (const column of [...columnOf.keys(), ...omit, ...Object.keys(derived)])
      if (!columns.includes(column)) throw new Error(`table ${this.name} has no column ${column}`);
    this.mapping = columns
      .filter((column) => !omit.includes(column))
      .map((column): Column<R> => {
        const field = (columnOf.get(column) ?? camel(column)) as keyof R;
        const base = { column, field, nullable: nullable.get(column) ?? true };
        const derive = derived[column];
        if (derive) return { ...base, derive };
        const codec = (codecs as Record<string, Codec | undefined>)[field as string];
        return codec ? { ...base, codec } : base;
      });
    return this.mapping;
  }
}
