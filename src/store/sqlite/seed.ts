import type { Db } from './db.js';

/**
 * Copies the parse records (with their parsed bodies) and search sections of version `version` (and the git-date cache) from the SQLite file
 * `file` into `db`, where none are yet: a scratch store seeded this way parses again none of the blobs the other store
 * already had.
 */
export function copyDerived(db: Db, file: string, version: number): void {
  db.raw.prepare('ATTACH DATABASE ? AS seed').run(file);
  try {
    db.atomic(() => {
      // A seed made before the parsed bodies (migration 21) has none to give.
      const body = db.raw.prepare("SELECT 1 FROM pragma_table_info('parsed_blobs', 'seed') WHERE name = 'body'").get() ? 'body' : 'NULL';
      db.raw
        .prepare(`INSERT OR IGNORE INTO parsed_blobs (oid, version, data, body) SELECT oid, version, data, ${body} FROM seed.parsed_blobs WHERE version = ?`)
        .run(version);
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
