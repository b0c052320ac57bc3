// isomorphic-git writes objects, refs and the index in place: a process killed mid-write leaves a truncated file that
// git then refuses. Writing to a temporary file and renaming it over makes each file appear whole or not at all.
import { renameSync, writeFileSync } from 'node:fs';
import { syncFs } from '../fs-shim.js';

let counter = 0;

/** `writeFile` that never leaves a partial file behind. */
export function writeFileAtomic(path: string, data: string | Uint8Array, options?: Parameters<typeof writeFileSync>[2]): void {
  const temp = `${path}.quire-${process.pid}-${counter++}.tmp`;
  writeFileSync(temp, data, options);
  renameSync(temp, path);
}

/** syncFs for isomorphic-git calls that write. */
export const atomicFs = {
  promises: { ...syncFs.promises, writeFile: async (...args: Parameters<typeof writeFileAtomic>) => writeFileAtomic(...args) },
};
