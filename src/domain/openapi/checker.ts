// Checking a large spec takes most of a second of CPU: it runs on a worker thread, so the server keeps answering while
// a spec is processed. One worker serves every check and stops after a while without work; it never keeps the process
// alive on its own. When no worker can be started, the check runs on this thread.
import { Worker } from 'node:worker_threads';
import type { OpenAPIError } from '../../model/index.js';
import type { SpecFormat } from './text.js';
import { checkSpec } from './validate.js';
import { startWorker } from '../../platform/worker-threads.js';

export type CheckResult = { ok: true; format: SpecFormat; openapiVersion: string } | { ok: false; errors: OpenAPIError[] };

const IDLE_MS = 30_000;
let worker: Worker | undefined;
let idle: NodeJS.Timeout | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (result: CheckResult) => void; reject: (error: Error) => void }>();

export async function checkOffThread(text: string): Promise<CheckResult> {
  const w = worker ?? start();
  if (!w) {
    const checked = await checkSpec(text);
    return checked.ok ? { ok: true, format: checked.format, openapiVersion: checked.openapiVersion } : checked;
  }
  clearTimeout(idle);
  w.ref();
  const id = nextId++;
  try {
    return await new Promise<CheckResult>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      w.postMessage({ id, text });
    });
  } finally {
    pending.delete(id);
    if (!pending.size && worker === w) {
      w.unref();
      idle = setTimeout(stop, IDLE_MS);
      idle.unref();
    }
  }
}

function start(): Worker | undefined {
  let w: Worker;
  try {
    w = spawn();
  } catch {
    return undefined;
  }
  w.on('message', (message: { id: number; result?: CheckResult; error?: string }) => {
    const request = pending.get(message.id);
    if (!request) return;
    if (message.result) request.resolve(message.result);
    else request.reject(new Error(message.error ?? 'the check failed'));
  });
  const fail = (error: Error) => {
    if (worker === w) worker = undefined;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`the spec checker stopped (exit code ${code})`)));
  w.unref();
  worker = w;
  return w;
}

function stop(): void {
  const w = worker;
  worker = undefined;
  void w?.terminate();
}

function spawn(): Worker {
  return startWorker('domain/openapi/check-worker');
}
