/**
 * The project's worker threads, all started and asked the same way.
 *
 * `startWorker` starts one from its module under src/ (`gitsync/parse-worker`): the bundled file when the project is
 * built (one file loads in a tenth of the time of its hundreds of modules), else the compiled module, else the
 * TypeScript source through tsx (tests). Found from this module, which sits one folder below dist/ or src/ whether
 * it runs compiled, bundled or from source.
 *
 * `WorkerClient` asks one worker for results by message (the worker replies through `answer`); `WorkerPool` spreads
 * tasks over a few clients, started when first needed and replaced when one dies. A worker is referenced only while
 * it has a task, so an idle one never keeps the process alive.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker, type WorkerOptions } from 'node:worker_threads';

function workerModule(entry: string): { url: URL; source: boolean } | null {
  const name = entry.slice(entry.lastIndexOf('/') + 1);
  for (const built of [new URL(`../bundle/${name}.js`, import.meta.url), new URL(`../${entry}.js`, import.meta.url)]) {
    if (existsSync(fileURLToPath(built))) return { url: built, source: false };
  }
  const source = new URL(`../${entry}.ts`, import.meta.url);
  return existsSync(fileURLToPath(source)) ? { url: source, source: true } : null;
}

/** Whether `startWorker(entry)` finds a module to run. */
export const canStartWorker = (entry: string): boolean => workerModule(entry) !== null;

export function startWorker(entry: string, options: WorkerOptions = {}): Worker {
  const found = workerModule(entry);
  if (!found) throw new Error(`no worker module for ${entry}`);
  if (!found.source) return new Worker(found.url, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(found.url.href)}); });`;
  return new Worker(code, { ...options, eval: true });
}

export type WorkerReply = { id: number; result: unknown } | { id: number; error: string };

/** What a task threw on the worker (the worker itself is fine). */
export class WorkerTaskError extends Error {}

export interface TaskOptions {
  /** The task may run this long; then its worker is stopped and the task rejects with `timeoutError()`. */
  timeoutMs?: number;
  timeoutError?: () => Error;
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

/**
 * One worker thread asked for results by message: `request` posts the message with an id and settles with the
 * worker's reply. When the worker dies (an error, an exit, `terminate`), its pending requests reject and so does
 * every later one: its owner starts another (`alive`, `onExit`).
 */
export class WorkerClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly exitListeners: Array<(error: Error) => void> = [];
  private nextId = 0;
  private failure: Error | null = null;

  constructor(entry: string, options: WorkerOptions = {}) {
    this.worker = startWorker(entry, options);
    this.worker.unref();
    // Unreferenced before it is online, a worker listening on its port still keeps the process alive (Node 20, 22).
    this.worker.once('online', () => {
      if (this.pending.size === 0) this.worker.unref();
    });
    this.worker.on('message', (reply: WorkerReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.settle(reply.id, pending);
      if ('error' in reply) pending.reject(new WorkerTaskError(reply.error));
      else pending.resolve(reply.result);
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the ${entry} worker stopped (exit code ${code})`)));
  }

  /** Requests not answered yet. */
  get busy(): number {
    return this.pending.size;
  }

  get alive(): boolean {
    return this.failure === null;
  }

  /** `listener` runs once, when the worker is gone. */
  onExit(listener: (error: Error) => void): void {
    if (this.failure) listener(this.failure);
    else this.exitListeners.push(listener);
  }

  /** Posts a message that needs no reply (dropped once the worker is gone). */
  post(message: object): void {
    if (!this.failure) this.worker.postMessage(message);
  }

  request<T>(message: object, options: TaskOptions = {}): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      const pending: Pending = { resolve: resolve as (result: unknown) => void, reject };
      if (options.timeoutMs !== undefined) {
        pending.timer = setTimeout(() => {
          this.settle(id, pending);
          reject(options.timeoutError?.() ?? new Error(`the task took more than ${options.timeoutMs} ms`));
          void this.terminate();
        }, options.timeoutMs);
      }
      this.pending.set(id, pending);
      this.worker.postMessage({ ...message, id });
    });
  }

  /** Stops the worker; pending requests reject. */
  terminate(): Promise<void> {
    this.fail(new Error('the worker was stopped'));
    return this.worker.terminate().then(() => {});
  }

  private settle(id: number, pending: Pending): void {
    clearTimeout(pending.timer);
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const [id, pending] of this.pending) {
      this.settle(id, pending);
      pending.reject(error);
    }
    this.worker.unref();
    for (const listener of this.exitListeners.splice(0)) listener(error);
  }
}

/** The process's one client of `entry`: started when first asked for, and again once its worker is gone. */
export function sharedClient(entry: string, options: WorkerOptions = {}): () => WorkerClient {
  let client: WorkerClient | undefined;
  return () => (client?.alive ? client : (client = new WorkerClient(entry, options)));
}

export interface WorkerPoolOptions {
  worker?: WorkerOptions;
  /** Workers at most (default 1). */
  size?: number;
  /** Tasks one worker is given at once (default 1); more wait in the pool's queue. */
  perWorker?: number;
  /** A worker without a task for this long is stopped (0: at once); by default it stays, unreferenced. */
  idleMs?: number;
  /** A task that waits this long for a worker rejects with `waitError()`. */
  maxWaitMs?: number;
  waitError?: () => Error;
}

interface Queued {
  message: object;
  options: TaskOptions;
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

/** Tasks spread over up to `size` workers of one module, each started when first needed and replaced when it dies. */
export class WorkerPool {
  private readonly clients: WorkerClient[] = [];
  private readonly queue: Queued[] = [];
  private readonly idle = new Map<WorkerClient, NodeJS.Timeout>();

  constructor(
    private readonly entry: string,
    private readonly options: WorkerPoolOptions = {},
  ) {}

  run<T>(message: object, options: TaskOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const task: Queued = { message, options, resolve: resolve as (result: unknown) => void, reject };
      const { maxWaitMs } = this.options;
      if (maxWaitMs !== undefined) {
        task.timer = setTimeout(() => {
          this.queue.splice(this.queue.indexOf(task), 1);
          reject(this.options.waitError?.() ?? new Error(`no ${this.entry} worker was free within ${maxWaitMs} ms`));
        }, maxWaitMs);
      }
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Stops every worker; tasks still queued reject. */
  async close(): Promise<void> {
    for (const task of this.queue.splice(0)) {
      clearTimeout(task.timer);
      task.reject(new Error('the worker pool was closed'));
    }
    await Promise.all([...this.clients].map((client) => client.terminate())); // each leaves `clients` as it stops
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let client: WorkerClient | undefined;
      try {
        client = this.free() ?? this.spawn();
      } catch (error) {
        // No worker module to start: nothing queued can run.
        for (const task of this.queue.splice(0)) {
          clearTimeout(task.timer);
          task.reject(error as Error);
        }
        return;
      }
      if (!client) return;
      const task = this.queue.shift()!;
      clearTimeout(task.timer);
      clearTimeout(this.idle.get(client));
      this.idle.delete(client);
      const worker = client;
      worker
        .request(task.message, task.options)
        .then(task.resolve, task.reject)
        .finally(() => {
          if (worker.alive && worker.busy === 0) this.rest(worker);
          this.dispatch();
        });
    }
  }

  /** An idle worker, else (when no more may start) the least busy one with room for a task. */
  private free(): WorkerClient | undefined {
    let best: WorkerClient | undefined;
    for (const client of this.clients) if (!best || client.busy < best.busy) best = client;
    if (best?.busy === 0) return best;
    if (this.clients.length < (this.options.size ?? 1)) return undefined;
    return best && best.busy < (this.options.perWorker ?? 1) ? best : undefined;
  }

  /** A new worker, or undefined when `size` are running already. */
  private spawn(): WorkerClient | undefined {
    if (this.clients.length >= (this.options.size ?? 1)) return undefined;
    const client = new WorkerClient(this.entry, this.options.worker);
    this.clients.push(client);
    client.onExit(() => {
      this.clients.splice(this.clients.indexOf(client), 1);
      clearTimeout(this.idle.get(client));
      this.idle.delete(client);
      this.dispatch(); // a replacement for the tasks still waiting
    });
    return client;
  }

  private rest(client: WorkerClient): void {
    const { idleMs } = this.options;
    if (idleMs === undefined || this.queue.length > 0) return;
    if (idleMs === 0) return void client.terminate();
    const timer = setTimeout(() => void client.terminate(), idleMs);
    timer.unref();
    this.idle.set(client, timer);
  }
}

/** A worker's side of `request`: replies to each message with what `handle` returns, or the error it throws. */
export function answer<M extends { id: number }>(handle: (message: M) => unknown, port = parentPort!): (message: M) => Promise<void> {
  return async (message) => {
    try {
      port.postMessage({ id: message.id, result: await handle(message) } satisfies WorkerReply);
    } catch (error) {
      port.postMessage({ id: message.id, error: (error as Error).message } satisfies WorkerReply);
    }
  };
}
