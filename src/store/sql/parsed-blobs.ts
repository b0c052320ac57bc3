import type { ParsedBlobRepo } from '../derived.js';
import { type Query, type Queries, sql } from './query.js';

/** Oids per statement when reading many: well under either database's limit of parameters. */
const CHUNK = 500;
/** Records per insert: a few megabytes of parsed pages at most. */
const RECORDS_PER_INSERT = 100;

/** The drivers bind a Buffer as bytes (a body posted from a worker arrives as a plain Uint8Array). */
const bytes = (body: Uint8Array): Buffer => (Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));

function* chunks<T>(items: readonly T[]): Generator<readonly T[]> {
  for (let i = 0; i < items.length; i += CHUNK) yield items.slice(i, i + CHUNK);
}

/**
 * What is derived from one blob (a parsed page: title, frontmatter, links, sections...), keyed by its git oid and the
 * version of the code that derived it, so a page is parsed once however many revisions share it.
 */
export class SqlParsedBlobRepo implements Queries<ParsedBlobRepo> {
  *get<T>(oid: string, version: number): Query<T | undefined> {
    const row = yield* sql.first<{ data: string }>('SELECT data FROM parsed_blobs WHERE oid = ? AND version = ?', oid, version);
    return row ? (JSON.parse(row.data) as T) : undefined;
  }

  /** Several at once: the oids found, with their data. */
  *getMany<T>(oids: readonly string[], version: number): Query<Map<string, T>> {
    const found = new Map<string, T>();
    for (const chunk of chunks(oids)) {
      const rows = yield* sql.all<{ oid: string; data: string }>(
        `SELECT oid, data FROM parsed_blobs WHERE version = ? AND oid IN (${sql.placeholders(chunk.length)})`,
        version,
        ...chunk,
      );
      for (const row of rows) found.set(row.oid, JSON.parse(row.data) as T);
    }
    return found;
  }

  /** Which of `oids` have a record for this version (without reading the records). */
  *known(oids: readonly string[], version: number): Query<Set<string>> {
    const found = new Set<string>();
    for (const chunk of chunks(oids)) {
      const rows = yield* sql.all<{ oid: string }>(
        `SELECT oid FROM parsed_blobs WHERE version = ? AND oid IN (${sql.placeholders(chunk.length)})`,
        version,
        ...chunk,
      );
      for (const row of rows) found.add(row.oid);
    }
    return found;
  }

  *put(oid: string, version: number, data: unknown): Query<void> {
    yield* this.putMany([{ oid, data }], version);
  }

  /** Several at once: a statement per hundred records. */
  *putMany(records: readonly { oid: string; data: unknown; body?: Uint8Array | undefined }[], version: number): Query<void> {
    for (let i = 0; i < records.length; i += RECORDS_PER_INSERT) {
      const chunk = records.slice(i, i + RECORDS_PER_INSERT);
      yield* sql.run(
        `INSERT INTO parsed_blobs (oid, version, data, body) VALUES ${chunk.map(() => '(?, ?, ?, ?)').join(', ')}
           ON CONFLICT (oid, version) DO UPDATE SET data = excluded.data, body = excluded.body`,
        ...chunk.flatMap((record) => [record.oid, version, JSON.stringify(record.data), record.body ? bytes(record.body) : null]),
      );
    }
  }

  *prune(version: number): Query<number> {
    return yield* sql.run('DELETE FROM parsed_blobs WHERE version <> ?', version);
  }

  *bodies(oids: readonly string[], version: number): Query<Map<string, Uint8Array>> {
    const found = new Map<string, Uint8Array>();
    for (const chunk of chunks(oids)) {
      const rows = yield* sql.all<{ oid: string; body: Uint8Array }>(
        `SELECT oid, body FROM parsed_blobs WHERE version = ? AND body IS NOT NULL AND oid IN (${sql.placeholders(chunk.length)})`,
        version,
        ...chunk,
      );
      for (const row of rows) found.set(row.oid, row.body);
    }
    return found;
  }
}
