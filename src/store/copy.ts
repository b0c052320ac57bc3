/**
 * `docs migrate`: a SQLite store (its folder) copied into an empty PostgreSQL database, every table and every blob, in
 * one transaction; then both sides are counted, table by table, and the copy is refused unless every count matches.
 */
import { join } from 'node:path';
import { FileBlobStore } from './blobs.js';
import { PostgresBlobStore } from './postgres/blobs.js';
import type pg from 'pg';
import { PgDb } from './postgres/db.js';
import { Db } from './sqlite/db.js';
import type { Row } from './sql/query.js';

/** What was copied: rows per table, and blobs. */
export interface CopyReport {
  tables: Record<string, number>;
  blobs: number;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table, and its bytes under a bound. */
const BATCH_PARAMS = 30_000;
const BATCH_BYTES = 16 * 1024 * 1024;

export class CopyError extends Error {}

export async function copyToPostgres(dir: string, url: string, progress: (line: string) => void = () => {}): Promise<CopyReport> {
  const source = Db.open(dir);
  try {
    const target = await PgDb.open(url);
    try {
      await refuseUnlessEmpty(target);
      const tables = copyOrder(source);
      const report: CopyReport = { tables: {}, blobs: 0 };
      // Blobs first: content-addressed, so a copy cut short and run again writes the same rows; the tables land last,
      // all at once, and only then is the database no longer empty.
      report.blobs = await copyBlobs(new FileBlobStore(join(dir, 'blobs')), new PostgresBlobStore(target.pool));
      progress(`blobs: ${report.blobs}`);
      // One plain transaction on one connection (no retries: nothing else writes an empty database), counted before
      // its commit: a copy that does not match leaves the database empty.
      const client = await target.pool.connect();
      try {
        await client.query('BEGIN');
        try {
          for (const table of tables) {
            report.tables[table] = await copyTable(source, client, table);
            progress(`${table}: ${report.tables[table]} rows`);
          }
          await checkCounts(source, client, report);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      } finally {
        client.release();
      }
      return report;
    } finally {
      await target.close();
    }
  } finally {
    source.close();
  }
}

async function refuseUnlessEmpty(target: PgDb): Promise<void> {
  const { rows } = await target.query<{ n: number }>('SELECT (SELECT COUNT(*) FROM organizations) + (SELECT COUNT(*) FROM users) AS n');
  if (rows[0]!.n > 0) throw new CopyError('the database already holds a store: migrate copies into an empty one only');
}

/** The tables of the SQLite store (but FTS5's own), each after the tables its foreign keys point to. */
function copyOrder(source: Db): string[] {
  const names = source
    .all<{ name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .filter((t, _, all) => !all.some((v) => v.sql.startsWith('CREATE VIRTUAL') && t.name.startsWith(`${v.name}_`)))
    .map((t) => t.name);
  const parents = new Map(
    names.map((name) => [name, source.all<{ table: string }>('SELECT "table" FROM pragma_foreign_key_list(?)', name).map((f) => f.table)]),
  );
  const ordered: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name) || path.includes(name)) return;
    for (const parent of parents.get(name) ?? []) if (parent !== name) visit(parent, [...path, name]);
    ordered.push(name);
  };
  for (const name of names) visit(name, []);
  return ordered;
}

async function copyTable(source: Db, target: pg.ClientBase, table: string): Promise<number> {
  const targetColumns = new Set(
    (
      await target.query<{ name: string; generated: string; identity: string }>(
        `SELECT column_name AS name, is_generated AS generated, is_identity AS identity FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = $1`,
        [table],
      )
    ).rows
      .filter((c) => c.generated === 'NEVER' && c.identity === 'NO')
      .map((c) => c.name),
  );
  const columns = source.all<{ name: string }>('SELECT name FROM pragma_table_info(?)', table).map((c) => c.name);
  const missing = columns.filter((c) => !targetColumns.has(c));
  if (missing.length) throw new CopyError(`table ${table}: the database has no column ${missing.join(', ')} (is it from another version of Quire?)`);
  const perBatch = Math.max(1, Math.floor(BATCH_PARAMS / columns.length));
  const select = source.raw.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}" ORDER BY rowid`).raw();
  let batch: unknown[][] = [];
  let bytes = 0;
  let copied = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const values = batch.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`).join(', ');
    await target.query(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${values}`, batch.flat());
    copied += batch.length;
    batch = [];
    bytes = 0;
  };
  for (const row of select.iterate() as Iterable<unknown[]>) {
    batch.push(row);
    for (const value of row) bytes += typeof value === 'string' ? value.length : Buffer.isBuffer(value) ? value.byteLength : 8;
    if (batch.length >= perBatch || bytes >= BATCH_BYTES) await flush();
  }
  await flush();
  return copied;
}

async function copyBlobs(from: FileBlobStore, to: PostgresBlobStore): Promise<number> {
  let copied = 0;
  for (const oid of from.oids()) {
    const bytes = await from.get(oid);
    if (!bytes) continue;
    if ((await to.put(bytes)) !== oid) throw new CopyError(`blob ${oid}: its bytes have another oid (the file is damaged)`);
    copied++;
  }
  return copied;
}

async function checkCounts(source: Db, target: pg.ClientBase, report: CopyReport): Promise<void> {
  const wrong: string[] = [];
  for (const [table, copied] of Object.entries(report.tables)) {
    const there = (await target.query<{ n: number }>(`SELECT COUNT(*) AS n FROM "${table}"`)).rows[0]!.n;
    const here = source.get<Row>(`SELECT COUNT(*) AS n FROM "${table}"`)!.n as number;
    if (there !== here || copied !== here) wrong.push(`${table}: ${here} rows in SQLite, ${there} in PostgreSQL`);
  }
  const blobs = (await target.query<{ n: number }>('SELECT COUNT(*) AS n FROM blobs')).rows[0]!.n;
  if (blobs < report.blobs) wrong.push(`blobs: ${report.blobs} files, ${blobs} in PostgreSQL`);
  if (wrong.length) throw new CopyError(`the copy does not match: ${wrong.join('; ')}`);
}
