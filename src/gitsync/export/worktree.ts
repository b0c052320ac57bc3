// When the export commits to the branch checked out, the work tree and index follow the commit for the files it
// changed, so `git status` stays clean. A file edited locally since the parent commit is left alone.
import { existsSync, mkdirSync, readFileSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import git from 'isomorphic-git';
import { joinPath } from '../../content/paths.js';
import { gitBlobOid } from '../../store/index.js';
import { atomicFs, writeFileAtomic } from './atomic-fs.js';

/** Returns the paths left as they were because they had local changes. */
export async function followCommit(
  repo: string,
  ref: string,
  prefix: string,
  before: ReadonlyMap<string, string>,
  changes: ReadonlyMap<string, Uint8Array | null>,
): Promise<string[]> {
  const base = { fs: atomicFs, dir: repo };
  const head = await git.currentBranch({ ...base, fullname: true }).catch(() => undefined);
  if (head !== ref) return [];
  const kept: string[] = [];
  const added: string[] = [];
  for (const [path, bytes] of changes) {
    const filepath = joinPath(prefix, path)!;
    const abs = join(repo, filepath);
    const onDisk = existsSync(abs) ? gitBlobOid(readFileSync(abs)) : null;
    if (onDisk !== (before.get(path) ?? null)) {
      kept.push(path);
      continue;
    }
    if (bytes === null) {
      if (onDisk !== null) unlinkSync(abs);
      await git.remove({ ...base, filepath });
    } else {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileAtomic(abs, bytes);
      added.push(filepath);
    }
  }
  // `force`: a file matched by .gitignore (none of ours should be) is still tracked, as it is in the commit.
  if (added.length > 0) await git.add({ ...base, filepath: added, force: true });
  return kept;
}
