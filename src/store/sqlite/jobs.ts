import type { Db, Row } from './db.js';
import { json, optStr, str } from './codec.js';
import type { JobRecord, JobState } from '../../model/records.js';
import type { JobRepo } from '../jobs.js';

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
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

export class SqliteJobRepo implements JobRepo {
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
         run_at = excluded.run_at, last_error = NULL, updated_at = excluded.updated_at`,
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

  /** Claims the next due job by moving it to `running`; undefined when none is due. */
  claimDue(now: string): JobRecord | undefined {
    const row = this.db.get("SELECT * FROM jobs WHERE state = 'pending' AND run_at <= ? ORDER BY run_at, id LIMIT 1", now);
    if (!row) return undefined;
    const job = toJob(row);
    this.db.run("UPDATE jobs SET state = 'running', attempts = attempts + 1, updated_at = ? WHERE id = ?", now, job.id);
    return { ...job, state: 'running', attempts: job.attempts + 1 };
  }

  finish(id: string, state: JobState, runAt: string, error: string | null, now: string): void {
    this.db.run('UPDATE jobs SET state = ?, run_at = ?, last_error = ?, updated_at = ? WHERE id = ?', state, runAt, error, now, id);
  }

  /** Jobs left `running` by a process that died go back to the queue. */
  requeueRunning(now: string): number {
    return this.db.run("UPDATE jobs SET state = 'pending', updated_at = ? WHERE state = 'running'", now);
  }

  list(state?: JobState): JobRecord[] {
    return (state ? this.db.all('SELECT * FROM jobs WHERE state = ? ORDER BY run_at, id', state) : this.db.all('SELECT * FROM jobs ORDER BY run_at, id')).map(
      toJob,
    );
  }
}
