import type { JobRecord, JobState } from '../model/index.js';

/** A process's claim on a job: `owner` runs it until `until` (an ISO time), unless it renews the claim. */
export interface JobLease {
  owner: string;
  until: string;
}

export interface JobOutcome {
  state: Exclude<JobState, 'running'>;
  runAt: string;
  error: string | null;
}

export interface JobRepo {
  get(id: string): Promise<JobRecord | undefined>;
  byDedupeKey(key: string): Promise<JobRecord | undefined>;
  /** Inserts the job, or reschedules the job that has the same dedupe key (a running one keeps running, then runs again). */
  upsert(j: JobRecord): Promise<void>;
  /**
   * Claims the next due job, or a running one whose lease ran out (its process stopped), for `lease`: in one atomic
   * step, so two processes sharing the store never claim the same job. Only jobs of `kinds` (those the process runs).
   * Undefined when none is due.
   */
  claimDue(now: string, lease: JobLease, kinds: readonly string[]): Promise<JobRecord | undefined>;
  /** Extends the lease on a job its owner runs; false when the job is no longer its (the lease ran out and another took it). */
  renew(id: string, lease: JobLease): Promise<boolean>;
  /**
   * Records how the run its owner claimed (with `attempts` then) ended; false, and nothing written, when the job is
   * no longer its. A job scheduled again while it ran (which sets its attempts to 0) goes back to the queue instead.
   */
  finish(id: string, claim: { owner: string; attempts: number }, outcome: JobOutcome, now: string): Promise<boolean>;
  list(state?: JobState): Promise<JobRecord[]>;
}
