/**
 * One worker thread of the site build, asked for results by message: `request` posts a message with an id and
 * resolves with the worker's `{ id, result }` reply (or rejects with its `{ id, error }`). Referenced while a request
 * is pending, so the process waits for it; unreferenced when idle, so a warm worker never keeps the process alive.
 */
import type { Worker, WorkerOptions } from 'node:worker_threads';
import { startWorker } from '../platform/worker-threads.js';

export type WorkerReply = { id: number; result: unknown } | { id: number; error: string };

export class WorkerClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (result: never) => void; reject: (error: Error) => void }>();
  private nextId = 0;

  /** `onExit`: the worker is gone (a new client is needed). */
  constructor(entry: string, options: WorkerOptions, onExit: () => void) {
    this.worker = startWorker(entry, options);
    this.worker.unref();
    this.worker.on('message', (reply: WorkerReply) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if ('error' in reply) pending?.reject(new Error(reply.error));
      else pending?.resolve(reply.result as never);
    });
    const fail = (error: Error) => {
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
      this.worker.unref();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => {
      onExit();
      fail(new Error(`${entry} worker exited with code ${code}`));
    });
  }

  /** Posts a message that needs no reply. */
  post(message: object): void {
    this.worker.postMessage(message);
  }

  request<T>(message: object): Promise<T> {
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }
}

/** A worker's side of `request`: replies to each message with its result, or the error it threw. */
export function answer<M extends { id: number }>(port: { postMessage(reply: WorkerReply): void }, handle: (message: M) => unknown): (message: M) => Promise<void> {
  return async (message) => {
    try {
      port.postMessage({ id: message.id, result: await handle(message) });
    } catch (error) {
      port.postMessage({ id: message.id, error: (error as Error).message });
    }
  };
}
