import type { SearchHit } from '../../model/index.js';
import { type Query, sql } from '../sql/query.js';
import { SqlSearchRepo, toHit } from '../sql/search.js';

/**
 * Search with PostgreSQL's text search over the generated `document` (headings weight A, body B), through its GIN
 * index; ranked by `ts_rank` (negated: lower is better, as with SQLite's bm25).
 */
export class PostgresSearchRepo extends SqlSearchRepo {
  *search(terms: readonly string[], oids: readonly string[], limit: number): Query<SearchHit[]> {
    if (oids.length === 0 || terms.length === 0) return [];
    const query = terms.map((term, i) => `${term}${i === terms.length - 1 ? ':*' : ''}`).join(' & ');
    const rows = yield* sql.all<Parameters<typeof toHit>[0]>(
      `SELECT oid, anchor, heading,
              ts_headline('simple', body, q, 'StartSel=<mark>, StopSel=</mark>, MaxWords=24, MinWords=8, MaxFragments=1, FragmentDelimiter=…') AS snippet,
              -ts_rank('{0, 0, 0.25, 1.0}', document, q) AS rank
         FROM search_sections, to_tsquery('simple', ?) AS q
        WHERE document @@ q AND oid = ANY(?::text[])
        ORDER BY rank
        LIMIT ?`,
      query,
      oids,
      limit,
    );
    return rows.map(toHit);
  }
}
