import type { CollectionRecord, SpaceRecord } from '../model/index.js';

/** Collections and spaces: the organization's content tree, ordered by `position` within a parent. */
export interface ContentRepo {
  collection(id: string): Promise<CollectionRecord | undefined>;
  collectionsIn(organizationId: string): Promise<CollectionRecord[]>;
  insertCollection(c: CollectionRecord): Promise<void>;
  updateCollection(c: CollectionRecord): Promise<void>;
  deleteCollection(id: string): Promise<boolean>;
  space(id: string): Promise<SpaceRecord | undefined>;
  /** Every space of an organization, deleted ones included, in tree order. */
  spacesIn(organizationId: string): Promise<SpaceRecord[]>;
  insertSpace(s: SpaceRecord): Promise<void>;
  /** Updates everything but the revision pointer, which only moves by compare-and-set. */
  updateSpace(s: SpaceRecord): Promise<void>;
  /** Moves the space's current revision from `expected` to `next`; false when another writer moved it first. */
  setSpaceRevision(spaceId: string, expected: string, next: string, updatedAt: string): Promise<boolean>;
  /** Removes a space for good, with everything that hangs off it. */
  purgeSpace(id: string): Promise<boolean>;
  expiredSpaces(deletedBefore: string): Promise<string[]>;
  /** Highest position among the items (spaces and collections) of one parent. */
  lastPosition(organizationId: string, parentId: string | null): Promise<number>;
}
