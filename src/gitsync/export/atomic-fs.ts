// isomorphic-git writes objects, refs and the index in place: a process killed mid-write leaves a truncated file that
// git then refuses. Writing to a temporary file, fsyncing it and renaming it over makes each file appear whole or not
// at all, after a crash of the machine too. (write-file-atomic does the same, but names its temporary file after the
// target: in .git, a leftover would read as a ref or a broken object; see tempPathFor.)
import { closeSync, existsSync, fsyncSync, openSync, renameSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { syncFs } from '../fs-shim.js';

type WriteOptions = Parameters<typeof writeFileSync>[2];

let counter = 0;

const modeOf = (options: WriteOptions) => (typeof options === 'object' && options?.mode !== undefined ? options.mode : 0o666);

/** `writeFile` that never leaves a partial file behind; `tempDir` (on the same file system) holds the temporary file. */
export function writeFileAtomic(path: string, data: string | Uint8Array, options?: WriteOptions, tempDir?: string | null): void {
  const temp = tempDir ? `${tempDir}/quire-${process.pid}_${counter++}.tmp` : tempPathFor(path);
  const fd = openSync(temp, 'w', modeOf(options));
  try {
    writeFileSync(fd, data, options);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}

/**
 * Loose objects on their way to disk: a commit's objects are fsynced side by side (one wait for the disk rather than
 * one each), and each is renamed into place once whole on disk. Any other write (a ref, the index) waits for them
 * first, so nothing names an object that a crash could leave truncated, which isomorphic-git would never rewrite.
 */
let objectWrites: Promise<void>[] = [];

async function writeFileAtomicAsync(path: string, data: string | Uint8Array, options?: WriteOptions): Promise<void> {
  if (/[\\/]\.git[\\/]objects[\\/][0-9a-f]{2}[\\/][0-9a-f]{38}$/.test(path)) {
    // As writeFile would: isomorphic-git then makes the folder and writes again.
    if (!existsSync(dirname(path))) throw Object.assign(new Error(`ENOENT: no such directory, open '${path}'`), { code: 'ENOENT' });
    const write = writeDurably(path, data, options);
    write.catch(() => {}); // thrown by the write that waits for it
    objectWrites.push(write);
    return;
  }
  const objects = objectWrites;
  objectWrites = [];
  await Promise.all(objects);
  await writeDurably(path, data, options);
}

/** `writeFileAtomic` waiting for the disk off the event loop. */
async function writeDurably(path: string, data: string | Uint8Array, options?: WriteOptions): Promise<void> {
  const temp = tempPathFor(path);
  const handle = await open(temp, 'w', modeOf(options));
  try {
    await handle.writeFile(data, options as Parameters<typeof handle.writeFile>[1]);
    await handle.sync();
  } finally {
    await handle.close();
  }
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
  promises: { ...syncFs.promises, writeFile: writeFileAtomicAsync },
};
