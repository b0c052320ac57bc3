// Wires Git Sync into a running domain: the git import/export jobs of the API, and the export of merged change requests.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Caller, type Domain, DomainError } from '../../domain/index.js';
import { GIT_EXPORT_JOB, GIT_IMPORT_JOB, type GitJobPayload, gitSpaces } from '../../domain/git-sync/git.js';
import type { SyncStateRecord } from '../../model/index.js';
import { syncDirectory } from '../import.js';
import { findRepository } from '../tree.js';
import { outlineTree } from '../tree-outline.js';
import { exportRevision } from '../export/export.js';
import { withRepositoryLock } from '../export/lock.js';
import { mergeMessage } from './messages.js';
import { type Checkout, checkout } from './remote.js';
import { twoWaySync } from './sync.js';

export const GIT_MERGED_JOB = 'gitsync:merged';
export { DEFAULT_MERGE_MESSAGE, mergeMessage } from './messages.js';

export interface GitSyncSetup {
  /** Where URL remotes are cloned (default: a folder in the system's temp dir). */
  cacheDir?: string;
  /** The message of the commit a merged change request exports (`gitSync.mergeMessage` of docs.config.yaml). */
  mergeMessage?: string;
  /** Told of every failed git operation (`docs serve` writes it to stderr). */
  onFailure?: (message: string) => void;
}

interface MergedPayload {
  spaceId: string;
  userId: string;
  message: string;
}

const installed = new WeakSet<Domain>();

export function installGitSync(domain: Domain, setup: GitSyncSetup = {}): void {
  if (installed.has(domain)) return;
  installed.add(domain);
  const cacheDir = setup.cacheDir ?? join(tmpdir(), 'quire-git');
  const report = (spaceId: string, operation: string) => async (error: unknown) => {
    const space = await domain.sync.space(spaceId);
    // A remote's credentials never reach the log or the job's recorded error.
    if (error instanceof Error) error.message = withoutCredentials(error.message);
    setup.onFailure?.(`git ${operation} of space "${space?.title ?? spaceId}" (${spaceId}) failed: ${(error as Error).message}`);
    // Bad input (not a repository, no such ref): trying again cannot help. A conflict (409) may pass on a retry.
    if (error instanceof DomainError && error.kind !== 'conflict') Object.assign(error, { retry: false });
    throw error;
  };
  const run = async (payload: GitJobPayload) =>
    oneAtATime(domain, payload.spaceId, () => runGitJob(domain, payload, cacheDir)).catch(report(payload.spaceId, payload.operation));
  domain.jobs.register(GIT_IMPORT_JOB, async (payload) => await run(payload as GitJobPayload));
  domain.jobs.register(GIT_EXPORT_JOB, async (payload) => await run(payload as GitJobPayload));
  domain.jobs.register(GIT_MERGED_JOB, async (payload) => {
    const merged = payload as MergedPayload;
    return oneAtATime(domain, merged.spaceId, () => exportMerged(domain, merged, cacheDir)).catch(report(merged.spaceId, 'export'));
  });
  // Zip imports read their tree with the same outline as a repository.
  domain.contentWrites.useTreeOutliner(outlineTree);
  domain.changeRequests.onMerged(async (event) => {
    // Only spaces synced with a git repository (not a plain folder) export their merges.
    if (!(await syncedWithGit(domain, event.changeRequest.spaceId))) return;
    const payload: MergedPayload = {
      spaceId: event.changeRequest.spaceId,
      userId: event.changeRequest.createdBy,
      message: mergeMessage(setup.mergeMessage, event.changeRequest),
    };
    await domain.jobs.schedule({ kind: GIT_MERGED_JOB, payload, maxAttempts: 5 });
    void domain.jobs.runDue();
  });
}

/** importGitRepository / exportToGitRepository, as a job, between the space_gitsync_started and _completed events. */
async function runGitJob(domain: Domain, payload: GitJobPayload, cacheDir: string): Promise<void> {
  const git = gitSpaces(domain);
  const { spaceId, operation, url, ref } = payload;
  await git.recordEvent({ type: 'space_gitsync_started', spaceId, operation, url, ref });
  let remote = url;
  try {
    remote = git.remoteUrl(payload);
    const repo = await checkout(remote, ref, cacheDir, spaceId);
    const dir = payload.repoProjectDirectory ? join(repo.dir, payload.repoProjectDirectory) : repo.dir;
    const space = await domain.sync.space(spaceId);
    if (!space || space.deletedAt) throw new Error(`the space ${spaceId} no longer exists`);
    let commit: string | null = null;
    let revisionId: string | null = null;
    if (operation === 'import') {
      const caller = await callerOf(domain, payload.userId);
      // An import is asked for: it replaces the space's content, however much of it goes.
      const [report] = await syncDirectory(domain, { dir, ref, space: spaceId, organizationId: space.organizationId, caller, allowMassRemoval: true });
      revisionId = report?.revisionId ?? null;
      // The commit imported: while the sync state still pairs it, the space was only imported and exports nothing.
      commit = (await domain.sync.state(spaceId))?.commit ?? null;
    } else {
      const message = payload.commitMessage ?? `Update from ${space.title} (Quire)`;
      const force = payload.force ?? false;
      commit = await withRepositoryLock((await findRepository(dir)) ?? dir, async () => {
        const before = await domain.sync.state(spaceId);
        // The space's revision when the export runs (not when it was asked for).
        const revisionId = (await domain.sync.space(spaceId))?.revisionId ?? space.revisionId;
        const { commit } = await exportRevision(domain, { dir, spaceId, revisionId, ref, message, force });
        if (commit || (await repo.unpushed())) await pushOrUndo(domain, spaceId, repo, before, ref, force);
        return commit;
      });
    }
    await git.recordEvent({ type: 'space_gitsync_completed', spaceId, operation, url, ref, state: 'success', commit, revisionId });
  } catch (error) {
    // The message may quote the remote: never with its credentials.
    const message = (error as Error).message.replaceAll(remote, url);
    await git.recordEvent({ type: 'space_gitsync_completed', spaceId, operation, url, ref, state: 'failure', error: message });
    throw error;
  }
}

/**
 * A merged change request goes to the repository as one commit, through a two-way sync (git may have moved too), from
 * the space's revision when the job runs; recorded between the space_gitsync_started and _completed events.
 */
async function exportMerged(domain: Domain, payload: MergedPayload, cacheDir: string): Promise<void> {
  const git = gitSpaces(domain);
  const space = await domain.sync.space(payload.spaceId);
  if (!space || space.deletedAt) return;
  if (!(await syncedWithGit(domain, space.id))) return;
  const state = await domain.sync.state(space.id);
  const remote = await git.lastRemote(space.id);
  const ref = state?.ref && state.ref !== 'HEAD' ? state.ref : remote?.ref;
  const event = { spaceId: space.id, operation: 'export' as const, url: remote?.url ?? state!.source, ref: ref ?? 'HEAD' };
  await git.recordEvent({ ...event, type: 'space_gitsync_started' });
  try {
    const caller = await callerOf(domain, payload.userId);
    const repo = remote ? await checkout(remote.url, remote.ref, cacheDir, space.id) : null;
    const dir = repo ? join(repo.dir, remote?.repoProjectDirectory ?? '') : state!.source;
    const before = await domain.sync.state(space.id);
    const reports = await twoWaySync(domain, {
      dir,
      ...(ref ? { ref } : {}),
      space: space.id,
      organizationId: space.organizationId,
      caller,
      parseWorkers: 0,
      message: payload.message,
    });
    if (repo && ref && (reports.some((r) => r.commit) || (await repo.unpushed()))) await pushOrUndo(domain, space.id, repo, before, ref, false);
    const report = reports.find((r) => r.space.id === space.id);
    await git.recordEvent({
      ...event,
      type: 'space_gitsync_completed',
      state: 'success',
      commit: report?.commit ?? null,
      revisionId: report?.revisionId ?? null,
    });
  } catch (error) {
    await git.recordEvent({ ...event, type: 'space_gitsync_completed', state: 'failure', error: (error as Error).message });
    throw error;
  }
}

/**
 * Pushes an export. When the push fails, the sync state goes back to `before` (read before the export) and the unpushed
 * commit is dropped, so the retry starts from the remote's tip (which may have moved meanwhile) and exports the space's
 * revision again instead of finding nothing to do. (A commit left by a process that died before its push is pushed by
 * the next export: the checkout keeps a branch that is ahead of the remote.)
 */
async function pushOrUndo(domain: Domain, spaceId: string, repo: Checkout, before: SyncStateRecord | undefined, ref: string, force: boolean): Promise<void> {
  try {
    await repo.push(ref, force);
  } catch (error) {
    await gitSpaces(domain).restoreState(spaceId, before);
    await repo.discard().catch(() => {});
    throw error;
  }
}

/** `https://user:secret@host/...` -> `https://host/...` wherever a URL appears in the text. */
function withoutCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/@\s]+@/gi, '$1');
}

async function syncedWithGit(domain: Domain, spaceId: string): Promise<boolean> {
  return await gitSpaces(domain).exportsMerges(spaceId);
}

/**
 * The git operations of one space run one at a time, in the order they were asked for: in this process and, on
 * PostgreSQL, on every server sharing the store (an import on one and an export on another would each read the sync
 * state, then write their own over the other's).
 */
function oneAtATime<T>(domain: Domain, spaceId: string, work: () => Promise<T>): Promise<T> {
  return domain.deps.store.exclusive(`git-sync:${spaceId}`, work);
}

async function callerOf(domain: Domain, userId: string): Promise<Caller> {
  const user = await domain.deps.store.users.get(userId);
  if (!user) throw new Error(`no user ${userId}`);
  return new Caller(domain.deps.store, user);
}
