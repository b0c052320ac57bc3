// The date of the last commit that touched each of a set of files: from the cache for the commit, else one walk of
// history (walker.ts); on a worker thread when asked, stopping at the cached commits it meets (dated here).
import { canStartWorker, WorkerPool } from '../../platform/worker-threads.js';
import { repoDirs } from '../tree.js';
import { type FileDate, type KnownDates, type WalkInput, type WalkOutput, walkHistory } from './walker.js';

export type { FileDate } from './walker.js';

/** Exact dates by commit: what a walk found at a commit stays true of it. */
export interface DateCache {
  get(commit: string): Promise<Record<string, number> | undefined>;
  put(commit: string, dates: Record<string, number>): Promise<void>;
  /** The commits it holds dates for. */
  commits(): Promise<string[]>;
}

export interface WalkOptions {
  /** The repository (as findRepository gives it). */
  repo: string;
  commit: string;
  /** Repository paths of files present at `commit`. */
  paths: readonly string[];
  cache?: DateCache;
  /** Commits looked at before the walk gives up on the files still undated (default MAX_WALK_COMMITS). */
  maxCommits?: number;
  /** Walk on a worker thread, so this thread goes on meanwhile (here, if no worker can start). */
  worker?: boolean;
}

export interface WalkResult {
  dates: Map<string, FileDate>;
  /** Commits looked at (0: all from the cache). */
  commits: number;
  /** The walk ran on a worker thread. */
  worker: boolean;
}

export const MAX_WALK_COMMITS = 100_000;

const WORKER = 'gitsync/dates/walk-worker';
/** A thread per walk under way, stopped once its walk is done. */
const walkers = new WorkerPool(WORKER, { size: 4, idleMs: 0 });

export async function lastCommitDates(options: WalkOptions): Promise<WalkResult> {
  const { cache } = options;
  const atHead = (await cache?.get(options.commit)) ?? {};
  const dates = new Map<string, FileDate>();
  for (const path of options.paths) if (atHead[path] !== undefined) dates.set(path, { time: atHead[path], exact: true });
  const pending = options.paths.filter((path) => !dates.has(path));
  if (pending.length === 0) return { dates, commits: 0, worker: false };
  const input: WalkInput = { ...repoDirs(options.repo), commit: options.commit, paths: pending, maxCommits: options.maxCommits ?? MAX_WALK_COMMITS };
  const walked = await walk(input, options);
  for (const [path, date] of walked.dates) dates.set(path, date);
  if (cache && walked.commits > 0) {
    const exact = Object.fromEntries([...dates].flatMap(([path, date]) => (date.exact ? [[path, date.time]] : [])));
    await cache.put(options.commit, { ...atHead, ...exact });
  }
  return { dates, commits: walked.commits, worker: walked.worker === true };
}

/** Walks here with the cache at hand, or on a worker that stops at the cached commits (whose files are dated here). */
async function walk(input: WalkInput, options: WalkOptions): Promise<WalkOutput & { worker?: boolean }> {
  const { cache } = options;
  const known: KnownDates | undefined = cache && (async (commit) => await cache.get(commit));
  if (!options.worker || !canStartWorker(WORKER)) return walkHistory(input, known);
  // A walk that failed on the worker (a damaged repository, memory) is not tried again on the calling thread.
  const walked = await inWorker({ ...input, stops: (await cache?.commits())?.filter((c) => c !== input.commit) ?? [] });
  for (const { commit, paths } of walked.stopped) {
    const rest = await walkHistory({ ...input, commit, paths }, known);
    for (const [path, date] of rest.dates) walked.dates.set(path, date);
    walked.commits += rest.commits;
  }
  return { ...walked, worker: true };
}

async function inWorker(input: WalkInput): Promise<WalkOutput> {
  const reply = await walkers.run<{ dates: Array<[string, FileDate]>; commits: number; stopped: WalkOutput['stopped'] }>({ input });
  return { dates: new Map(reply.dates), commits: reply.commits, stopped: reply.stopped };
}
