import { PostgresStore } from './postgres/store.js';
import { SecretBox } from './secrets.js';
import { SqliteStore } from './sqlite/store.js';
import type { Store } from './store.js';

export type { Repositories, Store } from './store.js';
export { LockTimeout } from './mutex.js';
export type { BlobStore } from './blobs.js';
export type * from './audit.js';
export type * from './change-requests.js';
export type * from './comments.js';
export type * from './content.js';
export type * from './derived.js';
export type * from './events.js';
export type * from './git-dates.js';
export type * from './grants.js';
export type * from './integrations.js';
export type * from './imports.js';
export type * from './invites.js';
export type * from './jobs.js';
export type * from './openapi.js';
export type * from './organizations.js';
export type * from './revisions.js';
export type * from './site-links-channels.js';
export type * from './site-feedback.js';
export type * from './site-mcp-servers.js';
export type * from './sites.js';
export type * from './sso.js';
export type * from './translations.js';
export type * from './users.js';
export { type CopyReport, CopyError, copyToPostgres } from './copy.js';

/** The embedded default: SQLite (WAL) and blob files under `dir`. */
export function openStore(dir: string): Store {
  return SqliteStore.open(dir);
}

export interface StoreLocation {
  /** The store's folder: SQLite's database and blobs, or, with `database`, only the secret key file when no key is given. */
  dir: string;
  /** A `postgres://` URL: the store is that database. */
  database?: string;
  /** The secret box's key (64 hex digits or base64 of 32 bytes), shared by every server of one database. */
  secretKey?: string;
}

/** Whether `text` is a key for the secret box (`DOCS_SECRET_KEY`): 64 hex digits or 32 bytes in base64. */
export function isSecretKey(text: string): boolean {
  return SecretBox.withKey(text) !== undefined;
}

/** The store at `location`: PostgreSQL when it names a database, else the embedded SQLite store in its folder. */
export async function connectStore(location: StoreLocation): Promise<Store> {
  const secrets = location.secretKey === undefined ? undefined : SecretBox.withKey(location.secretKey);
  if (location.secretKey !== undefined && !secrets) throw new Error('DOCS_SECRET_KEY: expected 64 hex digits or 32 bytes in base64');
  if (!location.database) return SqliteStore.open(location.dir, secrets);
  // A key per server would seal what no other server can open: servers of one database share one, given to them all.
  if (!secrets) throw new Error('DOCS_SECRET_KEY is required with a database: give every server the same key (openssl rand -hex 32)');
  return PostgresStore.open(location.database, secrets);
}

/** A store that lives in memory only (tests, scratch work). */
export function memoryStore(): Store {
  return SqliteStore.memory();
}
