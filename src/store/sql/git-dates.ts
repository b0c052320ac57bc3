import type { GitDatesRepo } from '../git-dates.js';
import { type Query, type Queries, type Row, sql } from './query.js';

/** Rows kept: the latest synced commits are the ones a next sync's walk meets. */
const KEEP = 64;

/** The git-date cache: for a commit, repository path -> seconds since the epoch of the last commit that touched it. */
export class SqlGitDatesRepo implements Queries<GitDatesRepo> {
  *get(commit: string, version: number): Query<Record<string, number> | undefined> {
    const row = yield* sql.first<{ data: string }>('SELECT data FROM git_dates WHERE commit_oid = ? AND version = ?', commit, version);
    return row ? (JSON.parse(row.data) as Record<string, number>) : undefined;
  }

  /** The commits with dates of this version. */
  *commits(version: number): Query<string[]> {
    return (yield* sql.all<Row>('SELECT commit_oid FROM git_dates WHERE version = ?', version)).map((r) => String(r.commit_oid));
  }

  /** Saves the dates of `commit` (replacing what was known) and drops the oldest rows past the latest few. */
  *put(commit: string, version: number, dates: Record<string, number>): Query<void> {
    yield* sql.atomic(function* () {
      yield* sql.run('DELETE FROM git_dates WHERE commit_oid = ? AND version = ?', commit, version);
      yield* sql.run(
        'INSERT INTO git_dates (commit_oid, version, data, seq) VALUES (?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM git_dates))',
        commit,
        version,
        JSON.stringify(dates),
      );
      yield* sql.run('DELETE FROM git_dates WHERE seq <= (SELECT MAX(seq) FROM git_dates) - ?', KEEP);
    });
  }
}
