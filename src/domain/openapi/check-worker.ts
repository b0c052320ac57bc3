// Worker thread entry: checks spec texts posted by checker.ts.
import { parentPort } from 'node:worker_threads';
import { answer } from '../../platform/worker-threads.js';
import { checkSpec } from './validate.js';

parentPort?.on(
  'message',
  answer<{ id: number; text: string }>(async ({ text }) => {
    const checked = await checkSpec(text);
    return checked.ok ? { ok: true, format: checked.format, openapiVersion: checked.openapiVersion } : checked;
  }),
);
