import { SqliteStore } from './sqlite/store.js';
import type { Store } from './store.js';

export type { Store } from './store.js';
export type { BlobStore } from './blobs.js';
export type * from './change-requests.js';
export type * from './comments.js';
export type * from './content.js';
export type * from './derived.js';
export type * from './events.js';
export type * from './git-dates.js';
export type * from './grants.js';
export type * from './integrations.js';
export type * from './invites.js';
export type * from './jobs.js';
export type * from './openapi.js';
export type * from './organizations.js';
export type * from './revisions.js';
export type * from './site-mcp-servers.js';
export type * from './sites.js';
export type * from './sso.js';
export type * from './translations.js';
export type * from './users.js';

/** The embedded default: SQLite (WAL) and blob files under `dir`. */
export function openStore(dir: string): Store {
  return SqliteStore.open(dir);
}

/** A store that lives in memory only (tests, scratch work). */
export function memoryStore(): Store {
  return SqliteStore.memory();
}
