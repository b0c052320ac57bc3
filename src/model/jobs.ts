/** Background jobs. */
export type JobState = 'pending' | 'running' | 'done' | 'failed';

export interface JobRecord {
  id: string;
  kind: string;
  payload: unknown;
  dedupeKey: string | null;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lastError: string | null;
  /** The process running it, until when: past that, its process is taken to have stopped and another may run it. */
  leaseOwner: string | null;
  leaseUntil: string | null;
  createdAt: string;
  updatedAt: string;
}
