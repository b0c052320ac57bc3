// Checking a large spec takes most of a second of CPU: it runs on a worker thread, so the server keeps answering while
// a spec is processed. One worker serves every check and stops after a while without work; it never keeps the process
// alive on its own. When no worker can be started, the check runs on this thread.
import type { OpenAPIError } from '../../model/index.js';
import type { SpecFormat } from './text.js';
import { checkSpec } from './validate.js';
import { canStartWorker, WorkerPool } from '../../platform/worker-threads.js';

export type CheckResult = { ok: true; format: SpecFormat; openapiVersion: string } | { ok: false; errors: OpenAPIError[] };

const WORKER = 'domain/openapi/check-worker';
const checker = new WorkerPool(WORKER, { perWorker: Infinity, idleMs: 30_000 });

export async function checkOffThread(text: string): Promise<CheckResult> {
  if (canStartWorker(WORKER)) return checker.run<CheckResult>({ text });
  const checked = await checkSpec(text);
  return checked.ok ? { ok: true, format: checked.format, openapiVersion: checked.openapiVersion } : checked;
}
