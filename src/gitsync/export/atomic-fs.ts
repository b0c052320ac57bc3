// isomorphic-git writes objects, refs and the index in place: a process killed mid-write leaves a truncated file that
// git then refuses. Writing to a temporary file and renaming it over makes each file appear whole or not at all.
import { renameSync, writeFileSync } from 'node:fs';
import { syncFs } from '../fs-shim.js';

let counter = 0;

/** `writeFile` that never leaves a partial file behind; `tempDir` (on the same file system) holds the temporary file. */
export function writeFileAtomic(path: string, data: string | Uint8Array, options?: Parameters<typeof writeFileSync>[2], tempDir?: string | null): void {
  const temp = tempDir ? `${tempDir}/quire-${process.pid}_${counter++}.tmp` : tempPathFor(path);
  writeFileSync(temp, data, options);
  renameSync(temp, path);
}

/**
 * Where to write before renaming. Inside `.git`, a leftover from a kill must not look like a ref or a broken object:
 * objects get git's own `tmp_obj_` name in `objects/` (which fsck skips and gc prunes), the rest sit in the git dir.
 */
function tempPathFor(path: string): string {
  const name = `${process.pid}_${counter++}`;
  const git = path.replaceAll('\\', '/').lastIndexOf('/.git/');
  if (git === -1) return `${path}.quire-${name}.tmp`;
  const gitDir = path.slice(0, git + '/.git'.length);
  return path.slice(gitDir.length).startsWith('/objects/') ? `${gitDir}/objects/tmp_obj_quire_${name}` : `${gitDir}/quire-${name}.tmp`;
}

/** syncFs for isomorphic-git calls that write. */
export const atomicFs = {
  promises: { ...syncFs.promises, writeFile: async (...args: Parameters<typeof writeFileAtomic>) => writeFileAtomic(...args) },
};
