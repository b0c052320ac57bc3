import type { CollectionRecord, SpaceRecord } from '../model/index.js';

/** Collections and spaces: the organization's content tree, ordered by `position` within a parent. */
export interface ContentRepo {
  collection(id: string): CollectionRecord | undefined;
  collectionsIn(organizationId: string): CollectionRecord[];
  insertCollection(c: CollectionRecord): void;
  updateCollection(c: CollectionRecord): void;
  deleteCollection(id: string): boolean;
  space(id: string): SpaceRecord | undefined;
  /** Every space of an organization, deleted ones included, in tree order. */
  spacesIn(organizationId: string): SpaceRecord[];
  insertSpace(s: SpaceRecord): void;
  /** Updates everything but the revision pointer, which only moves by compare-and-set. */
  updateSpace(s: SpaceRecord): void;
  /** Moves the space's current revision from `expected` to `next`; false when another writer moved it first. */
  setSpaceRevision(spaceId: string, expected: string, next: string, updatedAt: string): boolean;
  /** Removes a space for good, with everything that hangs off it. */
  purgeSpace(id: string): boolean;
  expiredSpaces(deletedBefore: string): string[];
  /** Highest position among the items (spaces and collections) of one parent. */
  lastPosition(organizationId: string, parentId: string | null): number;
}
