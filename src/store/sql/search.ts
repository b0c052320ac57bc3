import type { SearchRepo } from '../derived.js';
import type { SearchHit, SearchSectionInput } from '../../model/index.js';
import { type Query, type Queries, sql } from './query.js';

const ROWS_PER_INSERT = 100;
const OIDS_PER_STATEMENT = 500;

function* chunks<T>(items: readonly T[], size: number): Generator<readonly T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * Full-text search over page sections, keyed by the page blob's oid. Indexing is the same SQL on both databases;
 * each matches and ranks with its own engine (`search`).
 */
export abstract class SqlSearchRepo implements Queries<SearchRepo> {
  *isIndexed(oid: string, version: number): Query<boolean> {
    return (yield* sql.first('SELECT 1 AS found FROM search_indexed WHERE oid = ? AND version = ?', oid, version)) !== undefined;
  }

  /** Replaces the sections indexed for `oid`. */
  *index(oid: string, version: number, sections: readonly SearchSectionInput[]): Query<void> {
    yield* this.indexMany([{ oid, sections }], version);
  }

  /** Replaces the sections indexed for each page blob: a few statements for the whole batch, whatever its size. */
  *indexMany(pages: readonly { oid: string; sections: readonly SearchSectionInput[] }[], version: number): Query<void> {
    if (pages.length === 0) return;
    const oids = pages.map((page) => page.oid);
    // Only those with something to delete: SQLite's FTS table has no index on `oid`, so a delete scans it.
    const indexed: string[] = [];
    for (const chunk of chunks(oids, OIDS_PER_STATEMENT)) {
      const rows = yield* sql.all<{ oid: string }>(`SELECT oid FROM search_indexed WHERE oid IN (${sql.placeholders(chunk.length)})`, ...chunk);
      indexed.push(...rows.map((row) => row.oid));
    }
    for (const chunk of chunks(indexed, OIDS_PER_STATEMENT)) {
      yield* sql.run(`DELETE FROM search_sections WHERE oid IN (${sql.placeholders(chunk.length)})`, ...chunk);
    }
    const rows = pages.flatMap((page) => page.sections.map((section, position) => [section.heading, section.text, page.oid, section.anchor, position]));
    for (const chunk of chunks(rows, ROWS_PER_INSERT)) {
      yield* sql.run(
        `INSERT INTO search_sections (heading, body, oid, anchor, position) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
        ...chunk.flat(),
      );
    }
    for (const chunk of chunks(oids, OIDS_PER_STATEMENT)) {
      yield* sql.run(
        `INSERT INTO search_indexed (oid, version) VALUES ${chunk.map(() => '(?, ?)').join(', ')} ON CONFLICT (oid) DO UPDATE SET version = excluded.version`,
        ...chunk.flatMap((oid) => [oid, version]),
      );
    }
  }

  /**
   * Sections holding every term (the last one as a prefix, for search as you type) among the given page blobs, best
   * first: `rank` lower is better, headings weigh more than body text. Terms are letters, digits and `_` only.
   */
  abstract search(terms: readonly string[], oids: readonly string[], limit: number): Query<SearchHit[]>;
}

export const toHit = (r: { oid: string; anchor: string | null; heading: string; snippet: string; rank: number | string }): SearchHit => ({
  oid: r.oid,
  anchor: r.anchor,
  heading: r.heading,
  snippet: r.snippet,
  rank: Number(r.rank),
});
