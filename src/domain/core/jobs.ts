import { newId } from '../../model/index.js';
import type { Deps } from './context.js';
import { nowIso } from './context.js';

export type JobHandler = (payload: unknown) => void | Promise<void>;

export interface ScheduleRequest {
  kind: string;
  payload: unknown;
  runAt?: Date;
  /** At most one pending job per key: scheduling again moves it. */
  dedupeKey?: string;
  maxAttempts?: number;
}

const BACKOFF_BASE_MS = 1000;

/** An error thrown with `retry: false` (bad input: running again cannot help) ends the job at once. */
const isFinal = (error: unknown) => (error as { retry?: unknown } | null)?.retry === false;
const BACKOFF_MAX_MS = 60 * 60 * 1000;

/**
 * Durable background work: jobs live in the store, so they survive a restart; a failing job is
 * retried with exponential backoff until it runs out of attempts.
 */
export class Jobs {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(private readonly deps: Deps) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  schedule(request: ScheduleRequest): string {
    const now = nowIso(this.deps);
    const id = newId();
    this.deps.store.jobs.upsert({
      id,
      kind: request.kind,
      payload: request.payload,
      dedupeKey: request.dedupeKey ?? null,
      state: 'pending',
      attempts: 0,
      maxAttempts: request.maxAttempts ?? 5,
      runAt: (request.runAt ?? this.deps.clock.now()).toISOString(),
      lastError: null,
      createdAt: now,
      updatedAt: now,
    });
    return request.dedupeKey ? this.deps.store.jobs.byDedupeKey(request.dedupeKey)!.id : id;
  }

  /** Runs every job that is due now, one at a time; resolves to how many ran. */
  runDue(): Promise<number> {
    this.running ??= this.drain().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Polls for due jobs in the background; jobs a dead process left running are queued again first. */
  start(intervalMs = 5000): void {
    if (this.timer) return;
    this.deps.store.jobs.requeueRunning(nowIso(this.deps));
    this.timer = setInterval(() => void this.runDue(), intervalMs);
    this.timer.unref();
    void this.runDue();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async drain(): Promise<number> {
    let count = 0;
    for (;;) {
      const job = this.deps.store.jobs.claimDue(nowIso(this.deps));
      if (!job) return count;
      count++;
      const handler = this.handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(job.payload);
        this.deps.store.jobs.finish(job.id, 'done', job.runAt, null, nowIso(this.deps));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const now = this.deps.clock.now();
        const retry = job.attempts < job.maxAttempts && !isFinal(error);
        const delay = Math.min(BACKOFF_BASE_MS * 2 ** (job.attempts - 1), BACKOFF_MAX_MS);
        const runAt = retry ? new Date(now.getTime() + delay).toISOString() : job.runAt;
        this.deps.store.jobs.finish(job.id, retry ? 'pending' : 'failed', runAt, message, now.toISOString());
      }
    }
  }
}
