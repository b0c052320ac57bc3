// Import runs: a website import into a space, a change request or a page, recorded and run as a job. Started as
// `pending`, the job makes it `in-progress`, then `completed` (with the pages it added) or `failed` (with the reason).
// A run still pending may be cancelled; one in progress finishes (its import lands as one revision or not at all).
import { type ImportRunRecord, type ImportRunStatus, newId } from '../../model/index.js';
import { Caller, type Deps, nowIso } from '../core/context.js';
import { DomainError, invalidInput, notFound } from '../core/errors.js';
import type { Jobs } from '../core/jobs.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { Organizations } from '../organizations/organizations.js';
import type { Spaces } from '../spaces/spaces.js';
import type { ChangeRequests } from '../change-requests/change-requests.js';
import type { ContentWrites, ImportResult } from './content-writes.js';

export const IMPORT_RUN_JOB = 'imports.run';

export type ImportRunSource = { type: 'website'; url: string } | { type: 'file'; files: string[] };

export interface ImportRunInput {
  source: ImportRunSource;
  target: { space: string; changeRequest?: string; page?: string };
  site?: string;
}

export interface ImportRunQuery extends PageRequest {
  space?: string;
  changeRequest?: string;
  site?: string;
  status?: ImportRunStatus | 'active';
}

export class ImportRuns {
  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
    private readonly spaces: Spaces,
    private readonly changeRequests: ChangeRequests,
    private readonly writes: ContentWrites,
    private readonly jobs: Jobs,
  ) {
    jobs.register(IMPORT_RUN_JOB, async (payload) => await this.run(String((payload as { run: string }).run)));
  }

  /** Records the run (`pending`) and schedules it; the caller needs `edit` on the target space. */
  async start(caller: Caller, organizationId: string, input: ImportRunInput): Promise<ImportRunRecord> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'member');
    if (input.source.type !== 'website') {
      throw invalidInput(
        "source.type: file imports read uploads kept in GitBook's storage; import files with importContent (source: markdown, html, docx or zip)",
      );
    }
    const space = await this.spaces.find(input.target.space);
    if (space.organizationId !== org.id) throw invalidInput(`target.space: no space ${input.target.space} in the organization ${org.id}`);
    await caller.access.requireSpace(space, 'edit');
    if (input.target.changeRequest !== undefined) await this.changeRequests.find(caller, space.id, input.target.changeRequest, 'edit');
    const site = input.site ?? (await this.siteOf(space.id));
    if (input.site !== undefined) {
      const record = await this.deps.store.sites.get(input.site);
      if (!record || record.organizationId !== org.id) throw invalidInput(`site: no site ${input.site} in the organization ${org.id}`);
    }
    const now = nowIso(this.deps);
    const run: ImportRunRecord = {
      id: newId(),
      organizationId: org.id,
      spaceId: space.id,
      changeRequestId: input.target.changeRequest ?? null,
      pageId: input.target.page ?? null,
      siteId: site ?? null,
      sourceUrl: input.source.url,
      status: 'pending',
      reason: null,
      revisionId: null,
      importedPages: [],
      createdBy: caller.user.id,
      createdAt: now,
      updatedAt: now,
      startedAt: null,
      completedAt: null,
    };
    await this.deps.store.tx(async () => {
      await this.deps.store.imports.putRun(run);
      await this.jobs.schedule({ kind: IMPORT_RUN_JOB, payload: { run: run.id }, dedupeKey: `${IMPORT_RUN_JOB}:${run.id}`, maxAttempts: 1 });
    });
    return run;
  }

  /** The organization's runs into spaces the caller may read, oldest first. */
  async list(caller: Caller, organizationId: string, query: ImportRunQuery): Promise<Page<ImportRunRecord>> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'member');
    const runs = [];
    for (const run of await this.deps.store.imports.runsIn(org.id)) {
      if (query.space !== undefined && run.spaceId !== query.space) continue;
      if (query.changeRequest !== undefined && run.changeRequestId !== query.changeRequest) continue;
      if (query.site !== undefined && run.siteId !== query.site) continue;
      if (query.status === 'active' ? run.status !== 'pending' && run.status !== 'in-progress' : query.status !== undefined && run.status !== query.status)
        continue;
      if (await this.readable(caller, run)) runs.push(run);
    }
    return paginate(runs, query, (r) => [r.createdAt, r.id]);
  }

  async get(caller: Caller, organizationId: string, id: string): Promise<ImportRunRecord> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'member');
    const run = await this.deps.store.imports.run(id);
    if (!run || run.organizationId !== org.id) throw notFound(`No import run ${id} in the organization ${org.id}`);
    await caller.access.requireSpace(await this.spaces.find(run.spaceId), 'read');
    return run;
  }

  /** A pending run never starts; one in progress or over cannot be cancelled (400). Needs `edit` on its space. */
  async cancel(caller: Caller, organizationId: string, id: string): Promise<ImportRunRecord> {
    const run = await this.get(caller, organizationId, id);
    await caller.access.requireSpace(await this.spaces.find(run.spaceId), 'edit');
    return await this.deps.store.tx(async () => {
      const current = (await this.deps.store.imports.run(run.id))!;
      if (current.status !== 'pending') throw invalidInput(`The import run ${id} is ${current.status}: only a pending run can be cancelled`);
      const now = nowIso(this.deps);
      const cancelled: ImportRunRecord = { ...current, status: 'cancelled', updatedAt: now, completedAt: now };
      await this.deps.store.imports.putRun(cancelled);
      return cancelled;
    });
  }

  private async run(id: string): Promise<void> {
    const { store } = this.deps;
    const started = await store.tx(async () => {
      const run = await store.imports.run(id);
      if (run?.status !== 'pending') return undefined;
      const now = nowIso(this.deps);
      const next: ImportRunRecord = { ...run, status: 'in-progress', startedAt: now, updatedAt: now };
      await store.imports.putRun(next);
      return next;
    });
    if (!started) return;
    let outcome: Partial<ImportRunRecord>;
    try {
      const user = await store.users.get(started.createdBy);
      if (!user) throw invalidInput(`the user ${started.createdBy} who started the import is gone`);
      const result = await this.land(new Caller(store, user), started);
      outcome = { status: 'completed', revisionId: result.revisionId, importedPages: await this.addedPages(result.revisionId) };
    } catch (error) {
      // Not retried: the reason is shown, and a new run tries again.
      outcome = { status: 'failed', reason: error instanceof DomainError ? error.message : `The import stopped: ${(error as Error).message}` };
    }
    const now = nowIso(this.deps);
    await store.tx(async () => {
      const current = await store.imports.run(id);
      if (current) await store.imports.putRun({ ...current, ...outcome, updatedAt: now, completedAt: now });
    });
  }

  private async land(caller: Caller, run: ImportRunRecord): Promise<ImportResult> {
    const input = { url: run.sourceUrl, source: 'website' as const };
    if (run.changeRequestId) return await this.writes.importInChangeRequest(caller, run.spaceId, run.changeRequestId, input, run.pageId ?? undefined);
    if (run.pageId) return await this.writes.importInSpacePage(caller, run.spaceId, run.pageId, input);
    return await this.writes.importInSpace(caller, run.spaceId, input);
  }

  /** The pages of the import's revision that its parent did not have. */
  private async addedPages(revisionId: string): Promise<ImportRunRecord['importedPages']> {
    const { store } = this.deps;
    const revision = await store.revisions.get(revisionId);
    const before = new Set(revision?.parents[0] ? (await store.revisions.content(revision.parents[0])).pages.map((p) => p.id) : []);
    const pages = (await store.revisions.content(revisionId)).pages;
    const parents = new Set(pages.map((p) => p.parentId));
    return pages.filter((p) => !before.has(p.id)).map((p) => ({ id: p.id, type: parents.has(p.id) ? 'folder' : 'page' }));
  }

  private async readable(caller: Caller, run: ImportRunRecord): Promise<boolean> {
    const space = await this.deps.store.content.space(run.spaceId);
    return Boolean(space && (await caller.access.spaceRole(space)));
  }

  /** The site showing the space, when exactly one does. */
  private async siteOf(spaceId: string): Promise<string | undefined> {
    const sites = await this.deps.store.sites.sitesShowing(spaceId);
    return sites.length === 1 ? sites[0] : undefined;
  }
}
