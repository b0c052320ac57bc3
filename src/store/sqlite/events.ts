import type { EventRepo } from '../events.js';
import type { Db, Row, Sync } from './db.js';
import type { EventRecord } from '../../model/index.js';

const toEvent = <T>(r: Row): EventRecord<T> => ({
  id: String(r.id),
  spaceId: r.space_id === null ? null : String(r.space_id),
  type: String(r.type),
  payload: JSON.parse(String(r.payload)) as T,
  createdAt: String(r.created_at),
});

/** What happened, for integrations and history: one row per event, never changed. */
export class SqliteEventRepo implements Sync<EventRepo> {
  constructor(private readonly db: Db) {}

  insert(e: EventRecord): void {
    this.db.run(
      'INSERT INTO events (id, space_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)',
      e.id,
      e.spaceId,
      e.type,
      JSON.stringify(e.payload),
      e.createdAt,
    );
  }

  /** A space's events of these types, oldest first. */
  forSpace<T>(spaceId: string, types: readonly string[]): EventRecord<T>[] {
    return this.db
      .all('SELECT * FROM events WHERE space_id = ? AND type IN (SELECT value FROM json_each(?)) ORDER BY created_at, rowid', spaceId, JSON.stringify(types))
      .map((r) => toEvent<T>(r));
  }

  /** A space's newest `limit` events of a type, newest first. */
  newest<T>(spaceId: string, type: string, limit: number): EventRecord<T>[] {
    return this.db
      .all('SELECT * FROM events WHERE space_id = ? AND type = ? ORDER BY created_at DESC, rowid DESC LIMIT ?', spaceId, type, limit)
      .map((r) => toEvent<T>(r));
  }

  /** The newest event of a type for a space whose payload has `field` equal to `value`. */
  latest<T>(spaceId: string, type: string, field: string, value: string): EventRecord<T> | undefined {
    const row = this.db.get(
      `SELECT * FROM events WHERE space_id = ? AND type = ? AND json_extract(payload, '$.' || ?) = ?
        ORDER BY created_at DESC, rowid DESC LIMIT 1`,
      spaceId,
      type,
      field,
      value,
    );
    return row && toEvent<T>(row);
  }
}
