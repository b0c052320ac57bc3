import { asJson } from './codec.js';
import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';
import type { JobRecord, JobState } from '../../model/index.js';
import type { JobLease, JobOutcome, JobRepo } from '../jobs.js';

export class SqlJobRepo implements Queries<JobRepo> {
  private readonly jobRows: Table<JobRecord>;

  constructor() {
    this.jobRows = new Table<JobRecord>('jobs', { codecs: { payload: asJson } });
  }

  *get(id: string): Query<JobRecord | undefined> {
    return yield* this.jobRows.one('SELECT * FROM jobs WHERE id = ?', id);
  }

  *byDedupeKey(key: string): Query<JobRecord | undefined> {
    return yield* this.jobRows.one('SELECT * FROM jobs WHERE dedupe_key = ?', key);
  }

  /** Inserts the job, or reschedules the pending job that has the same dedupe key. */
  *upsert(j: JobRecord): Query<void> {
    yield* this.jobRows.insert(
      j,
      `ON CONFLICT (dedupe_key) DO UPDATE SET payload = excluded.payload, attempts = 0,
         run_at = excluded.run_at, last_error = NULL, updated_at = excluded.updated_at,
         state = CASE WHEN jobs.state = 'running' THEN 'running' ELSE excluded.state END`,
    );
  }

  *claimDue(now: string, lease: JobLease, kinds: readonly string[]): Query<JobRecord | undefined> {
    if (kinds.length === 0) return undefined;
    // One statement. SQLite runs it under its write lock; PostgreSQL locks the row it picks and passes over rows
    // another server is claiming, so no two processes claim the same job.
    const lock = (yield* sql.dialect()) === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    const row = yield* sql.returning(
      `UPDATE jobs SET state = 'running', attempts = attempts + 1, lease_owner = ?, lease_until = ?, updated_at = ?
       WHERE id = (
         SELECT id FROM jobs
         WHERE ((state = 'pending' AND run_at <= ?) OR (state = 'running' AND (lease_until IS NULL OR lease_until < ?)))
           AND kind IN (${sql.placeholders(kinds.length)})
         ORDER BY run_at, id LIMIT 1${lock})
       RETURNING *`,
      lease.owner,
      lease.until,
      now,
      now,
      now,
      ...kinds,
    );
    return row && (yield* this.jobRows.record(row));
  }

  *renew(id: string, lease: JobLease): Query<boolean> {
    return (yield* sql.run("UPDATE jobs SET lease_until = ? WHERE id = ? AND lease_owner = ? AND state = 'running'", lease.until, id, lease.owner)) === 1;
  }

  *finish(id: string, claim: { owner: string; attempts: number }, outcome: JobOutcome, now: string): Query<boolean> {
    // Scheduled again while it ran (which set its attempts back to 0): it goes back to the queue as scheduled.
    return (
      (yield* sql.run(
        `UPDATE jobs SET state = CASE WHEN attempts = ? THEN ? ELSE 'pending' END, run_at = CASE WHEN attempts = ? THEN ? ELSE run_at END,
           last_error = CASE WHEN attempts = ? THEN ? ELSE NULL END, lease_owner = NULL, lease_until = NULL, updated_at = ?
         WHERE id = ? AND lease_owner = ? AND state = 'running'`,
        claim.attempts,
        outcome.state,
        claim.attempts,
        outcome.runAt,
        claim.attempts,
        outcome.error,
        now,
        id,
        claim.owner,
      )) === 1
    );
  }

  *list(state?: JobState): Query<JobRecord[]> {
    return state
      ? yield* this.jobRows.many('SELECT * FROM jobs WHERE state = ? ORDER BY run_at, id', state)
      : yield* this.jobRows.many('SELECT * FROM jobs ORDER BY run_at, id');
  }
}
