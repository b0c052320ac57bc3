import type { GitDatesRepo } from '../git-dates.js';
import type { Db, Row, Sync } from './db.js';

/** Rows kept: the latest synced commits are the ones a next sync's walk meets. */
const KEEP = 64;

/** The git-date cache: for a commit, repository path -> seconds since the epoch of the last commit that touched it. */
export class SqliteGitDatesRepo implements Sync<GitDatesRepo> {
  constructor(private readonly db: Db) {}

  get(commit: string, version: number): Record<string, number> | undefined {
    const row = this.db.prepare('SELECT data FROM git_dates WHERE commit_oid = ? AND version = ?').get(commit, version) as Row | undefined;
    return row ? (JSON.parse(String(row.data)) as Record<string, number>) : undefined;
  }

  /** The commits with dates of this version. */
  commits(version: number): string[] {
    return this.db.all<Row>('SELECT commit_oid FROM git_dates WHERE version = ?', version).map((r) => String(r.commit_oid));
  }

  /** Saves the dates of `commit` (replacing what was known) and drops the oldest rows past the latest few. */
  put(commit: string, version: number, dates: Record<string, number>): void {
    this.db.atomic(() => {
      this.db.run('DELETE FROM git_dates WHERE commit_oid = ? AND version = ?', commit, version);
      this.db.run(
        'INSERT INTO git_dates (commit_oid, version, data, seq) VALUES (?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM git_dates))',
        commit,
        version,
        JSON.stringify(dates),
      );
      this.db.run('DELETE FROM git_dates WHERE seq <= (SELECT MAX(seq) FROM git_dates) - ?', KEEP);
    });
  }
}
