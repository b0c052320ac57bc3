// Revision -> commit: plan what changed since the last sync, write it as one commit on `ref`, and remember the new
// (commit, revision) pair so the next sync starts from it.
import { relative, resolve, sep } from 'node:path';
import git from 'isomorphic-git';
import { invalidInput, type Domain, notFound } from '../../domain/index.js';
import { PARSED_PAGE_VERSION } from '../../content/parsed-page.js';
import type { RevisionContent, SyncStateRecord } from '../../model/index.js';
import { syncFs } from '../fs-shim.js';
import { IMPORT_VERSION } from '../import.js';
import { discoverLayout, type SpaceLayout } from '../space-layout.js';
import { findRepository, type RepoTree, repoDirs, subtree, treeHash } from '../tree.js';
import { emptyContent, type ExportPlan, planExport } from './plan.js';
import { recordedContent } from './record.js';
import { commitFiles } from './tree-files.js';
import { followCommit, planFollow, recoverFollow } from './worktree.js';
import { SERVICE_AUTHOR, writeCommit } from './write.js';

export interface ExportOptions {
  /** The synced directory: a git work tree, or a folder inside one (the space's paths are relative to it). */
  dir: string;
  spaceId: string;
  revisionId: string;
  /** The branch to commit on (`main`, `refs/heads/main`, `HEAD`); created from the synced commit if missing. */
  ref: string;
  message: string;
  /** Re-serialise every page and SUMMARY.md from its parsed content, changed or not. */
  force?: boolean;
}

export interface ExportResult {
  /** The new commit, or null when nothing changed. */
  commit: string | null;
  /** Paths written and removed, relative to `dir`, sorted. */
  written: string[];
  removed: string[];
  /** What could not be written as stored (e.g. a page slug leaving its folder), and what was done instead; only when any. */
  warnings?: string[];
}

export async function exportRevision(domain: Domain, options: ExportOptions): Promise<ExportResult> {
  const dir = resolve(options.dir);
  const repo = await findRepository(dir);
  if (repo === null) throw invalidInput(`${options.dir}: not in a git repository`);
  const prefix = relative(repo, dir).split(sep).join('/');
  await recoverFollow(repo);
  const { sync } = domain;
  const space = await sync.space(options.spaceId);
  if (!space || space.deletedAt) throw notFound(`no space ${options.spaceId}`);
  const state = await sync.state(space.id);
  const synced = state && state.source === dir ? state : undefined;

  const ref = await fullRef(repo, options.ref);
  const tip = await git.resolveRef({ fs: syncFs, ...repoDirs(repo), ref }).catch(() => null);
  const parent = tip ?? synced?.commit ?? (await git.resolveRef({ fs: syncFs, ...repoDirs(repo), ref: 'HEAD' }).catch(() => null));
  const tree: RepoTree = parent ? await commitFiles(repo, parent, prefix) : { files: new Map(), commit: null, warnings: [] };
  const layout = await spaceLayout(tree, synced);

  const next = await sync.content(options.revisionId);
  const base = synced ? await sync.content(synced.revisionId) : emptyContent();
  if (next.pages.length === 0 && base.pages.length > 0) throw invalidInput(`revision ${options.revisionId}: no pages; nothing to export`);
  const oids = new Map([...tree.files].map(([path, entry]) => [path, entry.oid]));
  const plan = await planOnto(domain, tree, layout, next, base, options.force ?? false);
  const written = [...plan.writes.keys()].sort();
  const removed = [...plan.removes].sort();
  const warnings = plan.warnings.length ? { warnings: plan.warnings } : {};
  if (written.length === 0 && removed.length === 0) return { commit: null, written, removed, ...warnings };

  const changes = new Map<string, Uint8Array | null>([...plan.writes].map(([path, blob]) => [path, blob.bytes]));
  for (const path of removed) changes.set(path, null);
  let follow: Awaited<ReturnType<typeof planFollow>> = null;
  const beforeRef = async (commit: string) => (follow = await planFollow(repo, ref, commit, prefix, oids, changes));
  const commit = await writeCommit({ repo, prefix, ref, expected: tip, parent, changes, message: options.message, beforeRef });

  // The pair is remembered only when the commit holds exactly the revision: built on the synced commit (or the space
  // was never synced). Otherwise the next sync sorts out both sides; and a space synced with another repository stays
  // synced with it. It is remembered even if the space moved during the export: else the next sync would take this
  // commit for a git-side change and add its new pages a second time.
  const onSyncedCommit = state === undefined || (synced !== undefined && synced.commit === parent);
  if (onSyncedCommit) {
    const exported = { spaceId: space.id, revisionId: options.revisionId, next, plan, commit, message: options.message, ref: options.ref };
    await remember(domain, exported, {
      source: dir,
      directory: layout.directory,
      ref: options.ref,
      commit,
      treeHash: exportedHash(tree, plan, layout),
      key: layout.key,
    });
  }
  await followCommit(repo, follow);
  return { commit, written, removed, ...warnings };
}

/**
 * Whether `head` is an export of the revision onto the synced commit that its process never recorded (killed between
 * the commit and the store): authored by the service, its only parent the synced commit, and holding exactly what
 * exporting the revision there writes. Then the pair is remembered now, as that export would have. Else the next sync
 * would merge the commit as changes made in git, and the space's new pages would come back from it a second time.
 */
export async function adoptExport(domain: Domain, options: { dir: string; spaceId: string; revisionId: string; ref: string; head: string }): Promise<boolean> {
  const dir = resolve(options.dir);
  const repo = await findRepository(dir);
  if (repo === null) return false;
  const prefix = relative(repo, dir).split(sep).join('/');
  const { sync } = domain;
  const state = await sync.state(options.spaceId);
  if (!state?.commit || state.source !== dir || state.revisionId === options.revisionId) return false;
  const { commit } = await git.readCommit({ fs: syncFs, ...repoDirs(repo), oid: options.head });
  const byService = commit.author.name === SERVICE_AUTHOR.name && commit.author.email === SERVICE_AUTHOR.email;
  if (!byService || commit.parent.length !== 1 || commit.parent[0] !== state.commit) return false;
  const tree = await commitFiles(repo, state.commit, prefix);
  const layout = await spaceLayout(tree, state);
  const next = await sync.content(options.revisionId);
  const plan = await planOnto(domain, tree, layout, next, await sync.content(state.revisionId), false);
  if (plan.writes.size === 0 && plan.removes.size === 0) return false;
  const expected = new Map([...tree.files].map(([path, entry]) => [path, entry.oid]));
  for (const [path, blob] of plan.writes) expected.set(path, blob.oid);
  for (const path of plan.removes) expected.delete(path);
  const actual = (await commitFiles(repo, options.head, prefix)).files;
  if (actual.size !== expected.size || [...actual].some(([path, entry]) => expected.get(path) !== entry.oid)) return false;
  const exported = { spaceId: options.spaceId, revisionId: options.revisionId, next, plan, commit: options.head, message: commit.message, ref: options.ref };
  await remember(domain, exported, {
    source: dir,
    directory: layout.directory,
    ref: options.ref,
    commit: options.head,
    treeHash: exportedHash(tree, plan, layout),
    key: layout.key,
  });
  return true;
}

/** What exporting `next` (synced as `base`) onto `tree` writes and removes. */
async function planOnto(
  domain: Domain,
  tree: RepoTree,
  layout: SpaceLayout,
  next: RevisionContent,
  base: RevisionContent,
  force: boolean,
): Promise<ExportPlan> {
  const { sync } = domain;
  return await planExport({
    next,
    base,
    layout,
    tree: new Map([...tree.files].map(([path, entry]) => [path, entry.oid])),
    readBlob: async (oid) => (await sync.blobs.get(oid)) ?? undefined,
    summary: await tree.files.get(layout.summary)?.read(),
    parsed: async (oids) => await sync.parsed(oids),
    force,
  });
}

/** The tree hash of the space's directory once `plan` is applied to `tree` (what the sync state compares with). */
function exportedHash(tree: RepoTree, plan: ExportPlan, layout: SpaceLayout): string {
  const files = new Map(tree.files);
  for (const [path, blob] of plan.writes) files.set(path, { oid: blob.oid, read: async () => blob.bytes });
  for (const path of plan.removes) files.delete(path);
  return treeHash(
    subtree({ files, commit: null, warnings: [] }, layout.directory),
    `${IMPORT_VERSION}:${PARSED_PAGE_VERSION}:${layout.readme}:${layout.summary}`,
  );
}

interface Exported {
  spaceId: string;
  revisionId: string;
  next: RevisionContent;
  plan: ExportPlan;
  commit: string;
  message: string;
  ref: string;
}

/**
 * In one transaction: the sync state (commit, revision), and when the export placed or re-serialised anything, a
 * revision recording where each page now lives, with the commit as its git side (the space's current one unless the
 * space moved meanwhile).
 */
async function remember(domain: Domain, exported: Exported, state: Omit<SyncStateRecord, 'spaceId' | 'revisionId' | 'updatedAt'>): Promise<void> {
  const { sync } = domain;
  for (const blob of exported.plan.writes.values()) await sync.blobs.put(blob.bytes);
  const content = recordedContent(exported.next, exported.plan);
  await sync.recordExport({
    spaceId: exported.spaceId,
    baseRevisionId: exported.revisionId,
    content,
    git: content ? { oid: exported.commit, message: exported.message, ref: exported.ref, createdByService: true } : null,
    state,
  });
  if (content) await sync.indexPages(content);
}

/** `main` -> `refs/heads/main` (or the existing ref it names); `HEAD` -> the branch checked out. */
async function fullRef(repo: string, ref: string): Promise<string> {
  const base = { fs: syncFs, ...repoDirs(repo) };
  if (ref === 'HEAD') {
    const branch = await git.currentBranch({ ...base, fullname: true });
    if (!branch) throw invalidInput('HEAD is detached: name the branch to export to');
    return branch;
  }
  if (ref.startsWith('refs/')) return ref;
  return git.expandRef({ ...base, ref }).catch(() => `refs/heads/${ref}`);
}

/** The space's layout in the repository: the one it was synced with, or the only one. */
async function spaceLayout(tree: RepoTree, state: SyncStateRecord | undefined): Promise<SpaceLayout> {
  const { spaces } = await discoverLayout(tree);
  const found = state ? spaces.find((s) => (state.key ? s.key === state.key : s.directory === state.directory)) : spaces.length === 1 ? spaces[0] : undefined;
  if (!found)
    throw invalidInput(
      state
        ? `the space's directory (${state.key ?? state.directory}) is no longer in the repository`
        : 'the repository holds several spaces: sync it once first, so the space is mapped to its directory',
    );
  return found;
}
