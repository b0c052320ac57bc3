import type { JobRecord, JobState } from '../model/records.js';

export interface JobRepo {
  get(id: string): JobRecord | undefined;
  byDedupeKey(key: string): JobRecord | undefined;
  /** Inserts the job, or reschedules the pending job that has the same dedupe key. */
  upsert(j: JobRecord): void;
  /** Claims the next due job by moving it to `running`; undefined when none is due. */
  claimDue(now: string): JobRecord | undefined;
  finish(id: string, state: JobState, runAt: string, error: string | null, now: string): void;
  /** Jobs left `running` by a process that died go back to the queue. */
  requeueRunning(now: string): number;
  list(state?: JobState): JobRecord[];
}
