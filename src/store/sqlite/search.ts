import type { SearchHit } from '../../model/index.js';
import { type Query, sql } from '../sql/query.js';
import { SqlSearchRepo, toHit } from '../sql/search.js';

/** Search with SQLite's FTS5: bm25 with headings weighted 4x body text. */
export class SqliteSearchRepo extends SqlSearchRepo {
  *search(terms: readonly string[], oids: readonly string[], limit: number): Query<SearchHit[]> {
    if (oids.length === 0 || terms.length === 0) return [];
    // Each term quoted, so nothing is read as FTS5 syntax.
    const match = terms.map((term, i) => `"${term}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
    const rows = yield* sql.all<Parameters<typeof toHit>[0]>(
      `SELECT oid, anchor, heading, snippet(search_sections, 1, '<mark>', '</mark>', '…', 24) AS snippet,
              bm25(search_sections, 4.0, 1.0) AS rank
         FROM search_sections
        WHERE search_sections MATCH ? AND oid IN (SELECT value FROM json_each(?))
        ORDER BY rank
        LIMIT ?`,
      match,
      JSON.stringify(oids),
      limit,
    );
    return rows.map(toHit);
  }
}
