/**
 * The schema on PostgreSQL, in two tracks with a version each. `shared`: SQLite's migrations (their SQL is written for
 * both), but for what only SQLite has: search sections are an FTS5 table there, here a table with a generated
 * `tsvector` and a GIN index over it. `postgres`: what only this backend has (blobs in the database). A new migration
 * of either track never renumbers the other's.
 */
import { migrations as shared } from '../sqlite/migrations.js';

const FTS5_SEARCH = /CREATE VIRTUAL TABLE search_sections USING fts5 \([^;]*\);/;

const SEARCH_SECTIONS = `CREATE TABLE search_sections (
    heading TEXT NOT NULL,
    body TEXT NOT NULL,
    oid TEXT NOT NULL,
    anchor TEXT,
    position INTEGER NOT NULL,
    document tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple', heading), 'A') || setweight(to_tsvector('simple', body), 'B')) STORED
  );
  CREATE INDEX search_sections_document ON search_sections USING GIN (document);
  CREATE INDEX search_sections_oid ON search_sections (oid);`;

/** Blobs by git blob oid, in chunks (a large file is read a chunk at a time); a `blobs` row lands with its last chunk. */
const BLOBS = `
  CREATE TABLE blobs (
    oid TEXT PRIMARY KEY,
    size BIGINT NOT NULL,
    chunks INTEGER NOT NULL
  );
  CREATE TABLE blob_chunks (
    oid TEXT NOT NULL,
    seq INTEGER NOT NULL,
    bytes BYTEA NOT NULL,
    PRIMARY KEY (oid, seq)
  );
`;

/**
 * Tables whose rows are listed in insertion order: SQLite's implicit `rowid` is a column of that name here too, filled
 * in order (a repository orders by it; records never read it).
 */
const ROWIDS = ['events', 'change_request_reviews', 'openapi_spec_versions']
  .map((table) => `ALTER TABLE ${table} ADD COLUMN rowid BIGINT GENERATED ALWAYS AS IDENTITY;`)
  .join('\n');

/**
 * SQLite's types as PostgreSQL's: an INTEGER is 64 bits there, a REAL a double, a BLOB bytes, and text compares byte by
 * byte (the "C" collation: the same order on every server whatever its locale).
 */
function types(sql: string): string {
  return sql
    .replace(/\bINTEGER\b/g, 'BIGINT')
    .replace(/\bREAL\b/g, 'DOUBLE PRECISION')
    .replace(/\bBLOB\b/g, 'BYTEA')
    .replace(/\bTEXT\b/g, 'TEXT COLLATE "C"');
}

/** Migrations by track, in order: migration `n` of a track is its `n - 1`th entry. */
export type Tracks = Readonly<Record<string, readonly string[]>>;

export const postgresTracks: Tracks = {
  shared: shared.map((sql) => types(FTS5_SEARCH.test(sql) ? sql.replace(FTS5_SEARCH, SEARCH_SECTIONS) : sql)),
  postgres: [/* 1: blobs */ BLOBS, /* 2: insertion order */ ROWIDS],
};
