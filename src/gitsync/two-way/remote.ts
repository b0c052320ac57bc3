// Remotes for the git API: a local path is used in place; an http(s) URL (credentials in it) is cloned into a cache
// folder, fetched before each operation and pushed to after an export.
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import git from 'isomorphic-git';
import http from 'isomorphic-git/http/node';
import { syncFs } from '../fs-shim.js';
import { makeDirectory } from '../../platform/make-directory.js';

export interface Checkout {
  /** The repository folder to read and write. */
  dir: string;
  /** Pushes `ref` back when the remote is a URL; a no-op for a local path. */
  push(ref: string, force: boolean): Promise<void>;
  /** Whether the local branch holds commits the remote lacks (an export whose push never ran: its process died). */
  unpushed(): Promise<boolean>;
  /** Drops the local branch's unpushed commits (after a failed export: its retry starts from the remote's tip). */
  discard(): Promise<void>;
}

const isUrl = (url: string) => /^https?:\/\//i.test(url);

/** A repository folder for `url` at the tip of its branch `ref`; `key` names the cache folder of a URL remote. */
export async function checkout(url: string, ref: string, cacheDir: string, key: string): Promise<Checkout> {
  if (!isUrl(url)) {
    const dir = resolve(url.replace(/^file:\/\//i, ''));
    if (!isAbsolute(dir) || !existsSync(dir)) throw new Error(`${url}: no such repository`);
    return { dir, push: async () => {}, unpushed: async () => false, discard: async () => {} };
  }
  const dir = join(cacheDir, key);
  const base = { fs: syncFs, http, dir, url };
  if (!existsSync(join(dir, '.git'))) {
    makeDirectory(dir);
    await git.init({ fs: syncFs, dir, defaultBranch: ref });
    await git.addRemote({ fs: syncFs, dir, remote: 'origin', url, force: true });
  }
  // A branch the remote does not have yet is fine (an export creates it); any other failure (auth, network) is not.
  const fetched = await git.fetch({ ...base, remote: 'origin', ref, singleBranch: true, tags: false }).catch((error: { code?: string }) => {
    if (error.code === 'NotFoundError') return null;
    throw error;
  });
  // The local branch follows the remote's tip (a force-push included), unless it is ahead of it: a commit an export
  // wrote and paired with its revision, whose push never ran. That one is kept, to be pushed.
  const tip = fetched?.fetchHead ?? null;
  const branch = `refs/heads/${ref}`;
  const local = await git.resolveRef({ fs: syncFs, dir, ref: branch }).catch(() => null);
  const ahead =
    tip !== null && local !== null && local !== tip && (await git.isDescendent({ fs: syncFs, dir, oid: local, ancestor: tip, depth: -1 }).catch(() => false));
  if (tip && !ahead) await git.writeRef({ fs: syncFs, dir, ref: branch, value: tip, force: true });
  await git.writeRef({ fs: syncFs, dir, ref: 'HEAD', value: branch, symbolic: true, force: true });
  return {
    dir,
    push: async (pushed, force) => {
      await git.push({ ...base, remote: 'origin', ref: pushed, force });
    },
    unpushed: async () => (await git.resolveRef({ fs: syncFs, dir, ref: branch }).catch(() => null)) !== tip,
    discard: async () => {
      if (tip) await git.writeRef({ fs: syncFs, dir, ref: branch, value: tip, force: true });
      else await git.deleteRef({ fs: syncFs, dir, ref: branch }).catch(() => {});
    },
  };
}
