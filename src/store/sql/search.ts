import type { SearchRepo } from '../derived.js';
import type { SearchHit, SearchSectionInput } from '../../model/index.js';
import { type Query, type Queries, sql } from './query.js';

const ROWS_PER_INSERT = 100;

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
    // Only when there is something to delete: SQLite's FTS table has no index on `oid`, so the delete scans it.
    if ((yield* sql.first('SELECT 1 AS found FROM search_indexed WHERE oid = ?', oid)) !== undefined) {
      yield* sql.run('DELETE FROM search_sections WHERE oid = ?', oid);
    }
    // Many rows a statement: one round trip for a page's sections on PostgreSQL.
    for (let start = 0; start < sections.length; start += ROWS_PER_INSERT) {
      const rows = sections.slice(start, start + ROWS_PER_INSERT);
      yield* sql.run(
        `INSERT INTO search_sections (heading, body, oid, anchor, position) VALUES ${rows.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
        ...rows.flatMap((s, i) => [s.heading, s.text, oid, s.anchor, start + i]),
      );
    }
    yield* sql.run('INSERT INTO search_indexed (oid, version) VALUES (?, ?) ON CONFLICT (oid) DO UPDATE SET version = excluded.version', oid, version);
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
