import { asJson } from './codec.js';
import { Table } from './table.js';
import type { EventRepo } from '../events.js';
import type { Db, Sync } from './db.js';
import type { EventRecord } from '../../model/index.js';

/** What happened, for integrations and history: one row per event, never changed. */
export class SqliteEventRepo implements Sync<EventRepo> {
  private readonly eventRows: Table<EventRecord>;

  constructor(private readonly db: Db) {
    this.eventRows = new Table<EventRecord>(db, 'events', { codecs: { payload: asJson } });
  }

  insert(e: EventRecord): void {
    this.eventRows.insert(e);
  }

  /** A space's events of these types, oldest first. */
  forSpace<T>(spaceId: string, types: readonly string[]): EventRecord<T>[] {
    return this.db
      .all('SELECT * FROM events WHERE space_id = ? AND type IN (SELECT value FROM json_each(?)) ORDER BY created_at, rowid', spaceId, JSON.stringify(types))
      .map((r) => this.eventRows.read(r) as EventRecord<T>);
  }

  /** A space's newest `limit` events of a type, newest first. */
  newest<T>(spaceId: string, type: string, limit: number): EventRecord<T>[] {
    return this.db
      .all('SELECT * FROM events WHERE space_id = ? AND type = ? ORDER BY created_at DESC, rowid DESC LIMIT ?', spaceId, type, limit)
      .map((r) => this.eventRows.read(r) as EventRecord<T>);
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
    return row && (this.eventRows.read(row) as EventRecord<T>);
  }
}
