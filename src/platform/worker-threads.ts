/**
 * Starts a worker thread from its module under src/ (`gitsync/parse-worker`): the bundled file when the project is
 * built (one file loads in a tenth of the time of its hundreds of modules), else the compiled module, else the
 * TypeScript source through tsx (tests). Found from this module, which sits one folder below dist/ or src/ whether
 * it runs compiled, bundled or from source.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startWorker(entry: string, options: WorkerOptions = {}): Worker {
  const name = entry.slice(entry.lastIndexOf('/') + 1);
  for (const built of [new URL(`../bundle/${name}.js`, import.meta.url), new URL(`../${entry}.js`, import.meta.url)]) {
    if (existsSync(fileURLToPath(built))) return new Worker(built, options);
  }
  const source = new URL(`../${entry}.ts`, import.meta.url);
  if (!existsSync(fileURLToPath(source))) throw new Error(`no worker module for ${entry}`);
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source.href)}); });`;
  return new Worker(code, { ...options, eval: true });
}
