/**
 * Schema migrations on PostgreSQL, safe when several servers start together: each takes one transaction-scoped
 * advisory lock, so one applies what is missing while the others wait, then find nothing left to do. The version is a
 * row of `quire_schema`; a migration and its version land in one transaction, or neither does.
 */
import type { ClientBase } from 'pg';
import { postgresMigrations } from './schema.js';

/** The advisory lock's key: any constant no other application of the database uses (`quire` in ASCII). */
const MIGRATION_LOCK = 0x7175697265;

export interface Migrated {
  /** The schema's version before and after. */
  from: number;
  to: number;
}

export async function migrate(client: ClientBase, migrations: readonly string[] = postgresMigrations): Promise<Migrated> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS quire_schema (version INTEGER NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM quire_schema');
    const from = rows[0]?.version ?? 0;
    if (from > migrations.length) {
      throw new Error(`the database schema (v${from}) is newer than this version of Quire (v${migrations.length}): upgrade Quire`);
    }
    for (const sql of migrations.slice(from)) await client.query(sql);
    if (rows.length === 0) await client.query('INSERT INTO quire_schema (version) VALUES ($1)', [migrations.length]);
    else await client.query('UPDATE quire_schema SET version = $1', [migrations.length]);
    await client.query('COMMIT');
    return { from, to: migrations.length };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
