import type { CollectionRecord, SpaceRecord } from '../../model/index.js';
import type { Store } from '../../store/index.js';
import { invalidInput, conflict } from './errors.js';

/** A pointer to a sibling, as the API's `position.before` / `position.after` give it. */
export type PositionPointer = { type: 'space'; space: string } | { type: 'collection'; collection: string };
export interface Position {
  before?: PositionPointer;
  after?: PositionPointer;
}

export interface MoveRequest {
  /** undefined: keep (or take the pointer's parent); null: the organization's root. */
  parent?: string | null;
  position?: Position;
}

type Item = { kind: 'space'; record: SpaceRecord } | { kind: 'collection'; record: CollectionRecord };

const INVALID = 'Invalid position space or collection provided';

/**
 * Where a space or collection lands when moved: its new parent and a position strictly between
 * its new neighbours. Throws 400 for a pointer or parent that does not fit and 409 when nothing
 * would change.
 */
export async function planMove(store: Store, item: Item, request: MoveRequest): Promise<{ parentId: string | null; position: number }> {
  const { organizationId } = item.record;
  const pointerId = (p?: PositionPointer) => (p ? (p.type === 'space' ? p.space : p.collection) : undefined);
  const before = request.position?.before && (await resolvePointer(store, organizationId, request.position.before));
  const after = request.position?.after && (await resolvePointer(store, organizationId, request.position.after));
  if (request.position?.before && !before) throw invalidInput(`${INVALID}: position.before ${pointerId(request.position.before)}`);
  if (request.position?.after && !after) throw invalidInput(`${INVALID}: position.after ${pointerId(request.position.after)}`);
  if (before?.record.id === item.record.id || after?.record.id === item.record.id) {
    throw invalidInput(`${INVALID}: an item cannot be positioned relative to itself`);
  }

  let parentId: string | null;
  if (request.parent !== undefined) parentId = request.parent;
  else if (before || after) parentId = (before ?? after)!.record.parentId;
  else parentId = item.record.parentId;

  if (parentId !== null) {
    const parent = await store.content.collection(parentId);
    if (!parent || parent.organizationId !== organizationId) throw invalidInput(`${INVALID}: no collection ${parentId} here`);
    if (item.kind === 'collection' && (await isSelfOrDescendant(store, parentId, item.record.id))) {
      throw invalidInput(`${INVALID}: a collection cannot move into itself or its own collections`);
    }
  }
  for (const pointer of [before, after]) {
    if (pointer && pointer.record.parentId !== parentId) {
      throw invalidInput(`${INVALID}: ${pointer.record.id} is not in the target ${parentId ? `collection ${parentId}` : 'organization root'}`);
    }
  }

  const siblings = (await siblingsOf(store, organizationId, parentId)).filter((s) => s.id !== item.record.id);
  let index: number;
  if (before && after) {
    const a = siblings.findIndex((s) => s.id === after.record.id);
    const b = siblings.findIndex((s) => s.id === before.record.id);
    if (b !== a + 1) throw invalidInput(`${INVALID}: position.after and position.before are not neighbours`);
    index = b;
  } else if (before) index = siblings.findIndex((s) => s.id === before.record.id);
  else if (after) index = siblings.findIndex((s) => s.id === after.record.id) + 1;
  else index = parentId === item.record.parentId ? -1 : siblings.length;

  if (parentId === item.record.parentId) {
    const current = (await siblingsOf(store, organizationId, parentId)).findIndex((s) => s.id === item.record.id);
    if (index === -1 || index === current) throw conflict('Operation would not result in any update');
  }

  const prev = siblings[index - 1]?.position;
  const next = siblings[index]?.position;
  return { parentId, position: between(prev, next) };
}

export function between(prev: number | undefined, next: number | undefined): number {
  if (prev === undefined && next === undefined) return 1;
  if (prev === undefined) return next! - 1;
  if (next === undefined) return prev + 1;
  return (prev + next) / 2;
}

/** Spaces (not deleted) and collections directly under one parent, in order. */
export async function siblingsOf(store: Store, organizationId: string, parentId: string | null): Promise<{ id: string; position: number }[]> {
  const spaces = (await store.content.spacesIn(organizationId)).filter((s) => s.parentId === parentId && !s.deletedAt);
  const collections = (await store.content.collectionsIn(organizationId)).filter((c) => c.parentId === parentId);
  return [...spaces, ...collections].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
}

export async function isSelfOrDescendant(store: Store, collectionId: string, ancestorId: string): Promise<boolean> {
  for (let id: string | null = collectionId; id; id = (await store.content.collection(id))?.parentId ?? null) {
    if (id === ancestorId) return true;
  }
  return false;
}

/** The collection and every collection nested in it, parents first. */
export async function subtreeOf(store: Store, root: CollectionRecord): Promise<CollectionRecord[]> {
  const all = await store.content.collectionsIn(root.organizationId);
  const result = [root];
  for (let i = 0; i < result.length; i++) {
    const parent = result[i]!;
    result.push(...all.filter((c) => c.parentId === parent.id));
  }
  return result;
}

async function resolvePointer(store: Store, organizationId: string, pointer: PositionPointer): Promise<Item | undefined> {
  if (pointer.type === 'space') {
    const record = await store.content.space(pointer.space);
    return record && record.organizationId === organizationId && !record.deletedAt ? { kind: 'space', record } : undefined;
  }
  const record = await store.content.collection(pointer.collection);
  return record && record.organizationId === organizationId ? { kind: 'collection', record } : undefined;
}
