// Writes an export as one commit with isomorphic-git: new blobs, the trees on the changed paths only, the commit
// (authored by the service), then the ref, moved only if nobody moved it meanwhile.
import git, { type TreeEntry } from 'isomorphic-git';
import { joinPath } from '../../content/paths.js';
import { conflict } from '../../domain/index.js';
import { repoDirs } from '../tree.js';
import { atomicFs } from './atomic-fs.js';

export const SERVICE_AUTHOR = { name: 'Quire', email: 'quire@localhost' };

export interface CommitInput {
  /** The repository's work tree directory. */
  repo: string;
  /** The synced directory inside the repository ('' for its root); the change paths are relative to it. */
  prefix: string;
  /** The full ref name to move, and the commit it points at now (null: it does not exist yet). */
  ref: string;
  expected: string | null;
  /** The commit to build on (null: a first commit). */
  parent: string | null;
  /** path -> blob bytes to write, or null to remove the file. */
  changes: ReadonlyMap<string, Uint8Array | null>;
  message: string;
  /** Runs once the commit is written, just before the ref moves to it. */
  beforeRef?: (commit: string) => Promise<unknown>;
}

export async function writeCommit(input: CommitInput): Promise<string> {
  const base = { fs: atomicFs, ...repoDirs(input.repo), cache: {} };
  const changes = new Map<string, Uint8Array | null>();
  for (const [path, bytes] of input.changes) changes.set(joinPath(input.prefix, path)!, bytes);

  const parentTree = input.parent ? (await git.readCommit({ ...base, oid: input.parent })).commit.tree : null;
  const tree = (await writeTree(base, parentTree, '', changes)) ?? (await git.writeTree({ ...base, tree: [] }));
  const now = Math.floor(Date.now() / 1000);
  const author = { ...SERVICE_AUTHOR, timestamp: now, timezoneOffset: 0 };
  const message = input.message.endsWith('\n') ? input.message : `${input.message}\n`;
  const commit = await git.writeCommit({ ...base, commit: { message, tree, parent: input.parent ? [input.parent] : [], author, committer: author } });

  const current = await git.resolveRef({ ...base, ref: input.ref }).catch(() => null);
  if (current !== input.expected) throw conflict(`${input.ref} moved while the export was written; sync again`);
  await input.beforeRef?.(commit);
  await git.writeRef({ ...base, ref: input.ref, value: commit, force: true });
  return commit;
}

type Base = { fs: typeof atomicFs; dir: string; gitdir: string; cache: object };

/** The tree `oid` at `dir` with the changes under it applied; null when it ends up empty. */
async function writeTree(base: Base, oid: string | null, dir: string, changes: ReadonlyMap<string, Uint8Array | null>): Promise<string | null> {
  const entries = new Map<string, TreeEntry>();
  if (oid) for (const entry of (await git.readTree({ ...base, oid })).tree) entries.set(entry.path, entry);
  const prefix = dir ? `${dir}/` : '';
  const subdirs = new Map<string, Map<string, Uint8Array | null>>();
  for (const [path, bytes] of changes) {
    const rest = path.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash < 0) {
      const old = entries.get(rest);
      if (old?.type === 'tree') throw conflict(`${path}: a folder of that name is in the repository; the file cannot be written`);
      if (bytes === null) entries.delete(rest);
      else entries.set(rest, { mode: old?.mode ?? '100644', path: rest, oid: await git.writeBlob({ ...base, blob: bytes }), type: 'blob' });
    } else {
      const name = rest.slice(0, slash);
      let sub = subdirs.get(name);
      if (!sub) subdirs.set(name, (sub = new Map()));
      sub.set(path, bytes);
    }
  }
  for (const [name, sub] of subdirs) {
    const old = entries.get(name);
    if (old && old.type !== 'tree') throw conflict(`${prefix}${name}: a file of that name is in the repository; nothing can be written under it`);
    const next = await writeTree(base, old?.oid ?? null, `${prefix}${name}`, sub);
    if (next === null) entries.delete(name);
    else entries.set(name, { mode: '040000', path: name, oid: next, type: 'tree' });
  }
  if (entries.size === 0) return null;
  return git.writeTree({ ...base, tree: [...entries.values()] });
}
