// Git Sync on the domain side, beyond import: landing a two-way merge, branch change requests, the git import and
// export operations as jobs, and the space_gitsync_* events they record.
import { type ChangeRequestRecord, newId, type RevisionContent, type RevisionGit, type RevisionRecord, type SyncStateRecord } from '../../model/index.js';
import type { Caller, Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, conflict, notFound } from '../core/errors.js';
import type { Jobs } from '../core/jobs.js';
import type { Spaces } from '../spaces/spaces.js';

export const GIT_IMPORT_JOB = 'gitsync:import';
export const GIT_EXPORT_JOB = 'gitsync:export';
const EVENT_TYPES = ['space_gitsync_started', 'space_gitsync_completed'] as const;
const CONFLICT_EVENT = 'space_gitsync_conflict';
/** How many recorded conflicts getSpaceGitInfo shows (the newest). */
const CONFLICTS_SHOWN = 50;
/** How much of a losing version's text a recorded conflict keeps; the whole version stays in the blob store. */
export const LOSING_EXCERPT = 2000;

export type GitSyncEventType = 'space_gitsync_started' | 'space_gitsync_completed';

export interface GitSyncEvent {
  eventId: string;
  type: GitSyncEventType;
  spaceId: string;
  operation: 'import' | 'export';
  /** The remote, without credentials. */
  url: string;
  ref: string;
  createdAt: string;
  state?: 'success' | 'failure';
  error?: string;
  commit?: string | null;
  revisionId?: string | null;
}

/** The body of importGitRepository / exportToGitRepository that Quire acts on. */
export interface GitRequest {
  url: string;
  ref: string;
  commitMessage?: string;
  force?: boolean;
  repoProjectDirectory?: string;
  standalone?: boolean;
}

export interface GitJobPayload extends GitRequest {
  /** The remote without credentials; the full URL, when it has them, is only in `sealedUrl`. */
  url: string;
  /** The URL with its credentials, sealed with the store's secret box. */
  sealedUrl?: string;
  spaceId: string;
  operation: 'import' | 'export';
  userId: string;
}

export interface GitInfo {
  url?: string;
  repoName?: string;
  updatedAt?: string;
  /** For a remote GitHub or GitLab hosts only (what 0.202.0's `GitSyncState` calls an installation): the space's own sync. */
  installationId?: string;
  installationProvider?: GitProvider;
  installationStatus?: 'active';
}

export type GitProvider = 'github' | 'gitlab';

/** The provider hosting a remote (`https://github.com/...`, `git@gitlab.example.com:...`), when it is GitHub or GitLab. */
export function gitProvider(url: string): GitProvider | undefined {
  const scp = /^[\w.-]+@([\w.-]+):/.exec(url);
  let host: string;
  try {
    host = scp ? scp[1]! : new URL(url).hostname;
  } catch {
    return undefined; // a directory
  }
  host = host.toLowerCase();
  if (host === 'github.com' || host.startsWith('github.')) return 'github';
  if (host === 'gitlab.com' || host.startsWith('gitlab.')) return 'gitlab';
  return undefined;
}

/** The last git operation of a space, in the shape of the spec's `GitSyncOperation`. */
export interface GitOperationInfo {
  state: 'running' | 'success' | 'failure';
  direction: 'import' | 'export';
  stage: 'repo_fetch' | 'finalize';
  dispatchedTasks: number;
  completedTasks: number;
  startedAt: string;
  updatedAt: string;
  completedAt?: string;
  error?: string;
}

/** A true conflict a sync resolved by its policy: what lost, where, and where the losing version is kept. */
export interface GitSyncConflict {
  kind: 'page' | 'file' | 'reusable-content' | 'variable';
  /** The page, file or reusable content id, or the variable name. */
  id: string;
  title?: string;
  /** The item's path in the repository, when it has one. */
  path: string | null;
  reason: string;
  /** The git side's commit the space was merged with. */
  commit: string;
  /** The side whose version was kept, and the side that lost. */
  winner: 'git' | 'space';
  loser: 'git' | 'space';
  /**
   * The start of the losing version's text (a page's markdown, a variable's value), at most LOSING_EXCERPT characters;
   * null when it was removed or is not text.
   */
  losingText: string | null;
  /** Whether `losingText` is cut short: the whole version is the blob `losingBlob`, and in `losingRevisionId`. */
  truncated: boolean;
  /** The git blob oid of the losing version (a page's markdown, a file's bytes), when it has one. */
  losingBlob: string | null;
  /** The revision holding the losing version. */
  losingRevisionId: string | null;
  createdAt?: string;
}

/** getSpaceGitInfo: the remote, the last operation (failures included) and the conflicts syncs resolved. */
export interface GitInfoDetails extends GitInfo {
  operation?: GitOperationInfo;
  conflicts?: GitSyncConflict[];
}

export interface MergeLanding {
  spaceId: string;
  /** The space's revision the merge was computed against: the space moves only from there (compare-and-set). */
  spaceRevisionId: string;
  /** The revision of the last sync: the git side's revision descends from it. */
  syncedRevisionId: string;
  /** The repository's content as imported (a revision of its own, so the losing side is kept in history). */
  gitContent: RevisionContent;
  git: RevisionGit;
  merged: RevisionContent;
  /** The sync state that pairs the imported commit with the git side's revision. */
  state: Omit<SyncStateRecord, 'spaceId' | 'revisionId' | 'updatedAt'>;
}

export class GitSpaces {
  constructor(
    private readonly deps: Deps,
    private readonly spaces: Spaces,
    private readonly jobs: Jobs,
  ) {}

  /**
   * In one transaction: the git side becomes a revision (parent: the last synced one), the merge a `merge` revision
   * with both sides as parents, the space moves to it by compare-and-set, and the sync state pairs the imported commit
   * with the git side's revision, so a crash before the export leaves "the space moved": the next sync exports.
   */
  async landMerge(input: MergeLanding): Promise<{ gitRevisionId: string; mergeRevisionId: string }> {
    const { store } = this.deps;
    const now = nowIso(this.deps);
    const gitRevision: RevisionRecord = {
      id: newId(),
      spaceId: input.spaceId,
      parents: [input.syncedRevisionId],
      type: 'edits',
      git: { ...input.git },
      createdAt: now,
    };
    const mergeRevision: RevisionRecord = {
      id: newId(),
      spaceId: input.spaceId,
      parents: [input.spaceRevisionId, gitRevision.id],
      type: 'merge',
      git: null,
      createdAt: now,
    };
    await store.tx(async () => {
      await store.revisions.insert(gitRevision, input.gitContent);
      await store.revisions.insert(mergeRevision, input.merged);
      if (!(await store.content.setSpaceRevision(input.spaceId, input.spaceRevisionId, mergeRevision.id, now))) {
        throw conflict(`the space ${input.spaceId} changed while it was being synced; sync again`);
      }
      await store.revisions.putSyncState({ ...input.state, spaceId: input.spaceId, revisionId: gitRevision.id, updatedAt: now });
    });
    return { gitRevisionId: gitRevision.id, mergeRevisionId: mergeRevision.id };
  }

  /** Puts back the sync state read before an export whose push failed (none: the space was never synced). */
  async restoreState(spaceId: string, previous: SyncStateRecord | undefined): Promise<void> {
    if (previous) await this.deps.store.revisions.putSyncState(previous);
    else await this.deps.store.revisions.removeSyncState(spaceId);
  }

  /** Pairs a commit with a revision after an export that wrote nothing (the sync state moves, nothing else). */
  async saveState(spaceId: string, state: Omit<SyncStateRecord, 'spaceId' | 'updatedAt'>): Promise<void> {
    await this.deps.store.revisions.putSyncState({ ...state, spaceId, updatedAt: nowIso(this.deps) });
  }

  /**
   * The open change request a branch was synced into: the one whose revision, or one of its first-parent ancestors
   * back to its base, was imported from `ref`.
   */
  async changeRequestForBranch(spaceId: string, ref: string): Promise<{ id: string; number: number; revisionId: string; commit: string | null } | undefined> {
    const { store } = this.deps;
    for (const cr of await store.changeRequests.list([spaceId], {})) {
      if (cr.status !== 'open' && cr.status !== 'draft') continue;
      let at = await store.revisions.get(cr.revisionId);
      for (let steps = 0; at && at.id !== cr.baseRevisionId && steps < 100; steps++) {
        if (at.git?.ref === ref) {
          return { id: cr.id, number: cr.number, revisionId: cr.revisionId, commit: at.id === cr.revisionId ? String(at.git.oid) : null };
        }
        at = at.parents[0] === undefined ? undefined : await store.revisions.get(at.parents[0]);
      }
    }
    return undefined;
  }

  /**
   * Opens a change request for a branch, based on the space revision the branch forked from (not the space's
   * current one: a merge then brings the space's later changes in instead of reverting them).
   */
  async openChangeRequest(
    spaceId: string,
    baseRevisionId: string,
    subject: string,
    userId: string,
  ): Promise<{ id: string; number: number; revisionId: string }> {
    const { store } = this.deps;
    const now = nowIso(this.deps);
    return await store.tx(async () => {
      const record: ChangeRequestRecord = {
        id: newId(),
        spaceId,
        number: await store.changeRequests.nextNumber(spaceId),
        status: 'open',
        subject: subject.slice(0, 100),
        description: null,
        createdBy: userId,
        revisionId: baseRevisionId,
        revisionInitial: baseRevisionId,
        baseRevisionId,
        revisionMerged: null,
        createdAt: now,
        updatedAt: now,
        mergedAt: null,
      };
      await store.changeRequests.insert(record);
      return { id: record.id, number: record.number, revisionId: record.revisionId };
    });
  }

  /** The revision imported from (or exported to) commit `oid`, among the first-parent ancestors of `from`. */
  async revisionForCommit(from: string, oid: string): Promise<string | undefined> {
    const { revisions } = this.deps.store;
    let at = await revisions.get(from);
    for (let steps = 0; at && steps < 1000; steps++) {
      if (at.git?.oid === oid) return at.id;
      at = at.parents[0] === undefined ? undefined : await revisions.get(at.parents[0]);
    }
    return undefined;
  }

  /** importGitRepository / exportToGitRepository: checks the request and queues the work as a job. */
  async request(caller: Caller, spaceId: string, operation: 'import' | 'export', body: GitRequest): Promise<string> {
    const space = await this.spaces.find(spaceId);
    await caller.access.requireSpace(space, 'edit');
    const url = checkRemote(body.url);
    if (typeof body.ref !== 'string' || body.ref.trim() === '') throw invalidInput('ref: expected a branch name');
    if (operation === 'export' && typeof body.commitMessage !== 'string') throw invalidInput('commitMessage: required to export');
    const shown = publicUrl(url);
    const payload: GitJobPayload = {
      ...body,
      url: shown,
      ...(shown !== url ? { sealedUrl: this.deps.store.secrets.seal(url) } : {}),
      spaceId: space.id,
      operation,
      userId: caller.user.id,
    };
    return await this.jobs.schedule({ kind: operation === 'import' ? GIT_IMPORT_JOB : GIT_EXPORT_JOB, payload, maxAttempts: 3 });
  }

  async recordEvent(event: Omit<GitSyncEvent, 'eventId' | 'createdAt'>): Promise<GitSyncEvent> {
    const now = nowIso(this.deps);
    const shown = publicUrl(event.url);
    const recorded: GitSyncEvent = {
      ...event,
      url: shown,
      ...(event.error !== undefined ? { error: event.error.replaceAll(event.url, shown) } : {}),
      eventId: newId(),
      createdAt: now,
    };
    await this.deps.store.events.insert({ id: recorded.eventId, spaceId: event.spaceId, type: event.type, payload: recorded, createdAt: now });
    return recorded;
  }

  /** The space's git sync events, oldest first. */
  async events(spaceId: string): Promise<GitSyncEvent[]> {
    return await gitEvents(this.deps, spaceId);
  }

  /**
   * getSpaceGitInfo: the remote of the last git operation, else the directory the space syncs with; the last operation
   * (a failed one too) and the conflicts syncs resolved. 404 when the space never had a git operation.
   */
  async info(caller: Caller, spaceId: string): Promise<GitInfoDetails> {
    const space = await this.spaces.find(spaceId);
    await caller.access.requireSpace(space, 'read');
    const info = await gitInfoOf(this.deps, space.id);
    const operation = lastOperation(await this.events(space.id));
    if (!info && !operation) throwNotSynced(space.id);
    const conflicts = await this.conflicts(space.id);
    return { ...info, ...(operation ? { operation } : {}), ...(conflicts.length ? { conflicts } : {}) };
  }

  /** Keeps the conflicts a sync resolved, so the losing side stays visible: an excerpt of its text and its blob. */
  async recordConflicts(spaceId: string, conflicts: readonly GitSyncConflict[]): Promise<void> {
    const { store } = this.deps;
    const now = nowIso(this.deps);
    await store.tx(async () => {
      for (const c of conflicts)
        await store.events.insert({ id: newId(), spaceId, type: CONFLICT_EVENT, payload: { ...excerpted(c), createdAt: now }, createdAt: now });
    });
  }

  /** The newest conflicts recorded for the space, newest first. */
  async conflicts(spaceId: string): Promise<GitSyncConflict[]> {
    // Records written before excerpts were kept hold the whole text: cut them the same way.
    return (await this.deps.store.events.newest<GitSyncConflict>(spaceId, CONFLICT_EVENT, CONFLICTS_SHOWN)).map((e) => excerpted(e.payload));
  }

  /**
   * Whether merges of the space's change requests export to git: a space synced by `docs sync` or exported to through
   * the API does; one only imported through the API does not (an import is one-time): its last successful operation
   * is that import and its sync state still pairs the imported commit.
   */
  async exportsMerges(spaceId: string): Promise<boolean> {
    if (await this.lastRemote(spaceId, GIT_EXPORT_JOB)) return true;
    const state = await this.deps.store.revisions.syncState(spaceId);
    if (!state || state.commit === null) return false;
    const last = (await this.deps.store.events.latest<GitSyncEvent>(spaceId, 'space_gitsync_completed', 'state', 'success'))?.payload;
    return !(last?.operation === 'import' && last.commit === state.commit);
  }

  /** The remote (credentials included) and branch of the space's last successful git operation through the API. */
  async lastRemote(
    spaceId: string,
    kind?: typeof GIT_IMPORT_JOB | typeof GIT_EXPORT_JOB,
  ): Promise<{ url: string; ref: string; repoProjectDirectory?: string } | undefined> {
    const kinds = kind ? [kind] : [GIT_IMPORT_JOB, GIT_EXPORT_JOB];
    const jobs = (await this.deps.store.jobs.list('done')).filter((j) => kinds.includes(j.kind) && (j.payload as GitJobPayload).spaceId === spaceId);
    const last = jobs.sort((a, b) => a.updatedAt.localeCompare(b.updatedAt)).at(-1)?.payload as GitJobPayload | undefined;
    return last && { url: this.remoteUrl(last), ref: last.ref, ...(last.repoProjectDirectory ? { repoProjectDirectory: last.repoProjectDirectory } : {}) };
  }

  /** The URL a job connects to: the sealed one with its credentials, else the plain one. */
  remoteUrl(payload: GitJobPayload): string {
    const opened = payload.sealedUrl === undefined ? undefined : this.deps.store.secrets.open(payload.sealedUrl);
    if (payload.sealedUrl !== undefined && opened === undefined)
      throw invalidInput('url: the stored credentials cannot be read (the secret key changed); send the request again');
    return opened ?? payload.url;
  }
}

/** The conflict with at most LOSING_EXCERPT characters of its losing text. */
function excerpted(c: GitSyncConflict): GitSyncConflict {
  const text = c.losingText;
  const cut = text !== null && text.length > LOSING_EXCERPT;
  return { ...c, losingText: cut ? text.slice(0, LOSING_EXCERPT) : text, truncated: cut || c.truncated === true, losingBlob: c.losingBlob ?? null };
}

/** The space's git sync events, oldest first. */
export async function gitEvents(deps: Deps, spaceId: string): Promise<GitSyncEvent[]> {
  return (await deps.store.events.forSpace<GitSyncEvent>(spaceId, EVENT_TYPES)).map((e) => e.payload);
}

/** `Space.gitSync`: the remote of the last git operation, else the directory the space syncs with; undefined when never synced. */
export async function gitInfoOf(deps: Deps, spaceId: string): Promise<GitInfo | undefined> {
  const state = await deps.store.revisions.syncState(spaceId);
  const last = (await deps.store.events.latest<GitSyncEvent>(spaceId, 'space_gitsync_completed', 'state', 'success'))?.payload;
  if (!state && !last) return undefined;
  const url = last?.url ?? state!.source;
  const updatedAt = [state?.updatedAt, last?.createdAt]
    .filter((x): x is string => !!x)
    .sort()
    .at(-1)!;
  const provider = gitProvider(url);
  return {
    url,
    repoName: repoName(url),
    updatedAt,
    ...(provider ? { installationId: spaceId, installationProvider: provider, installationStatus: 'active' as const } : {}),
  };
}

/** The last operation of the space's git events (oldest first), as the spec's `GitSyncOperation`. */
function lastOperation(events: readonly GitSyncEvent[]): GitOperationInfo | undefined {
  const last = events.at(-1);
  if (!last) return undefined;
  const started = [...events].reverse().find((e) => e.type === 'space_gitsync_started' && e.operation === last.operation);
  const done = last.type === 'space_gitsync_completed';
  return {
    state: done ? (last.state ?? 'success') : 'running',
    direction: last.operation,
    stage: done ? 'finalize' : 'repo_fetch',
    dispatchedTasks: 1,
    completedTasks: done ? 1 : 0,
    startedAt: started?.createdAt ?? last.createdAt,
    updatedAt: last.createdAt,
    ...(done && last.state !== 'failure' ? { completedAt: last.createdAt } : {}),
    ...(last.error !== undefined ? { error: last.error } : {}),
  };
}

function throwNotSynced(spaceId: string): never {
  throw notFound(`The space ${spaceId} is not synced with a git repository`);
}

/** A local path or an http(s) URL (credentials allowed in the URL); anything else is a 400. */
export function checkRemote(url: unknown): string {
  if (typeof url !== 'string' || url.trim() === '') throw invalidInput('url: expected a repository URL or path');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !/^https?:\/\//i.test(url) && !/^file:\/\//i.test(url)) {
    throw invalidInput('url: only http(s) URLs and local paths are supported');
  }
  return url;
}

/** The URL without its credentials: what may be shown or recorded. */
export function publicUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

function repoName(url: string): string {
  const last =
    url
      .replace(/[/\\]+$/, '')
      .split(/[/\\]/)
      .at(-1) ?? url;
  return last.replace(/\.git$/, '');
}

const memo = new WeakMap<object, GitSpaces>();

/** The git module of a domain (one per domain), until the domain constructs it itself. */
export function gitSpaces(domain: { deps: Deps; spaces: Spaces; jobs: Jobs }): GitSpaces {
  let git = memo.get(domain);
  if (!git) memo.set(domain, (git = new GitSpaces(domain.deps, domain.spaces, domain.jobs)));
  return git;
}
