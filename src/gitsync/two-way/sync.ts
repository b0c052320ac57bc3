// Two-way `docs sync`: import what only git changed, export what only the space changed, merge when both moved.
import { resolve } from 'node:path';
import git from 'isomorphic-git';
import type { Domain } from '../../domain/index.js';
import { invalidInput } from '../../domain/core/errors.js';
import { type GitSyncConflict, gitSpaces } from '../../domain/git-sync/git.js';
import type { ImportedRevision } from '../../domain/git-sync/git-sync.js';
import type { SpaceRecord, SyncStateRecord } from '../../model/index.js';
import { syncFs } from '../fs-shim.js';
import { type SyncOptions, type SyncReport, syncDirectory } from '../import.js';
import { uncommittedChanges, uncommittedWarning } from '../uncommitted.js';
import { findRepository, repoDirs, resolveCommit } from '../tree.js';
import { syncBranch } from './branches.js';
import { captureImport } from './capture.js';
import { decide } from './decide.js';
import { adoptExport, exportRevision } from '../export/export.js';
import { withRepositoryLock } from '../export/lock.js';
import { recoverFollow } from '../export/worktree.js';
import { mergeSides } from './merge.js';
import { mergeMessage } from './messages.js';
import { type ConflictPolicy, DEFAULT_POLICY, type Side } from './policy.js';
import { type ConflictEntry, conflictEntries, type ConflictSides, type KeptVersion, pageCounts, type TwoWayReport } from './report.js';

export interface TwoWayOptions extends SyncOptions {
  conflict?: ConflictPolicy;
  /** The branch the space follows; default: the branch of its last sync, else the one synced now. */
  mainRef?: string;
  /** The message of the commit an export or merge writes. */
  message?: string;
  /** The message template of an export of a merged change request (`gitSync.mergeMessage`), when `message` is not given. */
  mergeMessage?: string;
}

/** The context of one space's settlement. */
interface Settle {
  domain: Domain;
  options: TwoWayOptions;
  policy: ConflictPolicy;
  dir: string;
  ref: string;
  head: string;
  space: SpaceRecord;
  state: SyncStateRecord | undefined;
  input: ImportedRevision | undefined;
  report: TwoWayReport;
}

export async function twoWaySync(domain: Domain, options: TwoWayOptions): Promise<TwoWayReport[]> {
  const policy = options.conflict ?? DEFAULT_POLICY;
  const dir = resolve(options.dir);
  const repo = options.workTree ? null : await findRepository(dir);
  if (repo === null) return syncRepository(domain, options, policy, dir, null);
  // Read before an export moves the work tree: what the author has not committed is not synced, and is said so.
  const uncommitted = options.ref === undefined ? await uncommittedChanges(repo, dir) : [];
  // One writer per repository from here on: the sync state read, the commit written and their pairing are one step.
  const reports = await withRepositoryLock(repo, () => syncRepository(domain, options, policy, dir, repo));
  if (uncommitted.length) reports[0]?.warnings.unshift(uncommittedWarning(uncommitted, options.dir));
  return reports;
}

async function syncRepository(domain: Domain, options: TwoWayOptions, policy: ConflictPolicy, dir: string, repo: string | null): Promise<TwoWayReport[]> {
  // An export killed after moving its branch left the work tree behind: finish it before anything reads the repository.
  if (repo !== null) await recoverFollow(repo);
  const ref = repo === null ? null : (options.ref ?? (await git.currentBranch({ fs: syncFs, ...repoDirs(repo) })) ?? 'HEAD');
  const head = repo === null || ref === null ? null : await resolveCommit(repo, ref).catch(() => null);
  if (head === null || ref === null || !(await isBranch(repo!, ref))) {
    if (options.ref !== undefined && repo !== null && head === null) throw invalidInput(`--ref ${options.ref}: no such branch, tag or commit`);
    // A plain folder, a work tree, a repository without commits, a tag, a commit or a detached HEAD: there is no
    // branch to export to, so this only imports.
    return (await syncDirectory(domain, options)).map((r) => twoWayReport(r, r.revisionId ? 'import' : 'nothing', policy));
  }
  const { reports, captured } = await captureImport(domain, { ...options, dir, ref }, async (space) => (await domain.sync.state(space.id))?.revisionId);
  const out: TwoWayReport[] = [];
  for (const base of reports) {
    const space = (await domain.sync.space(base.space.id))!;
    const state = await domain.sync.state(space.id);
    const input = captured.get(space.id);
    const report = twoWayReport(base, 'nothing', policy);
    const context: Settle = { domain, options, policy, dir, ref, head, space, state, input, report };
    if (state && (await rewritten(repo!, state.commit, head)))
      report.warnings.push(`${ref} was rewritten since the last sync (${state.commit!.slice(0, 7)} is gone from its history): took the new tip`);
    const mainRef = options.mainRef ?? (state?.ref && (await isBranch(repo!, state.ref)) ? state.ref : ref);
    out.push(state && ref !== mainRef ? await syncBranch({ ...context, mainRef, state, caller: options.caller, repo: repo! }) : await settle(context));
  }
  return out;
}

async function settle(c: Settle): Promise<TwoWayReport> {
  const { domain, space, state, input, report } = c;
  const action = decide({ syncedRevisionId: state?.revisionId ?? null, spaceRevisionId: space.revisionId, gitChanged: !!input?.content });
  report.action = action;
  if (action === 'import' || action === 'nothing') {
    if (input) report.revisionId = await domain.sync.land(input);
    if (action === 'nothing') Object.assign(report, { pagesAdded: 0, pagesChanged: 0, pagesRemoved: 0 });
    return report;
  }
  report.revisionId = null;
  if (action === 'export') {
    // A new tip with the same content (or a force-push to it): pair it with the synced revision first, so the export
    // builds on it and remembers what it wrote.
    if (input) await gitSpaces(domain).saveState(space.id, { ...input.state, key: input.state.key ?? null, revisionId: state!.revisionId });
    Object.assign(report, pageCounts(await domain.sync.content(state!.revisionId), await domain.sync.content(space.revisionId)));
    return exportSpace(c, space.revisionId, c.options.message ?? (await exportMessage(domain, space, c.options.mergeMessage)));
  }

  // Both moved, but git only by an export that a killed process committed and never recorded: of the space's revision,
  // or of one it has moved on from since. Recorded now, it leaves at most the space's later edits to export.
  const adopted = await adoptedRevision(c);
  if (adopted === space.revisionId) {
    report.action = 'export';
    Object.assign(report, { commit: c.head, ...pageCounts(await domain.sync.content(state!.revisionId), await domain.sync.content(space.revisionId)) });
    return report;
  }
  if (adopted !== null) return await settle({ ...c, state: await domain.sync.state(space.id), input: undefined });
  const merge = await mergeSides(
    await domain.sync.content(state!.revisionId),
    await domain.sync.content(space.revisionId),
    input!.content!,
    domain.sync.blobs,
    c.policy,
  );
  const spaceKept: KeptVersion = { side: 'space', revisionId: space.revisionId, commit: null };
  const gitKept: KeptVersion = { side: 'git', revisionId: null, commit: c.head };
  const sides: ConflictSides = {
    commit: c.head,
    base: await domain.sync.content(state!.revisionId),
    space: await domain.sync.content(space.revisionId),
    git: input!.content!,
    blobs: domain.sync.blobs,
  };
  if (merge.content === null) {
    report.conflicts = await conflictEntries(merge.conflicts, null, [spaceKept, gitKept], sides);
    report.failed = true;
    return report;
  }
  const landed = await gitSpaces(domain).landMerge({
    spaceId: space.id,
    spaceRevisionId: space.revisionId,
    syncedRevisionId: state!.revisionId,
    gitContent: input!.content!,
    git: input!.git ?? { oid: c.head, message: '', ref: c.ref, createdByService: false },
    merged: merge.content,
    state: input!.state,
  });
  await domain.sync.indexPages(merge.content);
  report.revisionId = landed.mergeRevisionId;
  Object.assign(report, pageCounts(await domain.sync.content(space.revisionId), merge.content));
  const lost = merge.winner === 'git' ? spaceKept : { ...gitKept, revisionId: landed.gitRevisionId };
  report.conflicts = await conflictEntries(merge.conflicts, merge.winner, merge.winner ? [lost] : [], sides);
  if (merge.winner)
    await gitSpaces(domain).recordConflicts(
      space.id,
      report.conflicts.map((entry) => recordedConflict(entry, merge.winner!, lost)),
    );
  const exported = await exportSpace(c, landed.mergeRevisionId, c.options.message ?? `Merge edits from ${space.title} (Quire)`);
  exported.action = 'merge';
  return exported;
}

/** How many of the space's revisions since the synced one are tried as the export of an unrecorded commit. */
const ADOPT_DEPTH = 16;

/** The revision the tip was found to be an unrecorded export of (and is now recorded as), among the space's latest. */
async function adoptedRevision(c: Settle): Promise<string | null> {
  const { domain, space, state } = c;
  let revisionId: string | undefined = space.revisionId;
  for (let depth = 0; revisionId && revisionId !== state!.revisionId && depth < ADOPT_DEPTH; depth++) {
    if (await adoptExport(domain, { dir: c.dir, spaceId: space.id, revisionId, ref: c.ref, head: c.head })) return revisionId;
    revisionId = (await domain.deps.store.revisions.get(revisionId))?.parents[0];
  }
  return null;
}

function recordedConflict(entry: ConflictEntry, winner: Side, lost: KeptVersion): GitSyncConflict {
  const { kind, id, title, path, reason, commit, losingText, losingBlob } = entry;
  return {
    kind,
    id,
    ...(title !== undefined ? { title } : {}),
    path,
    reason,
    commit,
    winner,
    loser: lost.side,
    losingText,
    truncated: false,
    losingBlob,
    losingRevisionId: lost.revisionId,
  };
}

/** Writes the space's revision to the repository; a revision with nothing new to write still pairs with the tip. */
async function exportSpace(c: Settle, revisionId: string, message: string): Promise<TwoWayReport> {
  const { domain, space, report } = c;
  const result = await exportRevision(domain, { dir: c.dir, spaceId: space.id, revisionId, ref: c.ref, message });
  Object.assign(report, { commit: result.commit, written: result.written, removed: result.removed });
  report.warnings.push(...(result.warnings ?? []));
  if (result.commit === null) {
    const previous = c.input?.state ?? c.state!;
    await gitSpaces(domain).saveState(space.id, {
      source: previous.source,
      directory: previous.directory,
      ref: previous.ref,
      commit: c.head,
      treeHash: previous.treeHash,
      key: previous.key ?? null,
      revisionId,
    });
  }
  return report;
}

/** A space whose last move was merging a change request exports as that merge (`QUIRE-<number>: <subject>`). */
async function exportMessage(domain: Domain, space: SpaceRecord, template: string | undefined): Promise<string> {
  const merged = await domain.deps.store.changeRequests.byMergedRevision(space.revisionId);
  return merged && merged.spaceId === space.id ? mergeMessage(template, merged) : `Update from ${space.title} (Quire)`;
}

async function isBranch(repo: string, ref: string): Promise<boolean> {
  const name = ref.startsWith('refs/heads/') ? ref : `refs/heads/${ref}`;
  return git.resolveRef({ fs: syncFs, ...repoDirs(repo), ref: name }).then(
    () => true,
    () => false,
  );
}

/** Whether `head` no longer descends from the last synced commit (a force-push). */
async function rewritten(repo: string, synced: string | null, head: string): Promise<boolean> {
  if (synced === null || synced === head) return false;
  try {
    return !(await git.isDescendent({ fs: syncFs, ...repoDirs(repo), oid: head, ancestor: synced, depth: -1 }));
  } catch {
    return true;
  }
}

export function twoWayReport(report: SyncReport, action: TwoWayReport['action'], policy: ConflictPolicy): TwoWayReport {
  return { ...report, action, policy, commit: null, written: [], removed: [], conflicts: [], failed: false };
}
