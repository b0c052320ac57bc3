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
export function planMove(store: Store, item: Item, request: MoveRequest): { parentId: string | null; position: number } {
  const { organizationId } = item.record;
  const pointerId = (p?: PositionPointer) => (p ? (p.type === 'space' ? p.space : p.collection) : undefined);
  const before = request.position?.before && resolvePointer(store, organizationId, request.position.before);
  const after = request.position?.after && resolvePointer(store, organizationId, request.position.after);
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
    const parent = store.content.collection(parentId);
    if (!parent || parent.organizationId !== organizationId) throw invalidInput(`${INVALID}: no collection ${parentId} here`);
    if (item.kind === 'collection' && isSelfOrDescendant(store, parentId, item.record.id)) {
      throw invalidInput(`${INVALID}: a collection cannot move into itself or its own collections`);
    }
  }
  for (const pointer of [before, after]) {
    if (pointer && pointer.record.parentId !== parentId) {
      throw invalidInput(`${INVALID}: ${pointer.record.id} is not in the target ${parentId ? `collection ${parentId}` : 'organization root'}`);
    }
  }

  const siblings = siblingsOf(store, organizationId, parentId).filter((s) => s.id !== item.record.id);
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
    const current = siblingsOf(store, organizationId, parentId).findIndex((s) => s.id === item.record.id);
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
export function siblingsOf(store: Store, organizationId: string, parentId: string | null): { id: string; position: number }[] {
  const spaces = store.content.spacesIn(organizationId).filter((s) => s.parentId === parentId && !s.deletedAt);
  const collections = store.content.collectionsIn(organizationId).filter((c) => c.parentId === parentId);
  return [...spaces, ...collections].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
}

export function isSelfOrDescendant(store: Store, collectionId: string, ancestorId: string): boolean {
  for (let id: string | null = collectionId; id; id = store.content.collection(id)?.parentId ?? null) {
    if (id === ancestorId) return true;
  }
  return false;
}

/** The collection and every collection nested in it, parents first. */
export function subtreeOf(store: Store, root: CollectionRecord): CollectionRecord[] {
  const all = store.content.collectionsIn(root.organizationId);
  const result = [root];
  for (let i = 0; i < result.length; i++) {
    const parent = result[i]!;
    result.push(...all.filter((c) => c.parentId === parent.id));
  }
  return result;
}

function resolvePointer(store: Store, organizationId: string, pointer: PositionPointer): Item | undefined {
  if (pointer.type === 'space') {
    const record = store.content.space(pointer.space);
    return record && record.organizationId === organizationId && !record.deletedAt ? { kind: 'space', record } : undefined;
  }
  const record = store.content.collection(pointer.collection);
  return record && record.organizationId === organizationId ? { kind: 'collection', record } : undefined;
}
