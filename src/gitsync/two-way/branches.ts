// A branch other than the space's main one syncs into a change request whose revision is that branch.
import git from 'isomorphic-git';
import type { Caller, Domain } from '../../domain/index.js';
import { gitSpaces } from '../../domain/git-sync/git.js';
import type { ImportedRevision } from '../../domain/git-sync/git-sync.js';
import { newId, type SpaceRecord, type SyncStateRecord } from '../../model/index.js';
import { syncFs } from '../fs-shim.js';
import { repoDirs } from '../tree.js';
import { pageCounts, type TwoWayReport } from './report.js';

export interface BranchSync {
  domain: Domain;
  caller: Caller;
  repo: string;
  ref: string;
  mainRef: string;
  head: string;
  space: SpaceRecord;
  /** The space's sync state on its main ref. */
  state: SyncStateRecord;
  /** The branch's content as the importer built it against the last synced revision (absent: the same content). */
  input: ImportedRevision | undefined;
  report: TwoWayReport;
}

/**
 * Opens the branch's change request (based on the revision of the commit the branch forked from) or updates it with
 * the branch's tip, as a new revision of the change request carrying the commit. The space itself does not move.
 */
export async function syncBranch(b: BranchSync): Promise<TwoWayReport> {
  const { domain, space, report } = b;
  const gitSync = gitSpaces(domain);
  Object.assign(report, { action: 'change-request', revisionId: null, pagesAdded: 0, pagesChanged: 0, pagesRemoved: 0 });
  const existing = await gitSync.changeRequestForBranch(space.id, b.ref);
  if (existing?.commit === b.head) {
    report.changeRequest = { id: existing.id, number: existing.number, created: false };
    report.action = 'nothing';
    return report;
  }
  const cr = existing ?? (await gitSync.openChangeRequest(space.id, await forkRevision(b), b.ref, b.caller.user.id));
  report.changeRequest = { id: cr.id, number: cr.number, created: !existing };
  const before = await domain.sync.content(cr.revisionId);
  const content = b.input?.content ?? (await domain.sync.content(b.state.revisionId));
  const git = { oid: b.head, message: b.input?.git?.message ?? '', ref: b.ref, createdByService: false };
  const revision = { id: newId(), spaceId: space.id, parents: [cr.revisionId], type: 'edits' as const, git, createdAt: domain.deps.clock.now().toISOString() };
  await domain.changeRequests.commitRevision(cr.id, cr.revisionId, revision, content, b.caller.user.id);
  await domain.sync.indexPages(content);
  Object.assign(report, pageCounts(before, content), { revisionId: revision.id });
  return report;
}

/** The space revision of the commit where the branch left the main ref; the last synced revision when unknown. */
async function forkRevision(b: BranchSync): Promise<string> {
  if (b.state.commit === null) return b.state.revisionId;
  try {
    const [base] = await git.findMergeBase({ fs: syncFs, ...repoDirs(b.repo), oids: [b.head, b.state.commit] });
    if (base === b.state.commit || base === undefined) return b.state.revisionId;
    return (await gitSpaces(b.domain).revisionForCommit(b.space.revisionId, base)) ?? b.state.revisionId;
  } catch {
    return b.state.revisionId;
  }
}
