/**
 * Schema migrations on PostgreSQL, safe when several servers start together: each takes one transaction-scoped
 * advisory lock, so one applies what is missing while the others wait, then find nothing left to do. Each track's
 * version is a row of `quire_schema`; migrations and versions land in one transaction, or none does.
 */
import type { ClientBase } from 'pg';
import { postgresTracks, type Tracks } from './schema.js';

/** The advisory lock's key: any constant no other application of the database uses (`quire` in ASCII). */
const MIGRATION_LOCK = 0x7175697265;

/** Each track's version before and after. */
export type Migrated = Record<string, { from: number; to: number }>;

export async function migrate(client: ClientBase, tracks: Tracks = postgresTracks): Promise<Migrated> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS quire_schema (track TEXT PRIMARY KEY, version INTEGER NOT NULL)');
    const { rows } = await client.query<{ track: string; version: number }>('SELECT track, version FROM quire_schema');
    const current = new Map(rows.map((row) => [row.track, row.version]));
    const out: Migrated = {};
    for (const [track, migrations] of Object.entries(tracks)) {
      const from = current.get(track) ?? 0;
      if (from > migrations.length) {
        throw new Error(`the database schema (${track} v${from}) is newer than this version of Quire (v${migrations.length}): upgrade Quire`);
      }
      for (const sql of migrations.slice(from)) await client.query(sql);
      await client.query('INSERT INTO quire_schema (track, version) VALUES ($1, $2) ON CONFLICT (track) DO UPDATE SET version = excluded.version', [
        track,
        migrations.length,
      ]);
      out[track] = { from, to: migrations.length };
    }
    await client.query('COMMIT');
    return out;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
