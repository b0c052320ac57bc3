// Change requests: a space's content edited on the side, in its own revisions, then merged back.
import {
  type ChangeRequestRecord,
  type ChangeRequestStatus,
  newId,
  type RevisionContent,
  type RevisionRecord,
  type SpaceRecord,
  type UserRecord,
} from '../../model/index.js';
import { moved, whileMoved } from '../core/moved.js';
import { type SemanticChange, semanticChanges } from './semantic-changes.js';
import { effectiveRules, unmetRules } from './merge-rules.js';
import { Reviews } from './reviews.js';
import type { ChangeRequestView, ChangesView, ContributorView, MergeOutcome, UpdateOutcome } from './views.js';
import type { Contents, RevisionView } from '../content/content.js';
import type { GitSync } from '../git-sync/git-sync.js';
import type { Caller, Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, conflict, forbidden, notFound, preconditionFailed } from '../core/errors.js';
import { type ContentMerge, mergeContentsWith } from '../../content/merge/merge.js';
import type { Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { RoleName } from '../core/roles.js';
import type { Spaces } from '../spaces/spaces.js';

export type * from './views.js';
export type { Attributes, SemanticChange } from './semantic-changes.js';
export type { MergeConflict } from '../../content/merge/merge.js';

export interface ChangeRequestInput {
  subject?: string;
}

export interface ChangeRequestPatch {
  subject?: string;
  description?: unknown;
  status?: 'draft' | 'open' | 'archived';
}

export interface ChangeRequestQuery extends PageRequest {
  status?: ChangeRequestStatus | readonly ChangeRequestStatus[];
  creator?: string;
  contributor?: string;
}

/** A change request found for a caller, with the caller's role on its space. */
export interface ChangeRequestScope {
  changeRequest: ChangeRequestRecord;
  space: SpaceRecord;
  role: RoleName;
}

/** A change request just merged into its space, as `revisionId`. */
export interface ChangeRequestMerged {
  changeRequest: ChangeRequestRecord;
  revisionId: string;
}

const SUBJECT_MAX = 100;
const DEFAULT_CHANGES_LIMIT = 10;

export class ChangeRequests {
  readonly reviews: Reviews;
  private readonly mergedListeners: ((event: ChangeRequestMerged) => void | Promise<void>)[] = [];

  constructor(
    private readonly deps: Deps,
    private readonly spaces: Spaces,
    private readonly organizations: Organizations,
    private readonly contents: Contents,
    private readonly sync: GitSync,
  ) {
    this.reviews = new Reviews(deps, this);
  }

  /** The change request (by id or per-space number) of a live space, once the caller has `needed` on the space. */
  async find(caller: Caller, spaceId: string, changeRequestIdOrNumber: string, needed: RoleName): Promise<ChangeRequestScope> {
    const space = await this.spaces.find(spaceId);
    const role = await caller.access.requireSpace(space, needed);
    const repo = this.deps.store.changeRequests;
    const byId = await repo.get(changeRequestIdOrNumber);
    const changeRequest =
      byId?.spaceId === space.id
        ? byId
        : /^[1-9]\d{0,9}$/.test(changeRequestIdOrNumber)
          ? await repo.byNumber(space.id, Number(changeRequestIdOrNumber))
          : undefined;
    if (!changeRequest) throw notFound(`No change request ${changeRequestIdOrNumber} in the space ${space.id}`);
    return { changeRequest, space, role };
  }

  async get(caller: Caller, spaceId: string, changeRequestId: string): Promise<ChangeRequestView> {
    const { changeRequest, space } = await this.find(caller, spaceId, changeRequestId, 'read');
    return await this.view(caller, changeRequest, space);
  }

  /** The change request's current revision, for every content read (pages, files, links...). */
  async content(caller: Caller, spaceId: string, changeRequestId: string): Promise<RevisionView> {
    const { changeRequest } = await this.find(caller, spaceId, changeRequestId, 'read');
    return await this.contents.revision(caller, spaceId, changeRequest.revisionId);
  }

  async create(caller: Caller, spaceId: string, input: ChangeRequestInput): Promise<ChangeRequestView> {
    const space = await this.spaces.find(spaceId);
    await caller.access.requireSpace(space, 'edit');
    const subject = checkSubject(input.subject ?? '');
    const { store } = this.deps;
    const now = nowIso(this.deps);
    const changeRequest = await store.tx(async () => {
      const current = (await store.content.space(space.id))!;
      const record: ChangeRequestRecord = {
        id: newId(),
        spaceId: space.id,
        number: await store.changeRequests.nextNumber(space.id),
        status: 'open',
        subject,
        description: null,
        createdBy: caller.user.id,
        revisionId: current.revisionId,
        revisionInitial: current.revisionId,
        baseRevisionId: current.revisionId,
        revisionMerged: null,
        createdAt: now,
        updatedAt: now,
        mergedAt: null,
      };
      await store.changeRequests.insert(record);
      return record;
    });
    return await this.view(caller, changeRequest, space);
  }

  async list(caller: Caller, spaceId: string, query: ChangeRequestQuery): Promise<Page<ChangeRequestView>> {
    const space = await this.spaces.find(spaceId);
    await caller.access.requireSpace(space, 'read');
    const records = await this.deps.store.changeRequests.list([space.id], query);
    return await this.page(caller, records, new Map([[space.id, space]]), query);
  }

  /** The change requests of every space of the organization the caller may read. */
  async listForOrganization(caller: Caller, organizationId: string, query: ChangeRequestQuery): Promise<Page<ChangeRequestView>> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'member');
    caller.access.primeCollections(await this.deps.store.content.collectionsIn(org.id));
    const live = (await this.deps.store.content.spacesIn(org.id)).filter((s) => !s.deletedAt);
    const spaces = new Map((await this.spaces.visible(caller, live)).map((v) => [v.space.id, v.space]));
    const records = await this.deps.store.changeRequests.list([...spaces.keys()], query);
    return await this.page(caller, records, spaces, query);
  }

  async update(caller: Caller, spaceId: string, changeRequestId: string, patch: ChangeRequestPatch): Promise<ChangeRequestView> {
    const { changeRequest, space } = await this.find(caller, spaceId, changeRequestId, 'edit');
    if (changeRequest.status === 'merged') throw conflict(`The change request ${changeRequest.id} is merged and can no longer change`);
    const subject = patch.subject === undefined ? undefined : checkSubject(patch.subject);
    const { store } = this.deps;
    // The change request as it is now, read in the transaction that writes it: the record read above would undo a
    // subject, description or status saved meanwhile.
    const next = await store.tx(async () => {
      const current = await store.changeRequests.get(changeRequest.id);
      if (!current) throw notFound(`No change request ${changeRequestId} in the space ${space.id}`);
      if (current.status === 'merged') throw conflict(`The change request ${current.id} was merged meanwhile`);
      const next: ChangeRequestRecord = {
        ...current,
        subject: subject ?? current.subject,
        description: patch.description === undefined ? current.description : patch.description,
        status: patch.status ?? current.status,
        updatedAt: nowIso(this.deps),
      };
      await store.changeRequests.updateDetails(next);
      return next;
    });
    return await this.view(caller, next, space);
  }

  /**
   * Merges the change request into the space: a new `merge` revision whose content is the space's current
   * content with the change request's changes applied. The space moves by compare-and-set: a writer that
   * moved it meanwhile makes this a 409, never a lost update. With conflicts nothing changes.
   */
  async merge(caller: Caller, spaceId: string, changeRequestId: string): Promise<MergeOutcome> {
    // Merges racing on one space land one after another: they queue for the space, and one that still loses its
    // compare-and-set (another process that does not share this store's lock) merges again onto the new revision.
    return await this.deps.store.exclusive(`space:${spaceId}`, () => whileMoved(() => this.mergeOnce(caller, spaceId, changeRequestId)));
  }

  private async mergeOnce(caller: Caller, spaceId: string, changeRequestId: string): Promise<MergeOutcome> {
    const { changeRequest: cr, space } = await this.find(caller, spaceId, changeRequestId, 'review');
    if (space.editMode === 'locked') throw forbidden(`The space ${space.id} is locked: unlock it to merge change requests`);
    this.requireActive(cr, 'merged');
    const outdated = space.revisionId !== cr.baseRevisionId;
    const rules = effectiveRules(space.mergeRules, (await this.organizations.find(space.organizationId)).mergeRules);
    const reviews = this.deps.store.changeRequests;
    // Checked before the merge is computed, and again where it lands: a review submitted meanwhile counts.
    const requireRules = async () => {
      const unmet = unmetRules(rules, {
        callerId: caller.user.id,
        changeRequest: cr,
        outdated,
        reviews: await reviews.reviews(cr.id),
        reviewers: await reviews.reviewers(cr.id),
      });
      if (unmet.length) throw preconditionFailed(`The change request cannot be merged until the merge rules are met: it needs ${unmet.join('; ')}`);
    };
    await requireRules();

    const merged = await this.combine(cr.baseRevisionId, cr.revisionId, space.revisionId);
    if (merged.conflicts.length) return { revisionId: cr.revisionId, result: 'conflicts', conflicts: merged.conflicts };
    const { store } = this.deps;
    const now = nowIso(this.deps);
    const revision: RevisionRecord = {
      id: newId(),
      spaceId: space.id,
      parents: [...new Set([space.revisionId, cr.revisionId])],
      type: 'merge',
      git: null,
      createdAt: now,
    };
    await store.tx(async () => {
      await requireRules();
      await store.revisions.insert(revision, merged.content);
      if (!(await store.content.setSpaceRevision(space.id, space.revisionId, revision.id, now))) {
        throw moved(`The space ${space.id} changed while the change request was being merged; merge again`);
      }
      if (!(await store.changeRequests.markMerged(cr.id, cr.revisionId, revision.id, now))) {
        throw moved(`The change request ${cr.id} changed while it was being merged; merge again`);
      }
    });
    for (const listener of this.mergedListeners)
      await listener({ changeRequest: { ...cr, status: 'merged', revisionMerged: revision.id, mergedAt: now }, revisionId: revision.id });
    return { revisionId: revision.id, result: 'merge', conflicts: [] };
  }

  /** Calls `listener` after each merge (outside layers react here: the git export of a synced space). */
  onMerged(listener: (event: ChangeRequestMerged) => void | Promise<void>): void {
    this.mergedListeners.push(listener);
  }

  /** Brings the space's changes since the change request's base into it, as an `update` revision. */
  async updateFromSpace(caller: Caller, spaceId: string, changeRequestId: string): Promise<UpdateOutcome> {
    const { changeRequest: cr, space } = await this.find(caller, spaceId, changeRequestId, 'edit');
    this.requireActive(cr, 'updated');
    if (space.revisionId === cr.baseRevisionId) return { revisionId: cr.revisionId, result: 'update', conflicts: [] };
    const { store } = this.deps;
    const now = nowIso(this.deps);
    const landed = (ok: boolean) => {
      if (!ok) throw conflict(`The change request ${cr.id} changed while it was being updated; update again`);
    };
    if (cr.revisionId === cr.baseRevisionId) {
      // Nothing of its own yet: the change request simply moves to the space's revision.
      await store.tx(async () => landed(await store.changeRequests.setRevision(cr.id, cr.revisionId, space.revisionId, now, space.revisionId)));
      return { revisionId: space.revisionId, result: 'update', conflicts: [] };
    }
    const merged = await this.combine(cr.baseRevisionId, cr.revisionId, space.revisionId);
    if (merged.conflicts.length) return { revisionId: cr.revisionId, result: 'conflicts', conflicts: merged.conflicts };
    const revision: RevisionRecord = { id: newId(), spaceId: space.id, parents: [cr.revisionId, space.revisionId], type: 'update', git: null, createdAt: now };
    await store.tx(async () => {
      await store.revisions.insert(revision, merged.content);
      landed(await store.changeRequests.setRevision(cr.id, cr.revisionId, revision.id, now, space.revisionId));
    });
    return { revisionId: revision.id, result: 'update', conflicts: [] };
  }

  /**
   * Lands a new revision of the change request, in one transaction: inserts it, moves the change request's
   * revision from `expectedRevisionId` by compare-and-set (409 when it moved) and counts the contributor.
   */
  async commitRevision(
    changeRequestId: string,
    expectedRevisionId: string,
    revision: RevisionRecord,
    content: RevisionContent,
    contributorId: string,
  ): Promise<void> {
    const { store } = this.deps;
    const now = nowIso(this.deps);
    await store.tx(async () => {
      const cr = await store.changeRequests.get(changeRequestId);
      if (!cr) throw notFound(`No change request ${changeRequestId}`);
      if (cr.status === 'merged' || cr.status === 'archived') throw conflict(`The change request ${cr.id} is ${cr.status}: its content can no longer change`);
      if (revision.spaceId !== cr.spaceId) throw invalidInput(`The revision ${revision.id} does not belong to the space ${cr.spaceId}`);
      await store.revisions.insert(revision, content);
      if (!(await store.changeRequests.setRevision(cr.id, expectedRevisionId, revision.id, now))) {
        throw moved(`The change request ${cr.id} changed meanwhile (its revision is no longer ${expectedRevisionId}); read it again and retry`);
      }
      await store.changeRequests.addContribution(cr.id, contributorId, now);
    });
  }

  async contributors(caller: Caller, spaceId: string, changeRequestId: string): Promise<Page<ContributorView>> {
    const { changeRequest } = await this.find(caller, spaceId, changeRequestId, 'read');
    const items = (
      await Promise.all(
        (
          await this.deps.store.changeRequests.contributors(changeRequest.id)
        ).map(async (contributor) => {
          const user = await this.deps.store.users.get(contributor.userId);
          return user ? [{ contributor, user }] : [];
        }),
      )
    ).flat();
    return { items, count: items.length };
  }

  /** What the change request changes, against its base revision. */
  async changes(caller: Caller, spaceId: string, changeRequestId: string, limit: number | undefined): Promise<ChangesView> {
    const { changeRequest: cr, space } = await this.find(caller, spaceId, changeRequestId, 'read');
    const revisions = this.deps.store.revisions;
    const [before, after] = [(await revisions.get(cr.baseRevisionId)) ?? null, (await revisions.get(cr.revisionId))!];
    return await this.changesBetween(space, before, after, limit);
  }

  /** What a revision changed against its first parent; a merge names the change request it came from. */
  async revisionChanges(caller: Caller, spaceId: string, revisionId: string, limit: number | undefined): Promise<ChangesView> {
    const space = await this.spaces.find(spaceId);
    await caller.access.requireSpace(space, 'read');
    const revisions = this.deps.store.revisions;
    const after = await revisions.get(revisionId);
    if (!after || after.spaceId !== space.id) throw notFound(`No revision ${revisionId} in the space ${space.id}`);
    const parent = after.parents[0];
    const view = await this.changesBetween(space, (parent && (await revisions.get(parent))) || null, after, limit);
    const source = after.type === 'merge' ? await this.deps.store.changeRequests.byMergedRevision(after.id) : undefined;
    return source ? { ...view, mergedFrom: await this.view(caller, source, space) } : view;
  }

  /** The change request a merge revision came from, if the revision is one. */
  async mergedInto(caller: Caller, view: RevisionView): Promise<ChangeRequestView | undefined> {
    if (view.revision.type !== 'merge') return undefined;
    const changeRequest = await this.deps.store.changeRequests.byMergedRevision(view.revision.id);
    return changeRequest && (await this.view(caller, changeRequest, view.space));
  }

  async view(caller: Caller, changeRequest: ChangeRequestRecord, space: SpaceRecord): Promise<ChangeRequestView> {
    const active = changeRequest.status === 'open' || changeRequest.status === 'draft';
    return {
      changeRequest,
      space,
      role: await caller.access.spaceRole(space),
      createdBy: await this.user(changeRequest.createdBy),
      outdated: active && space.revisionId !== changeRequest.baseRevisionId,
      comments: await this.deps.store.comments.countOpen(space.id, changeRequest.id),
    };
  }

  async user(id: string): Promise<UserRecord> {
    const user = await this.deps.store.users.get(id);
    if (!user) throw notFound(`No user ${id}`);
    return user;
  }

  /** Merge and update work only on open and draft change requests. */
  requireActive(cr: ChangeRequestRecord, action: string): void {
    if (cr.status === 'merged') throw conflict(`The change request ${cr.id} is already merged`);
    if (cr.status === 'archived') throw conflict(`The change request ${cr.id} is archived: reopen it (status open) before it can be ${action}`);
  }

  /** The change request's content (`ours`) with the space's changes since `base` (`theirs`), skipping the merge when a side did not move. */
  private async combine(base: string, ours: string, theirs: string): Promise<ContentMerge> {
    const revisions = this.deps.store.revisions;
    if (ours === base) return { content: await revisions.content(theirs), conflicts: [] };
    if (theirs === base) return { content: await revisions.content(ours), conflicts: [] };
    const merged = await mergeContentsWith(
      await revisions.content(base),
      await revisions.content(ours),
      await revisions.content(theirs),
      this.deps.store.blobs,
    );
    if (merged.conflicts.length === 0) await this.sync.indexPages(merged.content);
    return merged;
  }

  private async changesBetween(space: SpaceRecord, before: RevisionRecord | null, after: RevisionRecord, limit = DEFAULT_CHANGES_LIMIT): Promise<ChangesView> {
    if (!Number.isInteger(limit) || limit < 0 || limit > 1000) throw invalidInput('limit: must be a whole number from 0 to 1000');
    const revisions = this.deps.store.revisions;
    const empty: RevisionContent = { pages: [], files: [], reusableContents: [], variables: {} };
    const all: SemanticChange[] = semanticChanges(before ? await revisions.content(before.id) : empty, await revisions.content(after.id));
    return { space, before, after, changes: all.slice(0, limit), more: Math.max(0, all.length - limit) };
  }

  private async page(caller: Caller, records: ChangeRequestRecord[], spaces: Map<string, SpaceRecord>, query: PageRequest): Promise<Page<ChangeRequestView>> {
    const page = paginate(records, query, (r) => [r.createdAt, r.id], true);
    return { ...page, items: await Promise.all(page.items.map(async (r) => await this.view(caller, r, spaces.get(r.spaceId)!))) };
  }
}

function checkSubject(subject: string): string {
  if (subject.length > SUBJECT_MAX) throw invalidInput(`subject: must be at most ${SUBJECT_MAX} characters`);
  return subject;
}
