// The files of a commit under the synced directory, as readGitTree lists them, with every tree's listing cached
// by its oid: trees never change, so an export after an export reads only the few trees the last one wrote.
import git from 'isomorphic-git';
import { syncFs } from '../fs-shim.js';
import { Memo } from '../memo.js';
import { type RepoTree, repoDirs, type TreeEntry } from '../tree.js';

type Listing = ReadonlyMap<string, string>;

/** Listings by tree oid (path -> blob oid, relative to that tree). */
const listings = new Memo<Promise<Listing>>(1024);

/** Folders readGitTree leaves out (so the tree hash matches the import's): dependencies and hidden folders but `.gitbook`. */
const skipDir = (name: string) => name === 'node_modules' || (name.startsWith('.') && name !== '.gitbook');

export async function commitFiles(repo: string, commit: string, prefix: string): Promise<RepoTree> {
  const base = { fs: syncFs, ...repoDirs(repo) };
  let tree = (await git.readCommit({ ...base, oid: commit })).commit.tree;
  for (const part of prefix.split('/').filter(Boolean)) {
    const entry = (await git.readTree({ ...base, oid: tree })).tree.find((e) => e.path === part && e.type === 'tree');
    if (!entry) return { files: new Map(), commit: null, warnings: [] };
    tree = entry.oid;
  }
  const files = new Map<string, TreeEntry>();
  for (const [path, oid] of await listing(repo, tree)) {
    files.set(path, { oid, read: async () => (await git.readBlob({ ...base, oid })).blob });
  }
  return { files, commit: null, warnings: [] };
}

function listing(repo: string, oid: string): Promise<Listing> {
  return listings.get(`${repo}\0${oid}`, async () => {
    const out = new Map<string, string>();
    const { tree } = await git.readTree({ fs: syncFs, ...repoDirs(repo), oid });
    for (const entry of tree) {
      if (entry.type === 'tree') {
        if (skipDir(entry.path)) continue;
        for (const [path, blob] of await listing(repo, entry.oid)) out.set(`${entry.path}/${path}`, blob);
      } else if (entry.type === 'blob' && entry.mode !== '120000') out.set(entry.path, entry.oid);
    }
    return out;
  });
}
