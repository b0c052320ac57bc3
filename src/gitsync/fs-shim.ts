import * as fs from 'node:fs';

/**
 * A promise-shaped fs for isomorphic-git backed by the synchronous calls: on Node 20 this reads small git objects
 * several times faster than fs.promises (see reference/perf-notes.md §2). Read-only use is all the importer needs.
 */
const wrap =
  <A extends unknown[], R>(fn: (...args: A) => R) =>
  async (...args: A): Promise<R> =>
    fn(...args);

export const syncFs = {
  promises: {
    readFile: wrap(fs.readFileSync as (...args: unknown[]) => Buffer | string),
    writeFile: wrap(fs.writeFileSync as (...args: unknown[]) => void),
    mkdir: wrap(fs.mkdirSync as (...args: unknown[]) => void),
    rmdir: wrap(fs.rmdirSync as (...args: unknown[]) => void),
    unlink: wrap(fs.unlinkSync as (...args: unknown[]) => void),
    stat: wrap(fs.statSync as (...args: unknown[]) => fs.Stats),
    lstat: wrap(fs.lstatSync as (...args: unknown[]) => fs.Stats),
    readdir: wrap(fs.readdirSync as (...args: unknown[]) => string[]),
    readlink: wrap(fs.readlinkSync as (...args: unknown[]) => string),
    symlink: wrap(fs.symlinkSync as (...args: unknown[]) => void),
    chmod: wrap(fs.chmodSync as (...args: unknown[]) => void),
  },
};
