// Markdown from a request is parsed off the request thread: on a worker with a time and a heap limit, after the
// size and nesting limits are checked, so one pathological page answers a clear error and other requests go on.
// Idle workers are kept for the next page; a worker that runs out of time is stopped.
import { Worker } from 'node:worker_threads';
import { MARKDOWN_LIMITS, markdownLimitProblem } from '../../content/limits.js';
import type { PageFile } from '../../content/page-file.js';
import { DomainError } from '../core/errors.js';
import { startWorker } from '../../platform/worker-threads.js';

const MAX_WORKERS = 2;
const IDLE_MS = 30_000;
const MAX_WAIT_MS = MARKDOWN_LIMITS.parseTimeMs / 2;

/** Throws a DomainError naming `field` when `text` is over the markdown limits. */
export function checkMarkdownLimits(text: string, field: string): void {
  const problem = markdownLimitProblem(text);
  if (problem) throw new DomainError(problem.kind, `${field}: ${problem.message}`);
}

/** `parsePageFile(text, { title })` with offsets for positions, within the markdown limits, on a worker thread; errors name `field`. */
export async function parsePageFileOffThread(text: string, field: string, title?: string | null): Promise<PageFile> {
  checkMarkdownLimits(text, field);
  const worker = await acquire();
  let outcome: 'ok' | 'stopped' = 'ok';
  try {
    return await run(worker, { text, title }, field);
  } catch (error) {
    outcome = 'stopped';
    throw error;
  } finally {
    release(worker, outcome);
  }
}

/** Positions come back as `[start, end]` offsets (page-file-worker.ts): enough for the write-back, which reads no lines. */
const withOffsets = (key: string, value: unknown) =>
  key === 'position' && Array.isArray(value)
    ? { start: { line: 0, column: 0, offset: value[0] as number }, end: { line: 0, column: 0, offset: value[1] as number } }
    : value;

const idle: Worker[] = [];
interface Waiter {
  resolve(worker: Worker): void;
  reject(error: Error): void;
}
const waiting: Waiter[] = [];
let running = 0;
let idleTimer: NodeJS.Timeout | undefined;

async function acquire(): Promise<Worker> {
  clearTimeout(idleTimer);
  const kept = idle.pop();
  if (kept) return kept;
  if (running < MAX_WORKERS) return spawnCounted();
  // A page waits for a worker only so long: a flood of slow pages cannot hold every other write.
  return new Promise((resolve, reject) => {
    const waiter: Waiter = {
      resolve: (worker) => (clearTimeout(timer), resolve(worker)),
      reject: (error) => (clearTimeout(timer), reject(error)),
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(waiter), 1);
      reject(new DomainError('unavailable', 'the markdown parsers are busy with other pages; try again'));
    }, MAX_WAIT_MS);
    waiting.push(waiter);
  });
}

function spawnCounted(): Worker {
  running++;
  try {
    return spawn();
  } catch (error) {
    running--;
    throw error;
  }
}

function release(worker: Worker, outcome: 'ok' | 'stopped'): void {
  if (outcome === 'stopped') {
    void worker.terminate();
    running--;
    const next = waiting.shift();
    if (next) {
      try {
        next.resolve(spawnCounted());
      } catch (error) {
        next.reject(error as Error);
      }
    }
    return;
  }
  const next = waiting.shift();
  if (next) return next.resolve(worker);
  idle.push(worker);
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    for (const w of idle.splice(0)) {
      running--;
      void w.terminate();
    }
  }, IDLE_MS);
  idleTimer.unref();
}

function spawn(): Worker {
  const worker = startWorker('domain/content-writes/page-file-worker', {
    resourceLimits: { maxOldGenerationSizeMb: MARKDOWN_LIMITS.parseMemoryMb, maxYoungGenerationSizeMb: 32 },
  });
  worker.on('error', () => {}); // reported to the request that runs on it
  worker.on('exit', () => {
    const at = idle.indexOf(worker);
    if (at === -1) return;
    idle.splice(at, 1);
    running--;
  });
  worker.unref();
  return worker;
}

let nextId = 0;

function run(worker: Worker, job: { text: string; title: string | null | undefined }, field: string): Promise<PageFile> {
  const id = nextId++;
  const seconds = MARKDOWN_LIMITS.parseTimeMs / 1000;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new DomainError('invalid', `${field}: the markdown took more than ${seconds} s to parse; split the page or simplify its nesting and emphasis`)), MARKDOWN_LIMITS.parseTimeMs);
    const onMessage = (message: { id: number; page?: Omit<PageFile, 'body'>; body?: string; error?: string }) => {
      if (message.id !== id) return;
      if (message.page && message.body !== undefined) finish(null, { ...message.page, body: JSON.parse(message.body, withOffsets) as PageFile['body'] });
      else finish(new DomainError('invalid', `${field}: the markdown could not be parsed (${message.error ?? 'unknown error'})`));
    };
    const onError = (error: Error & { code?: string }) =>
      finish(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new DomainError('too-large', `${field}: parsing the markdown needs more than ${MARKDOWN_LIMITS.parseMemoryMb} MB; split the page`)
          : error,
      );
    const onExit = (code: number) => finish(new Error(`the markdown parser stopped (exit code ${code})`));
    const finish = (error: Error | null, page?: PageFile) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      worker.unref();
      if (error) reject(error);
      else resolve(page!);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.ref();
    worker.postMessage({ id, ...job });
  });
}
