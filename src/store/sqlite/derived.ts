import type { ParsedBlobRepo, SearchRepo } from '../derived.js';
import type { Db, Row, Sync } from './db.js';
import type { SearchHit, SearchSectionInput } from '../../model/index.js';

/**
 * What is derived from one blob (a parsed page: title, frontmatter, links, sections...), keyed by its git oid and the
 * version of the code that derived it, so a page is parsed once however many revisions share it.
 */
export class SqliteParsedBlobRepo implements Sync<ParsedBlobRepo> {
  constructor(private readonly db: Db) {}

  get<T>(oid: string, version: number): T | undefined {
    const row = this.db.prepare('SELECT data FROM parsed_blobs WHERE oid = ? AND version = ?').get(oid, version) as Row | undefined;
    return row ? (JSON.parse(String(row.data)) as T) : undefined;
  }

  /** Several at once: the oids found, with their data. */
  getMany<T>(oids: readonly string[], version: number): Map<string, T> {
    const found = new Map<string, T>();
    const stmt = this.db.prepare('SELECT data FROM parsed_blobs WHERE oid = ? AND version = ?');
    for (const oid of oids) {
      const row = stmt.get(oid, version) as Row | undefined;
      if (row) found.set(oid, JSON.parse(String(row.data)) as T);
    }
    return found;
  }

  /** Which of `oids` have a record for this version (without reading the records). */
  known(oids: readonly string[], version: number): Set<string> {
    const rows = this.db
      .prepare('SELECT oid FROM parsed_blobs WHERE version = ? AND oid IN (SELECT value FROM json_each(?))')
      .all(version, JSON.stringify(oids)) as Row[];
    return new Set(rows.map((r) => String(r.oid)));
  }

  put(oid: string, version: number, data: unknown): void {
    this.db.run('INSERT OR REPLACE INTO parsed_blobs (oid, version, data) VALUES (?, ?, ?)', oid, version, JSON.stringify(data));
  }
}

/** Full-text search (SQLite FTS5) over page sections, keyed by the page blob's oid. */
export class SqliteSearchRepo implements Sync<SearchRepo> {
  constructor(private readonly db: Db) {}

  isIndexed(oid: string, version: number): boolean {
    return this.db.prepare('SELECT 1 FROM search_indexed WHERE oid = ? AND version = ?').get(oid, version) !== undefined;
  }

  /** Replaces the sections indexed for `oid`. */
  index(oid: string, version: number, sections: readonly SearchSectionInput[]): void {
    // `oid` is not indexed in the FTS table, so the delete scans it: only when there is something to delete.
    if (this.db.prepare('SELECT 1 FROM search_indexed WHERE oid = ?').get(oid) !== undefined) {
      this.db.run('DELETE FROM search_sections WHERE oid = ?', oid);
    }
    const insert = this.db.prepare('INSERT INTO search_sections (heading, body, oid, anchor, position) VALUES (?, ?, ?, ?, ?)');
    sections.forEach((s, position) => insert.run(s.heading, s.text, oid, s.anchor, position));
    this.db.run('INSERT OR REPLACE INTO search_indexed (oid, version) VALUES (?, ?)', oid, version);
  }

  /**
   * Sections matching an FTS5 `match` expression among the given page blobs, best first
   * (bm25 with headings weighted 4x body text).
   */
  search(match: string, oids: readonly string[], limit: number): SearchHit[] {
    if (oids.length === 0) return [];
    const rows = this.db
      .prepare(
        `SELECT oid, anchor, heading, snippet(search_sections, 1, '<mark>', '</mark>', '…', 24) AS snippet,
                bm25(search_sections, 4.0, 1.0) AS rank
           FROM search_sections
          WHERE search_sections MATCH ? AND oid IN (SELECT value FROM json_each(?))
          ORDER BY rank
          LIMIT ?`,
      )
      .all(match, JSON.stringify(oids), limit) as Row[];
    return rows.map((r) => ({
      oid: String(r.oid),
      anchor: r.anchor === null ? null : String(r.anchor),
      heading: String(r.heading),
      snippet: String(r.snippet),
      rank: Number(r.rank),
    }));
  }
}

/**
 * Copies the parse records and search sections of version `version` (and the git-date cache) from the SQLite file
 * `file` into `db`, where none are yet: a scratch store seeded this way parses again none of the blobs the other store
 * already had.
 */
export function copyDerived(db: Db, file: string, version: number): void {
  db.raw.prepare('ATTACH DATABASE ? AS seed').run(file);
  try {
    db.atomic(() => {
      db.raw.prepare('INSERT OR IGNORE INTO parsed_blobs (oid, version, data) SELECT oid, version, data FROM seed.parsed_blobs WHERE version = ?').run(version);
      db.raw
        .prepare(
          `INSERT INTO search_sections (heading, body, oid, anchor, position)
             SELECT heading, body, oid, anchor, position FROM seed.search_sections
              WHERE oid IN (SELECT oid FROM seed.search_indexed WHERE version = ? AND oid NOT IN (SELECT oid FROM main.search_indexed))`,
        )
        .run(version);
      db.raw.prepare('INSERT OR IGNORE INTO search_indexed (oid, version) SELECT oid, version FROM seed.search_indexed WHERE version = ?').run(version);
      if (db.raw.prepare("SELECT 1 FROM seed.sqlite_master WHERE type = 'table' AND name = 'git_dates'").get() !== undefined) {
        db.raw.prepare('INSERT OR IGNORE INTO git_dates (commit_oid, version, data, seq) SELECT commit_oid, version, data, seq FROM seed.git_dates').run();
      }
    });
  } finally {
    db.raw.prepare('DETACH DATABASE seed').run();
  }
}
