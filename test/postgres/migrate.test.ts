// The schema on PostgreSQL: the same tables and columns as on SQLite, applied once however many servers start
// together, refused when the database is newer, and all or nothing.
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { migrate } from '../../src/store/postgres/migrate.js';
import { postgresTracks } from '../../src/store/postgres/schema.js';
import { migrations as sqliteMigrations } from '../../src/store/sqlite/migrations.js';
import { createDatabase } from '../helpers/postgres.js';

const clients: pg.Client[] = [];
let databases = 0;

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

async function freshDatabase(): Promise<string> {
  return createDatabase(inject('postgresUrl'), `migrate_${process.pid}_${++databases}`);
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.end()));
});

/** Table -> its columns, sorted, as SQLite has them after every migration (FTS5's own tables left out). */
function sqliteTables(): Record<string, string[]> {
  const db = new Database(':memory:');
  try {
    for (const sql of sqliteMigrations) db.exec(sql);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'search_sections_%' ORDER BY name").all() as Array<{
      name: string;
    }>;
    return Object.fromEntries(
      tables.map(({ name }) => [
        name,
        (db.prepare(`SELECT name FROM pragma_table_info('${name}')`).all() as Array<{ name: string }>).map((c) => c.name).sort(),
      ]),
    );
  } finally {
    db.close();
  }
}

async function postgresTables(client: pg.Client): Promise<Record<string, string[]>> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'quire_schema'",
  );
  const out: Record<string, string[]> = {};
  for (const row of rows) (out[row.table_name] ??= []).push(row.column_name);
  for (const columns of Object.values(out)) columns.sort();
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

const versions = async (client: pg.Client) =>
  Object.fromEntries((await client.query<{ track: string; version: number }>('SELECT track, version FROM quire_schema')).rows.map((r) => [r.track, r.version]));
const SHARED = postgresTracks.shared!.length;
const POSTGRES = postgresTracks.postgres!.length;
const latest = { shared: SHARED, postgres: POSTGRES };
const unchanged = { shared: { from: SHARED, to: SHARED }, postgres: { from: POSTGRES, to: POSTGRES } };

describe('the schema on PostgreSQL', () => {
  it('has the tables and columns of SQLite’s, the search document and insertion order (rowid) besides', async () => {
    const client = await connect(await freshDatabase());
    expect(await migrate(client)).toEqual({ shared: { from: 0, to: SHARED }, postgres: { from: 0, to: POSTGRES } });
    expect(SHARED).toBe(sqliteMigrations.length);
    const expected = sqliteTables();
    expected.search_sections = [...(expected.search_sections ?? []), 'document'].sort();
    expected.blobs = ['chunks', 'oid', 'size'];
    expected.blob_chunks = ['bytes', 'oid', 'seq'];
    // SQLite's implicit rowid, a column here where a repository lists rows in insertion order.
    for (const table of ['events', 'change_request_reviews', 'openapi_spec_versions']) expected[table] = [...expected[table]!, 'rowid'].sort();
    expect(await postgresTables(client)).toEqual(Object.fromEntries(Object.entries(expected).sort(([a], [b]) => a.localeCompare(b))));
    expect(await versions(client)).toEqual(latest);
    // Search sections are found by their words.
    await client.query("INSERT INTO search_sections (heading, body, oid, anchor, position) VALUES ('Install', 'Run the installer twice', 'o1', 'install', 0)");
    const found = await client.query("SELECT oid FROM search_sections WHERE document @@ plainto_tsquery('simple', 'installer')");
    expect(found.rows).toEqual([{ oid: 'o1' }]);
  });

  it('applies nothing the second time', async () => {
    const client = await connect(await freshDatabase());
    await migrate(client);
    expect(await migrate(client)).toEqual(unchanged);
    expect(await versions(client)).toEqual(latest);
  });

  it('is applied once when six servers start together', async () => {
    const url = await freshDatabase();
    const servers = await Promise.all(Array.from({ length: 6 }, () => connect(url)));
    const results = await Promise.all(servers.map((client) => migrate(client)));
    expect(results.filter((r) => r.shared?.from === 0 && r.postgres?.from === 0)).toHaveLength(1);
    expect(results.filter((r) => JSON.stringify(r) === JSON.stringify(unchanged))).toHaveLength(5);
    expect(await versions(servers[0]!)).toEqual(latest);
  });

  it('refuses a database whose schema is newer, changing nothing', async () => {
    const client = await connect(await freshDatabase());
    await migrate(client);
    await client.query("UPDATE quire_schema SET version = $1 WHERE track = 'postgres'", [POSTGRES + 3]);
    await expect(migrate(client)).rejects.toThrow(`the database schema (postgres v${POSTGRES + 3}) is newer than this version of Quire (v${POSTGRES})`);
    expect(await versions(client)).toEqual({ ...latest, postgres: POSTGRES + 3 });
  });

  it('lands a migration whole or not at all', async () => {
    const client = await connect(await freshDatabase());
    const broken = ['CREATE TABLE first_table (id TEXT PRIMARY KEY)', 'CREATE TABLE second_table (id TEXT PRIMARY KEY); CREATE TABLE second_table (id TEXT)'];
    await expect(migrate(client, { test: broken })).rejects.toThrow(/already exists/);
    const tables = await client.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
    expect(tables.rows).toEqual([]);
    expect(await migrate(client, { test: broken.slice(0, 1) })).toEqual({ test: { from: 0, to: 1 } });
  });
});
