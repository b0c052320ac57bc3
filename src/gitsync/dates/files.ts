// "Last updated" of the files of an import: the date of the last commit that touched each (a commit read, or a
// work-tree file as HEAD holds it), else the file's modification time (an edited or untracked file, a plain folder).
import { relative, resolve, sep } from 'node:path';
import { Memo } from '../memo.js';
import { findRepository, readGitTree, type RepoTree, resolveCommit } from '../tree.js';
import { type DateCache, lastCommitDates } from './walk.js';

export interface PageDate {
  /** ISO 8601. */
  at: string;
  /** false: a modification time, or a date a shallow history could not pin down; a page kept as it was keeps its own. */
  exact: boolean;
}

export interface FileDates {
  dates: Map<string, PageDate>;
  /** Files git dated by the oldest commit it has (a shallow clone) rather than by their last change. */
  shallow: number;
}

/** HEAD's files, by repository, commit and folder: `docs watch` imports the work tree on every save. */
const heads = new Memo<Promise<RepoTree>>(4);

/** The dates of `paths` (files of `tree`, which was read from `dir`), by path; `worker`: walk on a worker thread. */
export async function fileDates(tree: RepoTree, dir: string, paths: readonly string[], cache?: DateCache, worker = false): Promise<FileDates> {
  const out: FileDates = { dates: new Map(), shallow: 0 };
  const source = tree.commit && tree.repo ? { ...tree.repo, commit: tree.commit.oid, paths } : await headOf(tree, dir, paths);
  if (source && source.paths.length > 0) {
    const full = (path: string) => (source.prefix ? `${source.prefix}/${path}` : path);
    const walked = await lastCommitDates({ repo: source.dir, commit: source.commit, paths: source.paths.map(full), worker, ...(cache ? { cache } : {}) });
    for (const path of source.paths) {
      const date = walked.dates.get(full(path));
      if (!date || !Number.isFinite(date.time)) continue;
      out.dates.set(path, { at: new Date(date.time * 1000).toISOString(), exact: date.exact });
      if (!date.exact) out.shallow++;
    }
  }
  for (const path of paths) {
    const mtime = out.dates.has(path) ? undefined : tree.files.get(path)?.mtime?.();
    if (mtime !== undefined) out.dates.set(path, { at: new Date(Math.floor(mtime / 1000) * 1000).toISOString(), exact: false });
  }
  return out;
}

/** For files read from disk: the repository holding `dir`, its HEAD, and those of `paths` that HEAD holds as they are. */
async function headOf(tree: RepoTree, dir: string, paths: readonly string[]) {
  const repo = await findRepository(dir);
  if (repo === null) return null;
  let commit: string;
  try {
    commit = await resolveCommit(repo, 'HEAD');
  } catch {
    return null; // no commit yet
  }
  const prefix = relative(repo, resolve(dir)).split(sep).join('/');
  const head = await heads.get(`${repo}\0${commit}\0${prefix}`, () => readGitTree(repo, commit, prefix));
  const clean = paths.filter((path) => head.files.get(path)?.oid === tree.files.get(path)?.oid);
  return { dir: repo, prefix, commit, paths: clean };
}
