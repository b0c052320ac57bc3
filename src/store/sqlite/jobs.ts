import type { Db, Row, Sync } from './db.js';
import { json, optStr, str } from './codec.js';
import type { JobRecord, JobState } from '../../model/index.js';
import type { JobLease, JobOutcome, JobRepo } from '../jobs.js';

const toJob = (r: Row): JobRecord => ({
  id: str(r.id),
  kind: str(r.kind),
  payload: json(r.payload),
  dedupeKey: optStr(r.dedupe_key),
  state: r.state as JobState,
  attempts: Number(r.attempts),
  maxAttempts: Number(r.max_attempts),
  runAt: str(r.run_at),
  lastError: optStr(r.last_error),
  leaseOwner: optStr(r.lease_owner),
  leaseUntil: optStr(r.lease_until),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

export class SqliteJobRepo implements Sync<JobRepo> {
  constructor(private readonly db: Db) {}

  get(id: string): JobRecord | undefined {
    const row = this.db.get('SELECT * FROM jobs WHERE id = ?', id);
    return row && toJob(row);
  }

  byDedupeKey(key: string): JobRecord | undefined {
    const row = this.db.get('SELECT * FROM jobs WHERE dedupe_key = ?', key);
    return row && toJob(row);
  }

  /** Inserts the job, or reschedules the pending job that has the same dedupe key. */
  upsert(j: JobRecord): void {
    this.db.run(
      `INSERT INTO jobs (id, kind, payload, dedupe_key, state, attempts, max_attempts, run_at, last_error, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (dedupe_key) DO UPDATE SET payload = excluded.payload, state = excluded.state, attempts = 0,
         run_at = excluded.run_at, last_error = NULL, lease_owner = NULL, lease_until = NULL, updated_at = excluded.updated_at`,
      j.id,
      j.kind,
      JSON.stringify(j.payload),
      j.dedupeKey,
      j.state,
      j.attempts,
      j.maxAttempts,
      j.runAt,
      j.lastError,
      j.createdAt,
      j.updatedAt,
    );
  }

  claimDue(now: string, lease: JobLease): JobRecord | undefined {
    // One statement: SQLite runs it under its write lock, so no other process can claim the same row meanwhile.
    const row = this.db.writeReturning(
      `UPDATE jobs SET state = 'running', attempts = attempts + 1, lease_owner = ?, lease_until = ?, updated_at = ?
       WHERE id = (
         SELECT id FROM jobs
         WHERE (state = 'pending' AND run_at <= ?) OR (state = 'running' AND (lease_until IS NULL OR lease_until < ?))
         ORDER BY run_at, id LIMIT 1)
       RETURNING *`,
      lease.owner,
      lease.until,
      now,
      now,
      now,
    );
    return row && toJob(row);
  }

  renew(id: string, lease: JobLease): boolean {
    return this.db.run("UPDATE jobs SET lease_until = ? WHERE id = ? AND lease_owner = ? AND state = 'running'", lease.until, id, lease.owner) === 1;
  }

  finish(id: string, owner: string, outcome: JobOutcome, now: string): boolean {
    return (
      this.db.run(
        `UPDATE jobs SET state = ?, run_at = ?, last_error = ?, lease_owner = NULL, lease_until = NULL, updated_at = ?
         WHERE id = ? AND lease_owner = ? AND state = 'running'`,
        outcome.state,
        outcome.runAt,
        outcome.error,
        now,
        id,
        owner,
      ) === 1
    );
  }

  list(state?: JobState): JobRecord[] {
    return (state ? this.db.all('SELECT * FROM jobs WHERE state = ? ORDER BY run_at, id', state) : this.db.all('SELECT * FROM jobs ORDER BY run_at, id')).map(
      toJob,
    );
  }
}
