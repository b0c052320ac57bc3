// Wires Git Sync into a running domain: the git import/export jobs of the API, and the export of merged change requests.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Caller, type Domain } from '../../domain/index.js';
import { GIT_EXPORT_JOB, GIT_IMPORT_JOB, type GitJobPayload, gitSpaces } from '../../domain/git.js';
import { syncDirectory } from '../import.js';
import { outlineTree } from '../tree-outline.js';
import { exportRevision } from '../export/export.js';
import { mergeMessage } from './messages.js';
import { checkout } from './remote.js';
import { twoWaySync } from './sync.js';

export const GIT_MERGED_JOB = 'gitsync:merged';
export { DEFAULT_MERGE_MESSAGE, mergeMessage } from './messages.js';

export interface GitSyncSetup {
  /** Where URL remotes are cloned (default: a folder in the system's temp dir). */
  cacheDir?: string;
  /** The message of the commit a merged change request exports (`gitSync.mergeMessage` of docs.config.yaml). */
  mergeMessage?: string;
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
  const run = (payload: GitJobPayload) => runGitJob(domain, payload, cacheDir);
  domain.jobs.register(GIT_IMPORT_JOB, (payload) => run(payload as GitJobPayload));
  domain.jobs.register(GIT_EXPORT_JOB, (payload) => run(payload as GitJobPayload));
  domain.jobs.register(GIT_MERGED_JOB, (payload) => exportMerged(domain, payload as MergedPayload, cacheDir));
  // Zip imports read their tree with the same outline as a repository.
  domain.contentWrites.useTreeOutliner(outlineTree);
  domain.changeRequests.onMerged((event) => {
    // Only spaces synced with a git repository (not a plain folder) export their merges.
    if (!syncedWithGit(domain, event.changeRequest.spaceId)) return;
    const payload: MergedPayload = { spaceId: event.changeRequest.spaceId, userId: event.changeRequest.createdBy, message: mergeMessage(setup.mergeMessage, event.changeRequest) };
    domain.jobs.schedule({ kind: GIT_MERGED_JOB, payload, maxAttempts: 5 });
    void domain.jobs.runDue();
  });
}

/** importGitRepository / exportToGitRepository, as a job, between the space_gitsync_started and _completed events. */
async function runGitJob(domain: Domain, payload: GitJobPayload, cacheDir: string): Promise<void> {
  const git = gitSpaces(domain);
  const { spaceId, operation, url, ref } = payload;
  git.recordEvent({ type: 'space_gitsync_started', spaceId, operation, url, ref });
  let remote = url;
  try {
    remote = git.remoteUrl(payload);
    const repo = await checkout(remote, ref, cacheDir, spaceId);
    const dir = payload.repoProjectDirectory ? join(repo.dir, payload.repoProjectDirectory) : repo.dir;
    const space = domain.sync.space(spaceId);
    if (!space || space.deletedAt) throw new Error(`the space ${spaceId} no longer exists`);
    let commit: string | null = null;
    let revisionId: string | null = null;
    if (operation === 'import') {
      const caller = callerOf(domain, payload.userId);
      const [report] = await syncDirectory(domain, { dir, ref, space: spaceId, organizationId: space.organizationId, caller });
      revisionId = report?.revisionId ?? null;
    } else {
      const message = payload.commitMessage ?? `Update from ${space.title} (Quire)`;
      const force = payload.force ?? false;
      commit = (await exportRevision(domain, { dir, spaceId, revisionId: space.revisionId, ref, message, force })).commit;
      if (commit) await repo.push(ref, force);
    }
    git.recordEvent({ type: 'space_gitsync_completed', spaceId, operation, url, ref, state: 'success', commit, revisionId });
  } catch (error) {
    // The message may quote the remote: never with its credentials.
    const message = (error as Error).message.replaceAll(remote, url);
    git.recordEvent({ type: 'space_gitsync_completed', spaceId, operation, url, ref, state: 'failure', error: message });
    throw error;
  }
}

/** A merged change request goes to the repository as one commit, through a two-way sync (git may have moved too). */
async function exportMerged(domain: Domain, payload: MergedPayload, cacheDir: string): Promise<void> {
  const git = gitSpaces(domain);
  const space = domain.sync.space(payload.spaceId);
  if (!space || space.deletedAt) return;
  if (!syncedWithGit(domain, space.id)) return;
  const state = domain.sync.state(space.id);
  const remote = git.lastRemote(space.id);
  const caller = callerOf(domain, payload.userId);
  const ref = state?.ref && state.ref !== 'HEAD' ? state.ref : remote?.ref;
  const repo = remote ? await checkout(remote.url, remote.ref, cacheDir, space.id) : null;
  const dir = repo ? join(repo.dir, remote?.repoProjectDirectory ?? '') : state!.source;
  const reports = await twoWaySync(domain, { dir, ...(ref ? { ref } : {}), space: space.id, organizationId: space.organizationId, caller, parseWorkers: 0, message: payload.message });
  if (repo && ref && reports.some((r) => r.commit)) await repo.push(ref, false);
}

function syncedWithGit(domain: Domain, spaceId: string): boolean {
  return (domain.sync.state(spaceId)?.commit ?? null) !== null || gitSpaces(domain).lastRemote(spaceId) !== undefined;
}

function callerOf(domain: Domain, userId: string): Caller {
  const user = domain.deps.store.users.get(userId);
  if (!user) throw new Error(`no user ${userId}`);
  return new Caller(domain.deps.store, user);
}
