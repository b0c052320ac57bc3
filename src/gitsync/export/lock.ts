// One writer at a time per repository, across processes (`docs serve` exporting a merge while `docs sync` runs in
// CI on the same store and repository): a lock file in the git dir holding the owner's pid. Reading the sync state,
// writing the commit and pairing it with its revision then happen as one step for each writer.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conflict } from '../../domain/errors.js';
import { repoDirs } from '../tree.js';

const LOCK = 'quire-sync.lock';
const POLL_MS = 25;
/** A lock older than this is taken over even if its pid lives (the pid was reused). */
const STALE_MS = 10 * 60 * 1000;

export async function withRepositoryLock<T>(repo: string, work: () => Promise<T>, waitMs = 120_000): Promise<T> {
  const { gitdir } = repoDirs(repo);
  // A worktree's or submodule's `.git` is a file: nothing to lock in; such repositories are not written concurrently.
  if (!isDirectory(gitdir)) return work();
  const lock = join(gitdir, LOCK);
  const deadline = Date.now() + waitMs;
  while (!tryLock(lock)) {
    if (Date.now() > deadline) throw conflict(`${repo}: another sync or export of this repository is still running; try again`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}

function tryLock(lock: string): boolean {
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (stale(lock)) rmSync(lock, { force: true });
  return false;
}

/** Left by a process that died (or so old that its pid must have been reused). */
function stale(lock: string): boolean {
  try {
    const pid = Number(readFileSync(lock, 'utf8'));
    if (Date.now() - statSync(lock).mtimeMs > STALE_MS || !Number.isInteger(pid) || pid <= 0) return true;
    process.kill(pid, 0);
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOENT: released meanwhile; ESRCH: no such process. EPERM: it lives, under another user.
    return code === 'ESRCH';
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
