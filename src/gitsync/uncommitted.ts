// What a sync of the last commit leaves behind: files of the work tree that differ from HEAD (edited, added, deleted).
// Read-only: the work tree's files are hashed and compared with HEAD's tree. The git index is never read or written
// (isomorphic-git's statusMatrix refreshes it, which rewrites the author's index, and reads no index v4).
import { type Dirent, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import git from 'isomorphic-git';
import { gitBlobOid } from '../model/index.js';
import { syncFs } from './fs-shim.js';
import { isBare, readGitTree, repoDirs } from './tree.js';

/** Folders an import never reads: hidden ones other than `.gitbook`, and dependencies. */
const skipped = (name: string) => name === 'node_modules' || (name.startsWith('.') && name !== '.gitbook');

/**
 * The paths under `dir` (relative to it) whose content differs from HEAD's: edited, deleted, or new and not ignored.
 * Empty when there is no HEAD to compare with, or when the comparison fails (it only informs).
 */
export async function uncommittedChanges(repo: string, dir: string): Promise<string[]> {
  if (isBare(repo)) return [];
  try {
    const prefix = relative(repo, dir).split(sep).join('/');
    const head = (await readGitTree(repo, 'HEAD', prefix)).files;
    const disk = workTreeOids(dir);
    const changed = [...head.keys()].filter((path) => disk.get(path) !== head.get(path)!.oid);
    const added: string[] = [];
    for (const path of disk.keys()) {
      if (head.has(path)) continue;
      const ignored = await git.isIgnored({ fs: syncFs, ...repoDirs(repo), filepath: prefix ? `${prefix}/${path}` : path });
      if (!ignored) added.push(path);
    }
    return [...changed, ...added].sort();
  } catch {
    return [];
  }
}

/** The git blob oid of every regular file under `dir`, as an import would read it; nested repositories left out. */
function workTreeOids(dir: string): Map<string, string> {
  const oids = new Map<string, string>();
  const walk = (abs: string, rel: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      const full = join(abs, entry.name);
      if (entry.isDirectory()) {
        if (!skipped(entry.name) && !existsSync(join(full, '.git'))) walk(full, path);
      } else if (entry.isFile()) {
        try {
          oids.set(path, gitBlobOid(readFileSync(full)));
        } catch {
          // Unreadable: the import reports it.
        }
      }
    }
  };
  walk(dir, '');
  return oids;
}

/** The warning a sync of HEAD adds when the work tree holds edits it did not read. */
export function uncommittedWarning(paths: readonly string[], dir: string): string {
  const shown = paths.slice(0, 3).join(', ') + (paths.length > 3 ? `, and ${paths.length - 3} more` : '');
  const many = paths.length === 1 ? 'change is' : 'changes are';
  return `${paths.length} uncommitted ${many} not synced (${shown}): sync reads the last commit of ${dir}; commit them, or pass --work-tree to read the files on disk`;
}
