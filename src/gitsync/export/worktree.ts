// When the export commits to the branch checked out, the work tree and index follow the commit for the files it
// changed, so `git status` stays clean. A file edited locally since the parent commit is left alone.
//
// A journal in the git dir, written before the ref moves and removed once the work tree has followed, lets the next
// export or sync finish the job when the process died in between (else the work tree would look like a revert).
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import git from 'isomorphic-git';
import { joinPath } from '../../content/paths.js';
import { gitBlobOid } from '../../model/index.js';
import { syncFs } from '../fs-shim.js';
import { atomicFs, writeFileAtomic } from './atomic-fs.js';

/** One file the commit changed: its oid in the parent commit and in the new one (null: absent). */
interface FollowEntry {
  filepath: string;
  before: string | null;
  after: string | null;
}

interface Journal {
  ref: string;
  commit: string;
  entries: FollowEntry[];
}

const JOURNAL = 'quire-follow.json';

/** The repository's git dir when it is a plain `.git` folder (the only layout the work tree is followed in). */
function gitDir(repo: string): string | null {
  const dir = join(repo, '.git');
  return existsSync(dir) && statSync(dir).isDirectory() ? dir : null;
}

/**
 * Records what the work tree must do once `ref` points at `commit`; call before moving the ref. Returns the journal,
 * or null when `ref` is not checked out (the work tree stays as it is).
 */
export async function planFollow(
  repo: string,
  ref: string,
  commit: string,
  prefix: string,
  before: ReadonlyMap<string, string>,
  changes: ReadonlyMap<string, Uint8Array | null>,
): Promise<Journal | null> {
  const dir = gitDir(repo);
  const head = await git.currentBranch({ fs: syncFs, dir: repo, fullname: true }).catch(() => undefined);
  if (dir === null || head !== ref) return null;
  const entries = [...changes].map(([path, bytes]) => ({
    filepath: joinPath(prefix, path)!,
    before: before.get(path) ?? null,
    after: bytes && gitBlobOid(bytes),
  }));
  const journal: Journal = { ref, commit, entries };
  writeFileAtomic(join(dir, JOURNAL), JSON.stringify(journal));
  return journal;
}

/** Brings the work tree and index to the journal's commit; returns the paths left alone because they had local edits. */
export async function followCommit(repo: string, journal: Journal | null): Promise<string[]> {
  if (journal === null) return [];
  const base = { fs: atomicFs, dir: repo };
  const kept: string[] = [];
  const added: string[] = [];
  const removed: string[] = [];
  for (const { filepath, before, after } of journal.entries) {
    const abs = join(repo, filepath);
    const onDisk = existsSync(abs) ? gitBlobOid(readFileSync(abs)) : null;
    if (onDisk !== before && onDisk !== after) {
      kept.push(filepath);
      continue;
    }
    if (after === null) {
      if (onDisk !== null) unlinkSync(abs);
      removed.push(filepath);
    } else {
      if (onDisk !== after) {
        const { blob } = await git.readBlob({ fs: syncFs, dir: repo, oid: after });
        mkdirSync(dirname(abs), { recursive: true });
        writeFileAtomic(abs, blob, undefined, gitDir(repo));
      }
      added.push(filepath);
    }
  }
  for (const filepath of removed) await git.remove({ ...base, filepath });
  // `force`: a file matched by .gitignore (none of ours should be) is still tracked, as it is in the commit.
  if (added.length > 0) await git.add({ ...base, filepath: added, force: true });
  const dir = gitDir(repo);
  // `force`: another process's sync may have cleared it meanwhile.
  if (dir) rmSync(join(dir, JOURNAL), { force: true });
  return kept;
}

/**
 * Finishes the work tree of an export that died after moving its ref; forgets the journal of one that died before
 * (or when the branch moved on or is no longer checked out since).
 */
export async function recoverFollow(repo: string): Promise<void> {
  const dir = gitDir(repo);
  const file = dir && join(dir, JOURNAL);
  if (!file || !existsSync(file)) return;
  let journal: Journal | null = null;
  try {
    journal = JSON.parse(readFileSync(file, 'utf8')) as Journal;
  } catch {
    journal = null;
  }
  const head = await git.currentBranch({ fs: syncFs, dir: repo, fullname: true }).catch(() => undefined);
  const tip = journal && (await git.resolveRef({ fs: syncFs, dir: repo, ref: journal.ref }).catch(() => null));
  if (journal && head === journal.ref && tip === journal.commit) await followCommit(repo, journal);
  else rmSync(file, { force: true });
}
