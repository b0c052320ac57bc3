import type { EventRecord } from '../model/index.js';

/** What happened, for integrations and history: one row per event, never changed. */
export interface EventRepo {
  insert(e: EventRecord): Promise<void>;
  /** A space's events of these types, oldest first. */
  forSpace<T>(spaceId: string, types: readonly string[]): Promise<EventRecord<T>[]>;
  /** A space's newest `limit` events of a type, newest first. */
  newest<T>(spaceId: string, type: string, limit: number): Promise<EventRecord<T>[]>;
  /** The newest event of a type for a space whose payload has `field` equal to `value`. */
  latest<T>(spaceId: string, type: string, field: string, value: string): Promise<EventRecord<T> | undefined>;
}
