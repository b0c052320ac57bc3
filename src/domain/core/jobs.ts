import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type JobRecord, newId } from '../../model/index.js';
import type { JobOutcome } from '../../store/index.js';
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
/** How long a claim on a job holds without renewal; it is renewed three times as often. */
const LEASE_MS = 60_000;

/** An error thrown with `retry: false` (bad input: running again cannot help) ends the job at once. */
const isFinal = (error: unknown) => (error as { retry?: unknown } | null)?.retry === false;
const BACKOFF_MAX_MS = 60 * 60 * 1000;

export interface JobsOptions {
  /** How long a claim on a job holds without renewal (default 60 s). */
  leaseMs?: number;
}

/**
 * Durable background work: jobs live in the store, so they survive a restart; a failing job is retried with
 * exponential backoff until it runs out of attempts. Processes sharing a store share its queue: each job is claimed
 * by one of them with a lease it renews while the job runs; a job whose lease runs out (its process stopped) is
 * claimed again by whichever process polls next.
 */
export class Jobs {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  /** This process, as the owner of the leases it takes. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly leaseMs: number;

  constructor(
    private readonly deps: Deps,
    options: JobsOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? LEASE_MS;
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  async schedule(request: ScheduleRequest): Promise<string> {
    const now = nowIso(this.deps);
    const id = newId();
    await this.deps.store.jobs.upsert({
      id,
      kind: request.kind,
      payload: request.payload,
      dedupeKey: request.dedupeKey ?? null,
      state: 'pending',
      attempts: 0,
      maxAttempts: request.maxAttempts ?? 5,
      runAt: (request.runAt ?? this.deps.clock.now()).toISOString(),
      lastError: null,
      leaseOwner: null,
      leaseUntil: null,
      createdAt: now,
      updatedAt: now,
    });
    return request.dedupeKey ? (await this.deps.store.jobs.byDedupeKey(request.dedupeKey))!.id : id;
  }

  /**
   * Runs every job that is due now, one at a time; resolves to how many ran. Never rejects: callers start it without
   * waiting, and a store that fails meanwhile (closing, the database gone) leaves the jobs to the next poll, their
   * leases running out.
   */
  runDue(): Promise<number> {
    this.running ??= this.drain()
      .catch(() => 0)
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** Polls for due jobs in the background (and for jobs whose process stopped: their leases run out). */
  start(intervalMs = 5000): void {
    if (this.timer) return;
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
      // Only kinds this process runs: a process without a handler (a CLI run) leaves those jobs to one that has it.
      const job = await this.deps.store.jobs.claimDue(nowIso(this.deps), this.lease(), [...this.handlers.keys()]);
      if (!job) return count;
      count++;
      const renewal = setInterval(() => void this.renew(job), this.leaseMs / 3);
      renewal.unref();
      try {
        await this.run(job);
      } finally {
        clearInterval(renewal);
      }
    }
  }

  private async run(job: JobRecord): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      if (job.attempts > job.maxAttempts) throw new JobStopped(job);
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      await this.finish(job, { state: 'done', runAt: job.runAt, error: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = this.deps.clock.now();
      const retry = job.attempts < job.maxAttempts && !isFinal(error);
      const delay = Math.min(BACKOFF_BASE_MS * 2 ** (job.attempts - 1), BACKOFF_MAX_MS);
      const runAt = retry ? new Date(now.getTime() + delay).toISOString() : job.runAt;
      await this.finish(job, { state: retry ? 'pending' : 'failed', runAt, error: message });
    }
  }

  private lease() {
    return { owner: this.owner, until: new Date(this.deps.clock.now().getTime() + this.leaseMs).toISOString() };
  }

  private async renew(job: JobRecord): Promise<void> {
    try {
      await this.deps.store.jobs.renew(job.id, this.lease());
    } catch {
      // The store is busy or closing: the next renewal tries again, well before the lease runs out.
    }
  }

  /** A job taken over from a process that stopped keeps the outcome recorded by whoever holds it now. */
  private async finish(job: JobRecord, outcome: JobOutcome): Promise<void> {
    await this.deps.store.jobs.finish(job.id, { owner: this.owner, attempts: job.attempts }, outcome, nowIso(this.deps));
  }
}

/** A job whose process stopped while running its last attempt: it is not run again. */
class JobStopped extends Error {
  constructor(job: JobRecord) {
    super(`its process stopped during attempt ${job.attempts - 1} of ${job.maxAttempts}, the last`);
  }
}
