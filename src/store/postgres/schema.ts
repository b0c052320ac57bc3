/**
 * The schema on PostgreSQL: the same migrations as SQLite's (their SQL is written for both), but for what only SQLite
 * has. Search sections are an FTS5 table there; here, a table with a generated `tsvector` and a GIN index over it.
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

/** Migrations in order: migration `n` is `postgresMigrations[n - 1]`, as on SQLite. */
export const postgresMigrations: readonly string[] = shared.map((sql) => (FTS5_SEARCH.test(sql) ? sql.replace(FTS5_SEARCH, SEARCH_SECTIONS) : sql));
