// One writer at a time per repository, across processes (`docs serve` exporting a merge while `docs sync` runs in
// CI on the same store and repository): a lock file in the git dir holding the owner's pid and a token of its own.
// Reading the sync state, writing the commit and pairing it with its revision then happen as one step for each writer.
// The lock is created whole or not at all (a private file hard-linked to the lock's name), its owner touches it while
// the work runs, and a lock whose owner died or stopped touching it is taken over by renaming it away: one renamer wins.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { linkSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conflict } from '../../domain/core/errors.js';
import { repoDirs } from '../tree.js';

const LOCK = 'quire-sync.lock';
const POLL_MS = 25;

export interface LockTiming {
  /** How long to wait for another writer before a 409. */
  waitMs?: number;
  /** How often the owner touches its lock. */
  heartbeatMs?: number;
  /** A lock untouched this long is stale even if its pid lives (a hung owner, or a reused pid). */
  staleMs?: number;
}

const DEFAULTS: Required<LockTiming> = { waitMs: 120_000, heartbeatMs: 10_000, staleMs: 60_000 };

export async function withRepositoryLock<T>(repo: string, work: () => Promise<T>, timing: LockTiming = {}): Promise<T> {
  const { waitMs, heartbeatMs, staleMs } = { ...DEFAULTS, ...timing };
  const { gitdir } = repoDirs(repo);
  // A worktree's or submodule's `.git` is a file: nothing to lock in; such repositories are not written concurrently.
  if (!isDirectory(gitdir)) return work();
  const lock = join(gitdir, LOCK);
  const token = `${process.pid} ${randomBytes(12).toString('hex')} ${HOST}`;
  const deadline = Date.now() + waitMs;
  while (!tryLock(lock, token, staleMs)) {
    if (Date.now() > deadline) throw conflict(`${repo}: another sync or export of this repository is still running; try again`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const heartbeat = setInterval(() => touch(lock, token), heartbeatMs);
  heartbeat.unref();
  try {
    return await work();
  } finally {
    clearInterval(heartbeat);
    if (holder(lock)?.token === token) rmSync(lock, { force: true });
  }
}

/** Creates the lock holding `token`, or takes over a stale one; false while another writer holds it. */
export function tryLock(lock: string, token: string, staleMs: number): boolean {
  if (create(lock, token)) return true;
  const seen = holder(lock);
  if (seen && stale(seen, staleMs)) takeOver(lock, seen.token);
  return false;
}

/**
 * Moves the stale lock `token` out of the way. Only one of the writers that judged it stale renames it; one that
 * renamed a newer lock instead (the winner's, created meanwhile) puts it back.
 */
export function takeOver(lock: string, token: string): void {
  const aside = `${lock}.${randomBytes(6).toString('hex')}.stale`;
  try {
    renameSync(lock, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (read(aside)?.token !== token) {
    try {
      linkSync(aside, lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  rmSync(aside, { force: true });
}

/** The lock, created whole with its content, unless it exists. */
function create(lock: string, token: string): boolean {
  const own = `${lock}.${randomBytes(6).toString('hex')}.new`;
  writeFileSync(own, token, { flag: 'wx' });
  try {
    linkSync(own, lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    rmSync(own, { force: true });
  }
}

/** The host a lock's pid belongs to: a pid says nothing of a process on another machine sharing the directory. */
const HOST = hostname();

interface Holder {
  token: string;
  pid: number;
  /** Empty in a lock written before the host was recorded. */
  host: string;
  mtimeMs: number;
}

function holder(lock: string): Holder | undefined {
  return read(lock);
}

function read(file: string): Holder | undefined {
  try {
    const token = readFileSync(file, 'utf8');
    const [pid, , host = ''] = token.split(' ');
    return { token, pid: Number(pid), host, mtimeMs: statSync(file).mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Left by a process that died, or not touched for longer than `staleMs` (its owner hung, or the pid was reused). The pid
 * is looked up only for a lock of this host: another host's owner is judged by its heartbeat alone.
 */
function stale(seen: Holder, staleMs: number): boolean {
  if (Date.now() - seen.mtimeMs > staleMs || !Number.isInteger(seen.pid) || seen.pid <= 0) return true;
  if (seen.host !== '' && seen.host !== HOST) return false;
  try {
    process.kill(seen.pid, 0);
    return false;
  } catch (error) {
    // ESRCH: no such process. EPERM: it lives, under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** The heartbeat: the owner's lock is marked fresh (a lock taken over meanwhile is someone else's: left alone). */
function touch(lock: string, token: string): void {
  try {
    if (holder(lock)?.token !== token) return;
    const now = new Date();
    utimesSync(lock, now, now);
  } catch {
    // Gone or unreadable: the next heartbeat tries again; the release checks the token.
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
