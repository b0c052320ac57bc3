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

  async find(id: string): Promise<CollectionRecord> {
    const collection = await this.deps.store.content.collection(id);
    if (!collection) throw notFound(`No matching Collection found for given ID ${id}`);
    return collection;
  }

  async get(caller: Caller, id: string): Promise<CollectionView> {
    const collection = await this.find(id);
    return { collection, role: await caller.access.requireCollection(collection, 'read') };
  }

  async create(caller: Caller, organizationId: string, input: { title?: string; parent?: string }): Promise<CollectionView> {
    return await this.deps.store.tx(async () => {
      const org = await this.organizations.find(organizationId);
      const parent = input.parent === undefined ? null : await this.parentFor(caller, org.id, input.parent);
      if (!parent) await caller.access.requireOrganization(org, 'create');
      const { store } = this.deps;
      const now = nowIso(this.deps);
      const collection: CollectionRecord = {
        id: newId(),
        organizationId: org.id,
        parentId: parent?.id ?? null,
        title: input.title ?? 'Untitled collection',
        description: null,
        defaultLevel: 'inherit',
        position: (await store.content.lastPosition(org.id, parent?.id ?? null)) + 1,
        createdAt: now,
        updatedAt: now,
      };
      await store.content.insertCollection(collection);
      return { collection, role: await caller.access.collectionRole(collection) };
    });
  }

  async update(caller: Caller, id: string, patch: CollectionPatch): Promise<CollectionView> {
    // Read and written in one transaction: two patches of different fields at once both land.
    const next = await this.deps.store.tx(async () => {
      const collection = await this.find(id);
      await caller.access.requireCollection(collection, patch.defaultLevel !== undefined ? 'admin' : 'create');
      const next: CollectionRecord = {
        ...collection,
        title: patch.title ?? collection.title,
        description: patch.description ?? collection.description,
        defaultLevel: patch.defaultLevel === undefined ? collection.defaultLevel : patch.defaultLevel,
        updatedAt: nowIso(this.deps),
      };
      await this.deps.store.content.updateCollection(next);
      return next;
    });
    return { collection: next, role: await caller.access.collectionRole(next) };
  }

  /** Removes the collection and the ones nested in it; their spaces are deleted (restorable for 7 days). */
  async delete(caller: Caller, id: string): Promise<boolean> {
    // An id that names nothing is unknown (404), as for a read: there is no organization to check a role in.
    const collection = await this.find(id);
    await caller.access.requireCollection(collection, 'admin');
    const { store } = this.deps;
    await store.tx(async () => {
      // The subtree as it is now: a collection nested in it meanwhile goes too.
      const tree = await subtreeOf(store, collection);
      const inside = new Set(tree.map((c) => c.id));
      for (const space of await store.content.spacesIn(collection.organizationId)) {
        if (!space.parentId || !inside.has(space.parentId)) continue;
        const orphan = { ...space, parentId: null, visibility: space.visibility === 'in-collection' ? ('private' as const) : space.visibility };
        if (space.deletedAt) await store.content.updateSpace(orphan);
        else await this.spaces().softDelete(orphan);
      }
      for (const c of [...tree].reverse()) await store.content.deleteCollection(c.id);
    });
    return true;
  }

  async listInOrganization(caller: Caller, organizationId: string, query: PageRequest & { nested?: boolean }): Promise<Page<CollectionView>> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'member');
    const all = await this.deps.store.content.collectionsIn(org.id);
    caller.access.primeCollections(all);
    const views = (
      await Promise.all(
        all
          .filter((c) => query.nested !== false || c.parentId === null)
          .map(async (collection) => ({ collection, role: await caller.access.collectionRole(collection) })),
      )
    ).filter((v) => atLeast(v.role, 'read'));
    return paginate(views, query, (v) => [v.collection.createdAt, v.collection.id]);
  }

  async listSpaces(caller: Caller, id: string, query: PageRequest): Promise<Page<SpaceView>> {
    const collection = await this.find(id);
    await caller.access.requireCollection(collection, 'read');
    const spaces = (await this.deps.store.content.spacesIn(collection.organizationId)).filter((s) => s.parentId === collection.id && !s.deletedAt);
    return paginate(await this.spaces().visible(caller, spaces), query, (v) => [v.space.position, v.space.id]);
  }

  async move(caller: Caller, id: string, request: MoveRequest): Promise<CollectionView> {
    const collection = await this.find(id);
    await caller.access.requireCollection(collection, 'admin');
    const { store } = this.deps;
    return await store.tx(async () => {
      // The collection as it is now: the record read above would undo a change made meanwhile.
      const current = await this.find(id);
      const { parentId, position } = await planMove(store, { kind: 'collection', record: current }, request);
      if (parentId !== current.parentId) await this.requireCreateIn(caller, current.organizationId, parentId);
      const next = { ...current, parentId, position, updatedAt: nowIso(this.deps) };
      await store.content.updateCollection(next);
      return { collection: next, role: await caller.access.collectionRole(next) };
    });
  }

  /** Moves the collection, with everything in it, to the root of another organization. */
  async transfer(caller: Caller, id: string, organizationId: string): Promise<CollectionView> {
    const collection = await this.find(id);
    await caller.access.requireCollection(collection, 'admin');
    const target = await this.organizations.find(organizationId);
    if (target.id === collection.organizationId) throw conflict('Transfer would not result in any update');
    await caller.access.requireOrganization(target, 'create');
    const { store } = this.deps;
    const now = nowIso(this.deps);
    // The collections and spaces are read in the transaction that writes them: records read before would undo changes made meanwhile.
    const moved = await store.tx(async () => {
      const current = await this.find(id);
      if (current.organizationId !== collection.organizationId) throw conflict(`The collection ${id} changed while it was being transferred; try again`);
      const tree = await subtreeOf(store, current);
      const inside = new Set(tree.map((c) => c.id));
      const spaces = (await store.content.spacesIn(current.organizationId)).filter((s) => s.parentId && inside.has(s.parentId));
      if (spaces.some((s) => s.deletedAt)) {
        throw preconditionFailed('The collection cannot be moved: it holds deleted spaces; restore or wait for them to be removed');
      }
      await requireNotInSites(store, spaces);
      const root = {
        ...current,
        organizationId: target.id,
        parentId: null,
        position: (await store.content.lastPosition(target.id, null)) + 1,
        updatedAt: now,
      };
      for (const c of tree) {
        const next = c.id === root.id ? root : { ...c, organizationId: target.id, updatedAt: now };
        await store.content.updateCollection(next);
        await dropForeignGrants(store, 'collection', c.id, target.id);
      }
      for (const s of spaces) {
        await store.content.updateSpace({ ...s, organizationId: target.id, updatedAt: now } satisfies SpaceRecord);
        await dropForeignGrants(store, 'space', s.id, target.id);
      }
      return root;
    });
    return { collection: moved, role: await caller.access.collectionRole(moved) };
  }

  /** Checks that the caller may put new content under `parentId` (a collection, or the root when null). */
  async requireCreateIn(caller: Caller, organizationId: string, parentId: string | null): Promise<void> {
    if (parentId === null) await caller.access.requireOrganization(await this.organizations.find(organizationId), 'create');
    else await caller.access.requireCollection(await this.find(parentId), 'create');
  }

  private async parentFor(caller: Caller, organizationId: string, parentId: string): Promise<CollectionRecord> {
    const parent = await this.deps.store.content.collection(parentId);
    if (!parent || parent.organizationId !== organizationId) {
      throw invalidInput(`parent: no collection ${parentId} in the organization ${organizationId}`);
    }
    await caller.access.requireCollection(parent, 'create');
    return parent;
  }
}
