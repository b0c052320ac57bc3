// Writing content: batches of page and file changes on a change request (updateChangeRequestContent), and
// imports (websites, markdown, html, zip, docx) into a space, a change request, or a page of either.
import { whileMoved } from '../core/moved.js';
import { newId, type RevisionFile, type RevisionRecord, type SpaceRecord } from '../../model/index.js';
import type { ChangeRequests } from '../change-requests/change-requests.js';
import { type ApplyContext, applyChanges, type ApplyResult, type PageOutcome } from './apply-changes.js';
import { type ContentChange, MAX_CHANGES } from './changes.js';
import { prepareFile, type PreparedFile } from './files.js';
import { parsePages, usingParsedPages } from './page-file.js';
import { type ImportInput, readImport } from './imports.js';
import { applyPlan } from '../imports/apply.js';
import { counts, type ImportPlan } from '../imports/plan.js';
import { type ImportOptions, type ImportSettings, importSettings } from '../imports/settings.js';
import type { TreeOutliner } from '../imports/tree.js';
import type { Caller, Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, conflict, notFound } from '../core/errors.js';
import { DEFAULT_FETCH_POLICY, type FetchPolicy, fetchUrl } from '../core/fetch.js';
import type { Spaces } from '../spaces/spaces.js';
import type { GitSync } from '../git-sync/git-sync.js';

export type { ContentChange } from './changes.js';
export type { PageOutcome } from './apply-changes.js';
export type { ImportInput } from './imports.js';

export interface ContentUpdate {
  changeRequestId: string;
  revisionId: string;
  outcomes: PageOutcome[];
  insertedFiles: RevisionFile[];
}

export interface ImportResult {
  revisionId: string;
  importedResources: number;
  totalResources: number;
}

export class ContentWrites {
  constructor(
    private readonly deps: Deps,
    private readonly spaces: Spaces,
    private readonly changeRequests: ChangeRequests,
    private readonly sync: GitSync,
    private readonly policy: FetchPolicy = DEFAULT_FETCH_POLICY,
    importOptions: ImportOptions = {},
  ) {
    this.imports = importSettings(importOptions);
  }

  private readonly imports: ImportSettings;

  /** `write` of a change request's content, alone on it, and run again if its compare-and-set still loses. */
  private exclusive<T>(changeRequestId: string, write: () => Promise<T>): Promise<T> {
    return this.deps.store.exclusive(`change-request:${changeRequestId}`, () => whileMoved(write));
  }
  private outliner: TreeOutliner | undefined;

  /** Zip imports read their tree with the Git Sync outline, which the gitsync layer provides. */
  useTreeOutliner(outliner: TreeOutliner): void {
    this.outliner = outliner;
  }

  /** Applies the batch to the change request's revision as one new revision, or changes nothing. */
  async updateChangeRequestContent(caller: Caller, spaceId: string, changeRequestId: string, changes: ContentChange[]): Promise<ContentUpdate> {
    if (changes.length === 0) throw invalidInput('changes: must have at least 1 change');
    if (changes.length > MAX_CHANGES) throw invalidInput(`changes: must have at most ${MAX_CHANGES} changes, got ${changes.length}`);
    const { changeRequest } = await this.changeRequests.find(caller, spaceId, changeRequestId, 'edit');
    const files = await this.prepareFiles(changes);
    const pages = await parsePages([...markdownBodies(changes), ...(await this.updatedPageFiles(changeRequest.revisionId, changes))]);
    // Writers racing on one change request queue for it, and land one after another; one that still loses its
    // compare-and-set applies its batch again onto the new revision.
    return await this.exclusive(changeRequest.id, async () => {
      const { changeRequest: cr, space } = await this.changeRequests.find(caller, spaceId, changeRequest.id, 'edit');
      const result = await usingParsedPages(pages, async () => await this.apply(space, cr.revisionId, cr.baseRevisionId, changes, files));
      const revision = this.revisionRecord(space.id, cr.revisionId);
      await this.deps.store.tx(async () => {
        await this.index(result);
        await this.changeRequests.commitRevision(cr.id, cr.revisionId, revision, result.content, caller.user.id);
      });
      return { changeRequestId: cr.id, revisionId: revision.id, outcomes: result.outcomes, insertedFiles: result.insertedFiles };
    });
  }

  /** importContent: the imported pages at the end of the space's root, as a new revision of the space. */
  async importInSpace(caller: Caller, spaceId: string, input: ImportInput): Promise<ImportResult> {
    const before = await this.spaces.find(spaceId);
    await caller.access.requireSpace(before, 'edit');
    const plan = await readImport(input, await this.readOptions(caller, before));
    return await this.landInSpace(await this.spaces.find(spaceId), input, plan);
  }

  /**
   * importContentInChangeRequest (the imported pages at the end of its root) and importContentInChangeRequestPageById
   * (the page takes the first imported page's content, the others go under it).
   */
  async importInChangeRequest(caller: Caller, spaceId: string, changeRequestId: string, input: ImportInput, pageId?: string): Promise<ImportResult> {
    const { changeRequest, space } = await this.changeRequests.find(caller, spaceId, changeRequestId, 'edit');
    const plan = await readImport(input, await this.readOptions(caller, space));
    return await this.exclusive(changeRequest.id, async () => {
      const { changeRequest: cr } = await this.changeRequests.find(caller, spaceId, changeRequest.id, 'edit');
      if (pageId !== undefined) await this.requirePage(cr.revisionId, pageId);
      const result = await this.applyImport(space, cr.revisionId, cr.baseRevisionId, input, plan, pageId);
      const revision = this.revisionRecord(space.id, cr.revisionId);
      await this.deps.store.tx(async () => {
        await this.index(result);
        await this.changeRequests.commitRevision(cr.id, cr.revisionId, revision, result.content, caller.user.id);
      });
      return { revisionId: revision.id, ...counts(plan) };
    });
  }

  /** importContentInPageById: the page of the space's current revision gets the content, as a new revision. */
  async importInSpacePage(caller: Caller, spaceId: string, pageId: string, input: ImportInput): Promise<ImportResult> {
    const before = await this.spaces.find(spaceId);
    await caller.access.requireSpace(before, 'edit');
    const plan = await readImport(input, await this.readOptions(caller, before));
    const space = await this.spaces.find(spaceId);
    await this.requirePage(space.revisionId, pageId);
    return await this.landInSpace(space, input, plan, pageId);
  }

  /** A new revision of the space with the import, moved to by compare-and-set. */
  private async landInSpace(space: SpaceRecord, input: ImportInput, plan: ImportPlan, pageId?: string): Promise<ImportResult> {
    const result = await this.applyImport(space, space.revisionId, space.revisionId, input, plan, pageId);
    const revision = this.revisionRecord(space.id, space.revisionId);
    const { store } = this.deps;
    await store.tx(async () => {
      await this.index(result);
      await store.revisions.insert(revision, result.content);
      if (!(await store.content.setSpaceRevision(space.id, space.revisionId, revision.id, revision.createdAt))) {
        throw conflict(`the space ${space.id} changed while the content was imported; import again`);
      }
    });
    return { revisionId: revision.id, ...counts(plan) };
  }

  private async applyImport(
    space: SpaceRecord,
    revisionId: string,
    baseRevisionId: string,
    input: ImportInput,
    plan: ImportPlan,
    pageId?: string,
  ): Promise<ApplyResult> {
    const target = {
      ...(await this.context(space, revisionId, baseRevisionId)),
      source: input,
      now: nowIso(this.deps),
      ...(pageId !== undefined ? { pageId } : {}),
    };
    return await this.stored(await applyPlan(plan, target));
  }

  private async apply(
    space: SpaceRecord,
    revisionId: string,
    baseRevisionId: string,
    changes: ContentChange[],
    files: Map<number, PreparedFile[]>,
  ): Promise<ApplyResult> {
    return await this.stored(await applyChanges({ ...(await this.context(space, revisionId, baseRevisionId)), files }, changes));
  }

  /** The stored page files that the batch's `update_page` changes rewrite: parsed off the request thread with the rest. */
  private async updatedPageFiles(revisionId: string, changes: readonly ContentChange[]): Promise<Array<{ text: string; field: string }>> {
    const { store } = this.deps;
    const pages = new Map((await store.revisions.content(revisionId)).pages.map((p) => [p.id, p]));
    return (
      await Promise.all(
        changes.map(async (change, i) => {
          const page = change.operation === 'update_page' ? pages.get(change.page) : undefined;
          const bytes = page?.kind === 'document' && page.blob ? await store.blobs.get(page.blob) : undefined;
          return bytes ? [{ text: new TextDecoder('utf-8').decode(bytes), field: `changes[${i}].page (its stored markdown)` }] : [];
        }),
      )
    ).flat();
  }

  /** What a batch on the revision reads: its content, the space's other revisions, blobs. */
  private async context(space: SpaceRecord, revisionId: string, baseRevisionId: string): Promise<Omit<ApplyContext, 'files'>> {
    const { store } = this.deps;
    const base = await store.revisions.content(revisionId);
    return {
      base,
      baseRevisionId,
      spaceRoot: await this.sync.spaceRoot(base),
      revisionContent: async (id) => ((await store.revisions.get(id))?.spaceId === space.id ? await store.revisions.content(id) : undefined),
      readBlob: async (oid) => await store.blobs.get(oid),
      newId,
    };
  }

  /** The result, once its new bytes are in the blob store. */
  private async stored(result: ApplyResult): Promise<ApplyResult> {
    for (const bytes of result.blobs.values()) await this.deps.store.blobs.put(bytes);
    return result;
  }

  private async requirePage(revisionId: string, pageId: string): Promise<void> {
    const found = (await this.deps.store.revisions.content(revisionId)).pages.some((p) => p.id === pageId);
    if (!found) throw notFound(`No page ${pageId} in the revision ${revisionId}`);
  }

  /** Parse records and search sections of the new page files, as the importer saves them. */
  private async index(result: ApplyResult): Promise<void> {
    await this.sync.indexPages(result.content);
  }

  private revisionRecord(spaceId: string, parent: string): RevisionRecord {
    return { id: newId(), spaceId, parents: [parent], type: 'edits', git: null, createdAt: nowIso(this.deps) };
  }

  private async prepareFiles(changes: ContentChange[]): Promise<Map<number, PreparedFile[]>> {
    const prepared = new Map<number, PreparedFile[]>();
    const fetch = (url: string, field: string) => fetchUrl(url, field, this.policy);
    for (const [i, change] of changes.entries()) {
      if (change.operation !== 'insert_files') continue;
      prepared.set(i, await Promise.all(change.files.map((file, j) => prepareFile(file, `changes[${i}].files[${j}]`, fetch))));
    }
    return prepared;
  }

  private async readOptions(caller: Caller, space: SpaceRecord) {
    const org = await this.deps.store.organizations.get(space.organizationId);
    let mayReadFiles = false;
    try {
      if (org) await caller.access.requireOrganization(org, 'admin');
      mayReadFiles = Boolean(org);
    } catch {
      mayReadFiles = false;
    }
    const { folder } = this.imports;
    return {
      fetch: fetchUrl,
      policy: this.policy,
      mayReadFiles,
      settings: this.imports,
      ...(folder ? { folder } : {}),
      ...(this.outliner ? { outliner: this.outliner } : {}),
    };
  }
}

/** The markdown bodies of a batch, with the field each is in. */
function markdownBodies(changes: readonly ContentChange[]): Array<{ text: string; field: string }> {
  return changes.flatMap((change, i) => {
    const document = 'document' in change ? change.document : undefined;
    return document && 'markdown' in document && typeof document.markdown === 'string'
      ? [{ text: document.markdown, field: `changes[${i}].document.markdown` }]
      : [];
  });
}
