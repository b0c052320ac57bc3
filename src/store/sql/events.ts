import { asJson } from './codec.js';
import { Table } from './table.js';
import type { EventRepo } from '../events.js';
import { type Query, type Queries, sql } from './query.js';
import type { EventRecord } from '../../model/index.js';

/** What happened, for integrations and history: one row per event, never changed. */
const LATEST_BATCH = 64;

export class SqlEventRepo implements Queries<EventRepo> {
  private readonly eventRows: Table<EventRecord>;

  constructor() {
    this.eventRows = new Table<EventRecord>('events', { codecs: { payload: asJson } });
  }

  *insert(e: EventRecord): Query<void> {
    yield* this.eventRows.insert(e);
  }

  /** A space's events of these types, oldest first. */
  *forSpace<T>(spaceId: string, types: readonly string[]): Query<EventRecord<T>[]> {
    if (types.length === 0) return [];
    return (yield* this.eventRows.many(
      `SELECT * FROM events WHERE space_id = ? AND type IN (${sql.placeholders(types.length)}) ORDER BY created_at, rowid`,
      spaceId,
      ...types,
    )) as EventRecord<T>[];
  }

  /** A space's newest `limit` events of a type, newest first. */
  *newest<T>(spaceId: string, type: string, limit: number): Query<EventRecord<T>[]> {
    return (yield* this.eventRows.many(
      'SELECT * FROM events WHERE space_id = ? AND type = ? ORDER BY created_at DESC, rowid DESC LIMIT ?',
      spaceId,
      type,
      limit,
    )) as EventRecord<T>[];
  }

  /** The newest event of a type for a space whose payload has `field` equal to `value`. */
  *latest<T>(spaceId: string, type: string, field: string, value: string): Query<EventRecord<T> | undefined> {
    // Newest first, a batch at a time: the payload is JSON text, read the same way on either database.
    for (let offset = 0; ; offset += LATEST_BATCH) {
      const batch = yield* this.eventRows.many(
        'SELECT * FROM events WHERE space_id = ? AND type = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?',
        spaceId,
        type,
        LATEST_BATCH,
        offset,
      );
      const found = batch.find((e) => (e.payload as Record<string, unknown> | null)?.[field] === value);
      if (found || batch.length < LATEST_BATCH) return found as EventRecord<T> | undefined;
    }
  }
}
