// A repository snapshot as a flat map of files: either a commit read with isomorphic-git, or a plain directory on disk.
// Paths are posix and relative to the snapshot's directory; nothing outside that directory is ever read.
import { createHash } from 'node:crypto';
import { type Dirent, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import git from 'isomorphic-git';
import { LRUCache } from 'lru-cache';
import { gitBlobOid } from '../model/index.js';
import { syncFs } from './fs-shim.js';

export interface TreeEntry {
  /** The git blob oid of the bytes. */
  oid: string;
  /** Reads the bytes (from the object database or the disk). */
  read(): Promise<Uint8Array>;
  /** A file on disk: its modification time (ms since the epoch). */
  mtime?(): number;
}

export interface CommitInfo {
  oid: string;
  message: string;
  ref: string;
}

export interface RepoTree {
  files: Map<string, TreeEntry>;
  /** The commit read, or null for a plain directory. */
  commit: CommitInfo | null;
  /** Where the commit was read: the repository, and the folder of it the paths are relative to ('' = its root). */
  repo?: { dir: string; prefix: string };
  warnings: string[];
}

/** Folders no import reads: git's own, dependencies, and hidden folders other than `.gitbook` (CI config, stores...). */
const skipDir = (name: string) => name === 'node_modules' || (name.startsWith('.') && name !== '.gitbook');

/**
 * The blob oids of files read before, by path and stat (as git's index keeps them): a file whose size, times and inode
 * are unchanged is not read again, so a watched tree of thousands of files re-reads only what was saved. A file
 * modified less than `RACY_MS` before it was read is not remembered: a write in the same clock tick would not show.
 */
const known = new LRUCache<string, { stamp: string; oid: string }>({ max: 100_000 });
const RACY_MS = 2000;

function blobOf(path: string): { oid: string; mtimeMs: number } {
  const stat = statSync(path);
  const stamp = `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}:${stat.dev}`;
  const cached = known.get(path);
  if (cached?.stamp === stamp) return { oid: cached.oid, mtimeMs: stat.mtimeMs };
  const oid = gitBlobOid(readFileSync(path));
  if (Date.now() - Math.max(stat.mtimeMs, stat.ctimeMs) > RACY_MS) known.set(path, { stamp, oid });
  else known.delete(path);
  return { oid, mtimeMs: stat.mtimeMs };
}

/** Every regular file under `dir`. Symlinks and other special files are left out with a warning. */
export function readWorkTree(dir: string): RepoTree {
  const root = resolve(dir);
  const files = new Map<string, TreeEntry>();
  const warnings: string[] = [];
  const walk = (abs: string, rel: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (error) {
      warnings.push(`${rel || '.'}: cannot read the directory (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      return;
    }
    for (const entry of entries) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      const full = join(abs, entry.name);
      if (entry.isSymbolicLink()) warnings.push(`${path}: symbolic link skipped`);
      else if (entry.isDirectory()) {
        if (!skipDir(entry.name)) walk(full, path);
      } else if (entry.isFile()) {
        let oid: string;
        let mtimeMs: number;
        try {
          ({ oid, mtimeMs } = blobOf(full));
        } catch (error) {
          warnings.push(`${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
          continue;
        }
        files.set(path, { oid, read: async () => readFileSync(full), mtime: () => mtimeMs });
      } else warnings.push(`${path}: not a regular file; skipped`);
    }
  };
  walk(root, '');
  return { files, commit: null, warnings };
}

/** The git repository holding `dir` (or `dir` itself when it is a bare repository), or null when there is none. */
export async function findRepository(dir: string): Promise<string | null> {
  try {
    return await git.findRoot({ fs: syncFs, filepath: resolve(dir) });
  } catch {
    return isBare(resolve(dir)) ? resolve(dir) : null;
  }
}

/** A bare repository: no work tree, the git dir's own files at its top (as `git init --bare` makes it). */
export function isBare(dir: string): boolean {
  return !existsSync(join(dir, '.git')) && existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects')) && existsSync(join(dir, 'refs'));
}

/** isomorphic-git's `dir` and `gitdir` for a repository found by findRepository: a bare one is its own git dir. */
export function repoDirs(repo: string): { dir: string; gitdir: string } {
  return { dir: repo, gitdir: isBare(repo) ? repo : join(repo, '.git') };
}

/**
 * The files of `ref` (a branch, tag, `HEAD` or commit oid) in the repository at `repoDir`, restricted to the
 * sub-directory `prefix` ('' = all). Symlinks and submodules are left out with a warning.
 */
export async function readGitTree(repoDir: string, ref: string, prefix = ''): Promise<RepoTree> {
  const cache = {};
  const base = { fs: syncFs, ...repoDirs(repoDir), cache };
  const oid = await resolveCommit(repoDir, ref);
  const { commit } = await git.readCommit({ ...base, oid });
  const files = new Map<string, TreeEntry>();
  const warnings: string[] = [];
  const walk = async (treeOid: string, rel: string) => {
    const { tree } = await git.readTree({ ...base, oid: treeOid });
    for (const entry of tree) {
      const path = rel ? `${rel}/${entry.path}` : entry.path;
      if (entry.type === 'tree') {
        if (!skipDir(entry.path)) await walk(entry.oid, path);
      } else if (entry.mode === '120000') warnings.push(`${path}: symbolic link skipped`);
      else if (entry.type === 'commit') warnings.push(`${path}: submodule skipped`);
      else files.set(path, { oid: entry.oid, read: async () => (await git.readBlob({ ...base, oid: entry.oid })).blob });
    }
  };
  const start = prefix ? await subtreeOid(repoDir, commit.tree, prefix, cache) : commit.tree;
  if (start) await walk(start, '');
  else warnings.push(`${prefix}: no such directory at ${ref}`);
  return { files, commit: { oid, message: commit.message.trim(), ref }, repo: { dir: repoDir, prefix }, warnings };
}

/** The commit oid `ref` names: a full or abbreviated oid, or a ref name. */
export async function resolveCommit(repoDir: string, ref: string): Promise<string> {
  const base = { fs: syncFs, ...repoDirs(repoDir) };
  if (/^[0-9a-f]{4,40}$/i.test(ref)) {
    try {
      return await git.expandOid({ ...base, oid: ref.toLowerCase() });
    } catch {
      // Not an object: maybe a branch named like hex.
    }
  }
  const oid = await git.resolveRef({ ...base, ref });
  const { type } = await git.readObject({ ...base, oid, format: 'parsed' });
  if (type === 'tag') {
    const { tag } = await git.readTag({ ...base, oid });
    return tag.object;
  }
  return oid;
}

async function subtreeOid(repoDir: string, treeOid: string, prefix: string, cache: object): Promise<string | null> {
  let current = treeOid;
  for (const part of prefix.split('/').filter(Boolean)) {
    const { tree } = await git.readTree({ fs: syncFs, ...repoDirs(repoDir), oid: current, cache });
    const next = tree.find((e) => e.path === part && e.type === 'tree');
    if (!next) return null;
    current = next.oid;
  }
  return current;
}

/** The files under `dir` (relative to the tree), re-rooted there. */
export function subtree(tree: RepoTree, dir: string): RepoTree {
  if (dir === '') return tree;
  const prefix = `${dir}/`;
  const files = new Map<string, TreeEntry>();
  for (const [path, entry] of tree.files) if (path.startsWith(prefix)) files.set(path.slice(prefix.length), entry);
  return { files, commit: tree.commit, warnings: [] };
}

/** A hash of every (path, oid) pair: equal trees, equal hashes. */
export function treeHash(tree: RepoTree, salt: string): string {
  const hash = createHash('sha1').update(salt);
  for (const path of [...tree.files.keys()].sort()) hash.update(`${path}\0${tree.files.get(path)!.oid}\n`);
  return hash.digest('hex');
}
