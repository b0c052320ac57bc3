// Worker thread entry: checks spec texts posted by checker.ts.
import { parentPort } from 'node:worker_threads';
import { checkSpec } from './validate.js';

parentPort?.on('message', (message: { id: number; text: string }) => {
  void checkSpec(message.text).then(
    (checked) => parentPort!.postMessage({ id: message.id, result: checked.ok ? { ok: true, format: checked.format, openapiVersion: checked.openapiVersion } : checked }),
    (error: Error) => parentPort!.postMessage({ id: message.id, error: error.message }),
  );
});
