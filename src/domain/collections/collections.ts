import { type CollectionRecord, type DefaultLevel, newId, type SpaceRecord } from '../../model/index.js';
import type { Caller, Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, conflict, notFound, preconditionFailed } from '../core/errors.js';
import type { Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import { atLeast, type RoleName } from '../core/roles.js';
import type { Spaces, SpaceView } from '../spaces/spaces.js';
import { type MoveRequest, planMove, subtreeOf } from '../core/tree.js';
import { dropForeignGrants, requireNotInSites } from '../spaces/transfer.js';

export interface CollectionView {
  collection: CollectionRecord;
  role: RoleName | null;
}

export interface CollectionPatch {
  title?: string;
  description?: string;
  defaultLevel?: DefaultLevel;
}

export class Collections {
  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
    private readonly spaces: () => Spaces,
  ) {}

  find(id: string): CollectionRecord {
    const collection = this.deps.store.content.collection(id);
    if (!collection) throw notFound(`No matching Collection found for given ID ${id}`);
    return collection;
  }

  get(caller: Caller, id: string): CollectionView {
    const collection = this.find(id);
    return { collection, role: caller.access.requireCollection(collection, 'read') };
  }

  create(caller: Caller, organizationId: string, input: { title?: string; parent?: string }): CollectionView {
    const org = this.organizations.find(organizationId);
    const parent = input.parent === undefined ? null : this.parentFor(caller, org.id, input.parent);
    if (!parent) caller.access.requireOrganization(org, 'create');
    const { store } = this.deps;
    const now = nowIso(this.deps);
    const collection: CollectionRecord = {
      id: newId(),
      organizationId: org.id,
      parentId: parent?.id ?? null,
      title: input.title ?? 'Untitled collection',
      description: null,
      defaultLevel: 'inherit',
      position: store.content.lastPosition(org.id, parent?.id ?? null) + 1,
      createdAt: now,
      updatedAt: now,
    };
    store.content.insertCollection(collection);
    return { collection, role: caller.access.collectionRole(collection) };
  }

  update(caller: Caller, id: string, patch: CollectionPatch): CollectionView {
    const collection = this.find(id);
    caller.access.requireCollection(collection, patch.defaultLevel !== undefined ? 'admin' : 'create');
    const next: CollectionRecord = {
      ...collection,
      title: patch.title ?? collection.title,
      description: patch.description ?? collection.description,
      defaultLevel: patch.defaultLevel === undefined ? collection.defaultLevel : patch.defaultLevel,
      updatedAt: nowIso(this.deps),
    };
    this.deps.store.content.updateCollection(next);
    return { collection: next, role: caller.access.collectionRole(next) };
  }

  /** Removes the collection and the ones nested in it; their spaces are deleted (restorable for 7 days). */
  delete(caller: Caller, id: string): boolean {
    // An id that names nothing is unknown (404), as for a read: there is no organization to check a role in.
    const collection = this.find(id);
    caller.access.requireCollection(collection, 'admin');
    const { store } = this.deps;
    const tree = subtreeOf(store, collection);
    const inside = new Set(tree.map((c) => c.id));
    store.tx(() => {
      for (const space of store.content.spacesIn(collection.organizationId)) {
        if (!space.parentId || !inside.has(space.parentId)) continue;
        const orphan = { ...space, parentId: null, visibility: space.visibility === 'in-collection' ? ('private' as const) : space.visibility };
        if (space.deletedAt) store.content.updateSpace(orphan);
        else this.spaces().softDelete(orphan);
      }
      for (const c of [...tree].reverse()) store.content.deleteCollection(c.id);
    });
    return true;
  }

  listInOrganization(caller: Caller, organizationId: string, query: PageRequest & { nested?: boolean }): Page<CollectionView> {
    const org = this.organizations.find(organizationId);
    caller.access.requireOrganization(org, 'member');
    const all = this.deps.store.content.collectionsIn(org.id);
    caller.access.primeCollections(all);
    const views = all
      .filter((c) => query.nested !== false || c.parentId === null)
      .map((collection) => ({ collection, role: caller.access.collectionRole(collection) }))
      .filter((v) => atLeast(v.role, 'read'));
    return paginate(views, query, (v) => [v.collection.createdAt, v.collection.id]);
  }

  listSpaces(caller: Caller, id: string, query: PageRequest): Page<SpaceView> {
    const collection = this.find(id);
    caller.access.requireCollection(collection, 'read');
    const spaces = this.deps.store.content.spacesIn(collection.organizationId).filter((s) => s.parentId === collection.id && !s.deletedAt);
    return paginate(this.spaces().visible(caller, spaces), query, (v) => [v.space.position, v.space.id]);
  }

  move(caller: Caller, id: string, request: MoveRequest): CollectionView {
    const collection = this.find(id);
    caller.access.requireCollection(collection, 'admin');
    const { store } = this.deps;
    return store.tx(() => {
      const { parentId, position } = planMove(store, { kind: 'collection', record: collection }, request);
      if (parentId !== collection.parentId) this.requireCreateIn(caller, collection.organizationId, parentId);
      const next = { ...collection, parentId, position, updatedAt: nowIso(this.deps) };
      store.content.updateCollection(next);
      return { collection: next, role: caller.access.collectionRole(next) };
    });
  }

  /** Moves the collection, with everything in it, to the root of another organization. */
  transfer(caller: Caller, id: string, organizationId: string): CollectionView {
    const collection = this.find(id);
    caller.access.requireCollection(collection, 'admin');
    const target = this.organizations.find(organizationId);
    if (target.id === collection.organizationId) throw conflict('Transfer would not result in any update');
    caller.access.requireOrganization(target, 'create');
    const { store } = this.deps;
    const tree = subtreeOf(store, collection);
    const inside = new Set(tree.map((c) => c.id));
    const spaces = store.content.spacesIn(collection.organizationId).filter((s) => s.parentId && inside.has(s.parentId));
    if (spaces.some((s) => s.deletedAt)) {
      throw preconditionFailed('The collection cannot be moved: it holds deleted spaces; restore or wait for them to be removed');
    }
    requireNotInSites(store, spaces);
    const now = nowIso(this.deps);
    const moved = store.tx(() => {
      const root = { ...collection, organizationId: target.id, parentId: null, position: store.content.lastPosition(target.id, null) + 1, updatedAt: now };
      for (const c of tree) {
        const next = c.id === root.id ? root : { ...c, organizationId: target.id, updatedAt: now };
        store.content.updateCollection(next);
        dropForeignGrants(store, 'collection', c.id, target.id);
      }
      for (const s of spaces) {
        store.content.updateSpace({ ...s, organizationId: target.id, updatedAt: now } satisfies SpaceRecord);
        dropForeignGrants(store, 'space', s.id, target.id);
      }
      return root;
    });
    return { collection: moved, role: caller.access.collectionRole(moved) };
  }

  /** Checks that the caller may put new content under `parentId` (a collection, or the root when null). */
  requireCreateIn(caller: Caller, organizationId: string, parentId: string | null): void {
    if (parentId === null) caller.access.requireOrganization(this.organizations.find(organizationId), 'create');
    else caller.access.requireCollection(this.find(parentId), 'create');
  }

  private parentFor(caller: Caller, organizationId: string, parentId: string): CollectionRecord {
    const parent = this.deps.store.content.collection(parentId);
    if (!parent || parent.organizationId !== organizationId) {
      throw invalidInput(`parent: no collection ${parentId} in the organization ${organizationId}`);
    }
    caller.access.requireCollection(parent, 'create');
    return parent;
  }
}
