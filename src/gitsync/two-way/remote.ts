// Remotes for the git API: a local path is used in place; an http(s) URL (credentials in it) is cloned into a cache
// folder, fetched before each operation and pushed to after an export.
import { existsSync, mkdirSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import git from 'isomorphic-git';
import http from 'isomorphic-git/http/node';
import { syncFs } from '../fs-shim.js';

export interface Checkout {
  /** The repository folder to read and write. */
  dir: string;
  /** Pushes `ref` back when the remote is a URL; a no-op for a local path. */
  push(ref: string, force: boolean): Promise<void>;
}

const isUrl = (url: string) => /^https?:\/\//i.test(url);

/** A repository folder for `url` at the tip of its branch `ref`; `key` names the cache folder of a URL remote. */
export async function checkout(url: string, ref: string, cacheDir: string, key: string): Promise<Checkout> {
  if (!isUrl(url)) {
    const dir = resolve(url.replace(/^file:\/\//i, ''));
    if (!isAbsolute(dir) || !existsSync(dir)) throw new Error(`${url}: no such repository`);
    return { dir, push: async () => {} };
  }
  const dir = join(cacheDir, key);
  const base = { fs: syncFs, http, dir, url };
  if (!existsSync(join(dir, '.git'))) {
    mkdirSync(dir, { recursive: true });
    await git.init({ fs: syncFs, dir, defaultBranch: ref });
    await git.addRemote({ fs: syncFs, dir, remote: 'origin', url, force: true });
  }
  // A branch the remote does not have yet is fine (an export creates it); any other failure (auth, network) is not.
  const fetched = await git.fetch({ ...base, remote: 'origin', ref, singleBranch: true, tags: false }).catch((error: { code?: string }) => {
    if (error.code === 'NotFoundError') return null;
    throw error;
  });
  // The local branch follows the remote's tip (a force-push included): Quire's own commits are pushed right away.
  const tip = fetched?.fetchHead ?? null;
  if (tip) await git.writeRef({ fs: syncFs, dir, ref: `refs/heads/${ref}`, value: tip, force: true });
  await git.writeRef({ fs: syncFs, dir, ref: 'HEAD', value: `refs/heads/${ref}`, symbolic: true, force: true });
  return {
    dir,
    push: async (branch, force) => {
      await git.push({ ...base, remote: 'origin', ref: branch, force });
    },
  };
}
