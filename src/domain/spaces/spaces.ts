import { type GitInfo, gitInfoOf } from '../git-sync/git.js';
import { type DefaultLevel, type EditMode, type MergeRules, newId, type SpaceRecord } from '../../model/index.js';
import { DAY } from '../core/clock.js';
import type { Collections } from '../collections/collections.js';
import type { Caller, Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, conflict, notFound, notSupported, preconditionFailed } from '../core/errors.js';
import type { Jobs } from '../core/jobs.js';
import type { Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import { atLeast, type RoleName } from '../core/roles.js';
import { withNewIds } from '../content/copy.js';
import { Templates } from '../templates/templates.js';
import { dropForeignGrants, requireNotInSites } from './transfer.js';
import { type MoveRequest, planMove } from '../core/tree.js';

export const RESTORE_WINDOW_MS = 7 * DAY;
export const PURGE_JOB = 'space.purge';

export interface SpaceView {
  space: SpaceRecord;
  role: RoleName | null;
  counts: SpaceCounts;
  /** Where the space syncs with git, when it does. */
  gitSync?: GitInfo;
}

export interface SpaceCounts {
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
}

export interface SpaceInput {
  title?: string;
  emoji?: string;
  parent?: string;
  language?: string;
  editMode?: EditMode;
  template?: unknown;
  computedSource?: unknown;
}

export interface SpacePatch {
  title?: string;
  emoji?: string | null;
  icon?: string | null;
  language?: string;
  editMode?: EditMode;
  defaultLevel?: DefaultLevel;
  mergeRules?: MergeRules;
}

const TITLE_MAX = 50;

export class Spaces {
  readonly templates: Templates;

  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
    private readonly collections: Collections,
    private readonly jobs: Jobs,
  ) {
    jobs.register(PURGE_JOB, async (payload) => {
      await this.purgeIfExpired(String((payload as { space: string }).space));
    });
    this.templates = new Templates(deps);
  }

  /** A space that exists and is not deleted. */
  async find(id: string): Promise<SpaceRecord> {
    const space = await this.deps.store.content.space(id);
    if (!space) throw notFound(`No matching Space found for given ID ${id}`);
    if (space.deletedAt) throw notFound(`The space ${id} is deleted; restore it first`);
    return space;
  }

  /** Deleted spaces stay readable until they are removed for good, with `deletedAt` set. */
  async get(caller: Caller, id: string): Promise<SpaceView> {
    const space = await this.deps.store.content.space(id);
    if (!space || this.expired(space)) throw notFound(`No matching Space found for given ID ${id}`);
    return await this.view(space, await caller.access.requireSpace(space, 'read'));
  }

  /** A new space; with `template`, holding the template's content (checked before anything is written). */
  async create(caller: Caller, organizationId: string, input: SpaceInput): Promise<SpaceView> {
    if (input.template !== undefined && input.computedSource !== undefined) throw invalidInput('body: send either template or computedSource, not both');
    if (input.computedSource !== undefined) {
      throw notSupported('createSpace with a computed source is not implemented yet; create the space, then import content');
    }
    const org = await this.organizations.find(organizationId);
    const parentId = input.parent ?? null;
    if (parentId !== null) {
      const parent = await this.deps.store.content.collection(parentId);
      if (!parent || parent.organizationId !== org.id) throw invalidInput(`parent: no collection ${parentId} in the organization ${org.id}`);
    }
    await this.collections.requireCreateIn(caller, org.id, parentId);
    const template = input.template === undefined ? undefined : await this.templates.prepare(caller, org.id, input.template, 'template.');
    const { store } = this.deps;
    const space = await store.tx(async () => {
      const created = await this.insert({
        organizationId: org.id,
        parentId,
        title: input.title ?? template?.template.title.slice(0, TITLE_MAX) ?? 'Untitled',
        emoji: input.emoji ?? null,
        language: input.language ?? null,
        editMode: input.editMode ?? 'live',
      });
      if (template) await this.templates.land(created, template);
      return (await store.content.space(created.id))!;
    });
    return await this.view(space, await caller.access.spaceRole(space));
  }

  /** applyTemplateToSpace: the template's content becomes the next revision of a space that has no pages yet. */
  async applyTemplate(caller: Caller, id: string, body: unknown): Promise<string> {
    const space = await this.find(id);
    await caller.access.requireSpace(space, 'edit');
    const prepared = await this.templates.prepare(caller, space.organizationId, body, '', {
      space,
      content: await this.deps.store.revisions.content(space.revisionId),
    });
    return await this.templates.land(space, prepared);
  }

  async update(caller: Caller, id: string, patch: SpacePatch): Promise<SpaceView> {
    // Read and written in one transaction: two patches of different fields at once both land.
    const next = await this.deps.store.tx(async () => {
      const space = await this.find(id);
      const settings = patch.editMode !== undefined || patch.defaultLevel !== undefined || patch.mergeRules !== undefined;
      await caller.access.requireSpace(space, settings ? 'admin' : 'edit');
      const next: SpaceRecord = {
        ...space,
        title: patch.title ?? space.title,
        language: patch.language ?? space.language,
        editMode: patch.editMode ?? space.editMode,
        defaultLevel: patch.defaultLevel === undefined ? space.defaultLevel : patch.defaultLevel,
        mergeRules: patch.mergeRules ?? space.mergeRules,
        updatedAt: nowIso(this.deps),
      };
      if (patch.emoji !== undefined) [next.emoji, next.icon] = [patch.emoji, patch.emoji ? null : space.icon];
      if (patch.icon !== undefined) [next.icon, next.emoji] = [patch.icon, patch.icon ? null : next.emoji];
      await this.deps.store.content.updateSpace(next);
      return next;
    });
    return await this.view(next, await caller.access.spaceRole(next));
  }

  /** Soft delete: the space can be restored for 7 days, then a job removes it for good. */
  async delete(caller: Caller, id: string): Promise<boolean> {
    const space = await this.deps.store.content.space(id);
    if (!space || this.expired(space)) throw notFound(`No matching Space found for given ID ${id}`);
    await caller.access.requireSpace(space, 'admin');
    // Read again in the transaction that writes it: the record read above would undo a change made meanwhile.
    return await this.deps.store.tx(async () => {
      const current = await this.deps.store.content.space(id);
      if (!current || current.deletedAt) return false;
      await this.softDelete(current);
      return true;
    });
  }

  async softDelete(space: SpaceRecord): Promise<void> {
    const deletedAt = nowIso(this.deps);
    await this.deps.store.content.updateSpace({ ...space, deletedAt, updatedAt: deletedAt });
    await this.jobs.schedule({
      kind: PURGE_JOB,
      payload: { space: space.id },
      runAt: new Date(Date.parse(deletedAt) + RESTORE_WINDOW_MS),
      dedupeKey: `${PURGE_JOB}:${space.id}`,
    });
  }

  async restore(caller: Caller, id: string): Promise<SpaceView> {
    return await this.deps.store.tx(async () => {
      const space = await this.deps.store.content.space(id);
      if (!space) throw notFound(`No matching Space found for given ID ${id}`);
      await caller.access.requireSpace(space, 'admin');
      if (!space.deletedAt) throw conflict(`The space ${id} is not deleted`);
      if (this.expired(space)) throw notFound(`The space ${id} was deleted more than 7 days ago and cannot be restored`);
      const { store } = this.deps;
      const parentGone = space.parentId !== null && !(await store.content.collection(space.parentId));
      const next: SpaceRecord = {
        ...space,
        deletedAt: null,
        parentId: parentGone ? null : space.parentId,
        visibility: parentGone && space.visibility === 'in-collection' ? 'private' : space.visibility,
        position: parentGone ? (await store.content.lastPosition(space.organizationId, null)) + 1 : space.position,
        updatedAt: nowIso(this.deps),
      };
      await store.content.updateSpace(next);
      return await this.view(next, await caller.access.spaceRole(next));
    });
  }

  /** A copy of the space's settings, roles and current content, placed right after it. */
  async duplicate(caller: Caller, id: string): Promise<SpaceView> {
    const source = await this.find(id);
    await caller.access.requireSpace(source, 'read');
    await this.collections.requireCreateIn(caller, source.organizationId, source.parentId);
    const { store } = this.deps;
    const copy = await store.tx(async () => {
      const created = await this.insert({
        organizationId: source.organizationId,
        parentId: source.parentId,
        title: `${source.title} (copy)`.slice(0, TITLE_MAX),
        emoji: source.emoji,
        language: source.language,
        editMode: source.editMode,
      });
      const next: SpaceRecord = {
        ...created,
        icon: source.icon,
        visibility: source.visibility,
        defaultLevel: source.defaultLevel,
        mergeRules: source.mergeRules,
        position: await this.positionAfter(source),
      };
      await store.content.updateSpace(next);
      for (const grant of await store.grants.on('space', source.id)) await store.grants.put({ ...grant, resourceId: next.id });
      return { ...next, revisionId: await this.copyContent(source, next) };
    });
    return await this.view(copy, await caller.access.spaceRole(copy));
  }

  /**
   * Gives `copy` a first revision holding the source's current content, its pages and files under new ids (blobs are
   * shared: they are content-addressed).
   */
  private async copyContent(source: SpaceRecord, copy: SpaceRecord): Promise<string> {
    const { store } = this.deps;
    const revisionId = newId();
    const content = withNewIds(await store.revisions.content(source.revisionId), newId);
    await store.revisions.insert({ id: revisionId, spaceId: copy.id, parents: [], type: 'edits', git: null, createdAt: copy.createdAt }, content);
    await store.content.setSpaceRevision(copy.id, copy.revisionId, revisionId, copy.updatedAt);
    return revisionId;
  }

  async move(caller: Caller, id: string, request: MoveRequest): Promise<SpaceView> {
    const space = await this.find(id);
    await caller.access.requireSpace(space, 'admin');
    const { store } = this.deps;
    const next = await store.tx(async () => {
      // The space as it is now: the record read above would undo a change made meanwhile.
      const current = await this.find(id);
      const { parentId, position } = await planMove(store, { kind: 'space', record: current }, request);
      if (parentId !== current.parentId) await this.collections.requireCreateIn(caller, current.organizationId, parentId);
      const moved: SpaceRecord = { ...current, parentId, position, visibility: visibilityIn(current, parentId), updatedAt: nowIso(this.deps) };
      await store.content.updateSpace(moved);
      return moved;
    });
    return await this.view(next, await caller.access.spaceRole(next));
  }

  async transfer(caller: Caller, id: string, organizationId: string): Promise<SpaceView> {
    const space = await this.deps.store.content.space(id);
    if (!space) throw notFound(`No matching Space found for given ID ${id}`);
    await caller.access.requireSpace(space, 'admin');
    if (space.deletedAt) throw preconditionFailed(`The space cannot be moved: ${id} is deleted; restore it first`);
    const target = await this.organizations.find(organizationId);
    if (target.id === space.organizationId) throw conflict('Transfer would not result in any update');
    await caller.access.requireOrganization(target, 'create');
    const { store } = this.deps;
    await requireNotInSites(store, [space]);
    const next = await store.tx(async () => {
      // The space as it is now: the record read above would undo a change made meanwhile.
      const current = await store.content.space(id);
      if (!current || current.deletedAt || current.organizationId !== space.organizationId) {
        throw conflict(`The space ${id} changed while it was being transferred; try again`);
      }
      const moved: SpaceRecord = {
        ...current,
        organizationId: target.id,
        parentId: null,
        position: (await store.content.lastPosition(target.id, null)) + 1,
        visibility: visibilityIn(current, null),
        updatedAt: nowIso(this.deps),
      };
      await store.content.updateSpace(moved);
      await dropForeignGrants(store, 'space', space.id, target.id);
      return moved;
    });
    return await this.view(next, await caller.access.spaceRole(next));
  }

  async listInOrganization(caller: Caller, organizationId: string, query: PageRequest): Promise<Page<SpaceView>> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'member');
    caller.access.primeCollections(await this.deps.store.content.collectionsIn(org.id));
    const spaces = (await this.deps.store.content.spacesIn(org.id)).filter((s) => !s.deletedAt);
    return paginate(await this.visible(caller, spaces), query, (v) => [v.space.createdAt, v.space.id]);
  }

  /** The spaces among `spaces` that the caller may read, with their role. */
  async visible(caller: Caller, spaces: SpaceRecord[]): Promise<SpaceView[]> {
    return await Promise.all(
      (await Promise.all(spaces.map(async (space) => ({ space, role: await caller.access.spaceRole(space) }))))
        .filter((v) => atLeast(v.role, 'read'))
        .map(async (v) => await this.view(v.space, v.role)),
    );
  }

  /** Removes every space deleted more than 7 days ago; the purge jobs do the same one by one. */
  async purgeExpired(): Promise<number> {
    const cutoff = new Date(this.deps.clock.now().getTime() - RESTORE_WINDOW_MS).toISOString();
    const { store } = this.deps;
    const ids = await store.content.expiredSpaces(cutoff);
    await store.tx(async () => {
      for (const id of ids) await store.content.purgeSpace(id);
    });
    return ids.length;
  }

  private async purgeIfExpired(id: string): Promise<void> {
    const space = await this.deps.store.content.space(id);
    if (space && this.expired(space)) await this.deps.store.tx(async () => await this.deps.store.content.purgeSpace(id));
  }

  private expired(space: SpaceRecord): boolean {
    return space.deletedAt !== null && Date.parse(space.deletedAt) + RESTORE_WINDOW_MS <= this.deps.clock.now().getTime();
  }

  private async insert(fields: Pick<SpaceRecord, 'organizationId' | 'parentId' | 'title' | 'emoji' | 'language' | 'editMode'>): Promise<SpaceRecord> {
    const { store } = this.deps;
    const now = nowIso(this.deps);
    // The last position is read in the transaction that takes the next one: two spaces created at once get two.
    return await store.tx(async () => {
      const space: SpaceRecord = {
        ...fields,
        id: newId(),
        icon: null,
        visibility: fields.parentId ? 'in-collection' : 'private',
        defaultLevel: 'inherit',
        mergeRules: { type: 'inherit' },
        revisionId: newId(),
        position: (await store.content.lastPosition(fields.organizationId, fields.parentId)) + 1,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      };
      await store.revisions.insert({ id: space.revisionId, spaceId: space.id, parents: [], type: 'edits', git: null, createdAt: now });
      await store.content.insertSpace(space);
      return space;
    });
  }

  private async positionAfter(space: SpaceRecord): Promise<number> {
    const siblings = [
      ...(await this.deps.store.content.spacesIn(space.organizationId)).filter((s) => s.parentId === space.parentId && !s.deletedAt),
      ...(await this.deps.store.content.collectionsIn(space.organizationId)).filter((c) => c.parentId === space.parentId),
    ]
      .map((s) => s.position)
      .filter((p) => p > space.position);
    const next = siblings.length ? Math.min(...siblings) : undefined;
    return next === undefined ? space.position + 1 : (space.position + next) / 2;
  }

  private async changeRequestCounts(spaceId: string): Promise<Pick<SpaceCounts, 'changeRequests' | 'changeRequestsOpen' | 'changeRequestsDraft'>> {
    const { total, open, draft } = await this.deps.store.changeRequests.counts(spaceId);
    return { changeRequests: total, changeRequestsOpen: open, changeRequestsDraft: draft };
  }

  async view(space: SpaceRecord, role: RoleName | null): Promise<SpaceView> {
    const gitSync = await gitInfoOf(this.deps, space.id);
    return {
      space,
      role,
      counts: { comments: await this.deps.store.comments.countOpen(space.id, null), ...(await this.changeRequestCounts(space.id)) },
      ...(gitSync ? { gitSync } : {}),
    };
  }
}

function visibilityIn(space: SpaceRecord, parentId: string | null): SpaceRecord['visibility'] {
  if (parentId === null && space.visibility === 'in-collection') return 'private';
  return space.visibility;
}
