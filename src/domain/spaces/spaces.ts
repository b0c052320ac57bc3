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
    jobs.register(PURGE_JOB, (payload) => {
      this.purgeIfExpired(String((payload as { space: string }).space));
    });
    this.templates = new Templates(deps);
  }

  /** A space that exists and is not deleted. */
  find(id: string): SpaceRecord {
    const space = this.deps.store.content.space(id);
    if (!space) throw notFound(`No matching Space found for given ID ${id}`);
    if (space.deletedAt) throw notFound(`The space ${id} is deleted; restore it first`);
    return space;
  }

  /** Deleted spaces stay readable until they are removed for good, with `deletedAt` set. */
  get(caller: Caller, id: string): SpaceView {
    const space = this.deps.store.content.space(id);
    if (!space || this.expired(space)) throw notFound(`No matching Space found for given ID ${id}`);
    return this.view(space, caller.access.requireSpace(space, 'read'));
  }

  /** A new space; with `template`, holding the template's content (checked before anything is written). */
  create(caller: Caller, organizationId: string, input: SpaceInput): SpaceView {
    if (input.template !== undefined && input.computedSource !== undefined) throw invalidInput('body: send either template or computedSource, not both');
    if (input.computedSource !== undefined) {
      throw notSupported('createSpace with a computed source is not implemented yet; create the space, then import content');
    }
    const org = this.organizations.find(organizationId);
    const parentId = input.parent ?? null;
    if (parentId !== null) {
      const parent = this.deps.store.content.collection(parentId);
      if (!parent || parent.organizationId !== org.id) throw invalidInput(`parent: no collection ${parentId} in the organization ${org.id}`);
    }
    this.collections.requireCreateIn(caller, org.id, parentId);
    const template = input.template === undefined ? undefined : this.templates.prepare(caller, org.id, input.template, 'template.');
    const { store } = this.deps;
    const space = store.tx(() => {
      const created = this.insert({
        organizationId: org.id,
        parentId,
        title: input.title ?? template?.template.title.slice(0, TITLE_MAX) ?? 'Untitled',
        emoji: input.emoji ?? null,
        language: input.language ?? null,
        editMode: input.editMode ?? 'live',
      });
      if (template) this.templates.land(created, template);
      return store.content.space(created.id)!;
    });
    return this.view(space, caller.access.spaceRole(space));
  }

  /** applyTemplateToSpace: the template's content becomes the next revision of a space that has no pages yet. */
  applyTemplate(caller: Caller, id: string, body: unknown): string {
    const space = this.find(id);
    caller.access.requireSpace(space, 'edit');
    const prepared = this.templates.prepare(caller, space.organizationId, body, '', { space, content: this.deps.store.revisions.content(space.revisionId) });
    return this.templates.land(space, prepared);
  }

  update(caller: Caller, id: string, patch: SpacePatch): SpaceView {
    const space = this.find(id);
    const settings = patch.editMode !== undefined || patch.defaultLevel !== undefined || patch.mergeRules !== undefined;
    caller.access.requireSpace(space, settings ? 'admin' : 'edit');
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
    this.deps.store.content.updateSpace(next);
    return this.view(next, caller.access.spaceRole(next));
  }

  /** Soft delete: the space can be restored for 7 days, then a job removes it for good. */
  delete(caller: Caller, id: string): boolean {
    const space = this.deps.store.content.space(id);
    if (!space || this.expired(space)) throw notFound(`No matching Space found for given ID ${id}`);
    caller.access.requireSpace(space, 'admin');
    if (space.deletedAt) return false;
    this.deps.store.tx(() => this.softDelete(space));
    return true;
  }

  softDelete(space: SpaceRecord): void {
    const deletedAt = nowIso(this.deps);
    this.deps.store.content.updateSpace({ ...space, deletedAt, updatedAt: deletedAt });
    this.jobs.schedule({
      kind: PURGE_JOB,
      payload: { space: space.id },
      runAt: new Date(Date.parse(deletedAt) + RESTORE_WINDOW_MS),
      dedupeKey: `${PURGE_JOB}:${space.id}`,
    });
  }

  restore(caller: Caller, id: string): SpaceView {
    const space = this.deps.store.content.space(id);
    if (!space) throw notFound(`No matching Space found for given ID ${id}`);
    caller.access.requireSpace(space, 'admin');
    if (!space.deletedAt) throw conflict(`The space ${id} is not deleted`);
    if (this.expired(space)) throw notFound(`The space ${id} was deleted more than 7 days ago and cannot be restored`);
    const { store } = this.deps;
    const parentGone = space.parentId !== null && !store.content.collection(space.parentId);
    const next: SpaceRecord = {
      ...space,
      deletedAt: null,
      parentId: parentGone ? null : space.parentId,
      visibility: parentGone && space.visibility === 'in-collection' ? 'private' : space.visibility,
      position: parentGone ? store.content.lastPosition(space.organizationId, null) + 1 : space.position,
      updatedAt: nowIso(this.deps),
    };
    store.content.updateSpace(next);
    return this.view(next, caller.access.spaceRole(next));
  }

  /** A copy of the space's settings, roles and current content, placed right after it. */
  duplicate(caller: Caller, id: string): SpaceView {
    const source = this.find(id);
    caller.access.requireSpace(source, 'read');
    this.collections.requireCreateIn(caller, source.organizationId, source.parentId);
    const { store } = this.deps;
    const copy = store.tx(() => {
      const created = this.insert({
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
        position: this.positionAfter(source),
      };
      store.content.updateSpace(next);
      for (const grant of store.grants.on('space', source.id)) store.grants.put({ ...grant, resourceId: next.id });
      return { ...next, revisionId: this.copyContent(source, next) };
    });
    return this.view(copy, caller.access.spaceRole(copy));
  }

  /**
   * Gives `copy` a first revision holding the source's current content, its pages and files under new ids (blobs are
   * shared: they are content-addressed).
   */
  private copyContent(source: SpaceRecord, copy: SpaceRecord): string {
    const { store } = this.deps;
    const revisionId = newId();
    const content = withNewIds(store.revisions.content(source.revisionId), newId);
    store.revisions.insert({ id: revisionId, spaceId: copy.id, parents: [], type: 'edits', git: null, createdAt: copy.createdAt }, content);
    store.content.setSpaceRevision(copy.id, copy.revisionId, revisionId, copy.updatedAt);
    return revisionId;
  }

  move(caller: Caller, id: string, request: MoveRequest): SpaceView {
    const space = this.find(id);
    caller.access.requireSpace(space, 'admin');
    const { store } = this.deps;
    const next = store.tx(() => {
      const { parentId, position } = planMove(store, { kind: 'space', record: space }, request);
      if (parentId !== space.parentId) this.collections.requireCreateIn(caller, space.organizationId, parentId);
      const moved: SpaceRecord = { ...space, parentId, position, visibility: visibilityIn(space, parentId), updatedAt: nowIso(this.deps) };
      store.content.updateSpace(moved);
      return moved;
    });
    return this.view(next, caller.access.spaceRole(next));
  }

  transfer(caller: Caller, id: string, organizationId: string): SpaceView {
    const space = this.deps.store.content.space(id);
    if (!space) throw notFound(`No matching Space found for given ID ${id}`);
    caller.access.requireSpace(space, 'admin');
    if (space.deletedAt) throw preconditionFailed(`The space cannot be moved: ${id} is deleted; restore it first`);
    const target = this.organizations.find(organizationId);
    if (target.id === space.organizationId) throw conflict('Transfer would not result in any update');
    caller.access.requireOrganization(target, 'create');
    const { store } = this.deps;
    requireNotInSites(store, [space]);
    const next = store.tx(() => {
      const moved: SpaceRecord = {
        ...space,
        organizationId: target.id,
        parentId: null,
        position: store.content.lastPosition(target.id, null) + 1,
        visibility: visibilityIn(space, null),
        updatedAt: nowIso(this.deps),
      };
      store.content.updateSpace(moved);
      dropForeignGrants(store, 'space', space.id, target.id);
      return moved;
    });
    return this.view(next, caller.access.spaceRole(next));
  }

  listInOrganization(caller: Caller, organizationId: string, query: PageRequest): Page<SpaceView> {
    const org = this.organizations.find(organizationId);
    caller.access.requireOrganization(org, 'member');
    caller.access.primeCollections(this.deps.store.content.collectionsIn(org.id));
    const spaces = this.deps.store.content.spacesIn(org.id).filter((s) => !s.deletedAt);
    return paginate(this.visible(caller, spaces), query, (v) => [v.space.createdAt, v.space.id]);
  }

  /** The spaces among `spaces` that the caller may read, with their role. */
  visible(caller: Caller, spaces: SpaceRecord[]): SpaceView[] {
    return spaces
      .map((space) => ({ space, role: caller.access.spaceRole(space) }))
      .filter((v) => atLeast(v.role, 'read'))
      .map((v) => this.view(v.space, v.role));
  }

  /** Removes every space deleted more than 7 days ago; the purge jobs do the same one by one. */
  purgeExpired(): number {
    const cutoff = new Date(this.deps.clock.now().getTime() - RESTORE_WINDOW_MS).toISOString();
    const { store } = this.deps;
    const ids = store.content.expiredSpaces(cutoff);
    store.tx(() => ids.forEach((id) => store.content.purgeSpace(id)));
    return ids.length;
  }

  private purgeIfExpired(id: string): void {
    const space = this.deps.store.content.space(id);
    if (space && this.expired(space)) this.deps.store.tx(() => this.deps.store.content.purgeSpace(id));
  }

  private expired(space: SpaceRecord): boolean {
    return space.deletedAt !== null && Date.parse(space.deletedAt) + RESTORE_WINDOW_MS <= this.deps.clock.now().getTime();
  }

  private insert(fields: Pick<SpaceRecord, 'organizationId' | 'parentId' | 'title' | 'emoji' | 'language' | 'editMode'>): SpaceRecord {
    const { store } = this.deps;
    const now = nowIso(this.deps);
    const space: SpaceRecord = {
      ...fields,
      id: newId(),
      icon: null,
      visibility: fields.parentId ? 'in-collection' : 'private',
      defaultLevel: 'inherit',
      mergeRules: { type: 'inherit' },
      revisionId: newId(),
      position: store.content.lastPosition(fields.organizationId, fields.parentId) + 1,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    };
    store.tx(() => {
      store.revisions.insert({ id: space.revisionId, spaceId: space.id, parents: [], type: 'edits', git: null, createdAt: now });
      store.content.insertSpace(space);
    });
    return space;
  }

  private positionAfter(space: SpaceRecord): number {
    const siblings = [
      ...this.deps.store.content.spacesIn(space.organizationId).filter((s) => s.parentId === space.parentId && !s.deletedAt),
      ...this.deps.store.content.collectionsIn(space.organizationId).filter((c) => c.parentId === space.parentId),
    ]
      .map((s) => s.position)
      .filter((p) => p > space.position);
    const next = siblings.length ? Math.min(...siblings) : undefined;
    return next === undefined ? space.position + 1 : (space.position + next) / 2;
  }

  private changeRequestCounts(spaceId: string): Pick<SpaceCounts, 'changeRequests' | 'changeRequestsOpen' | 'changeRequestsDraft'> {
    const { total, open, draft } = this.deps.store.changeRequests.counts(spaceId);
    return { changeRequests: total, changeRequestsOpen: open, changeRequestsDraft: draft };
  }

  view(space: SpaceRecord, role: RoleName | null): SpaceView {
    const gitSync = gitInfoOf(this.deps, space.id);
    return {
      space,
      role,
      counts: { comments: this.deps.store.comments.countOpen(space.id, null), ...this.changeRequestCounts(space.id) },
      ...(gitSync ? { gitSync } : {}),
    };
  }
}

function visibilityIn(space: SpaceRecord, parentId: string | null): SpaceRecord['visibility'] {
  if (parentId === null && space.visibility === 'in-collection') return 'private';
  return space.visibility;
}
