import { asJson, asLevel } from './codec.js';
import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';
import type { CollectionRecord, SpaceRecord } from '../../model/index.js';
import type { ContentRepo } from '../content.js';

export class SqlContentRepo implements Queries<ContentRepo> {
  private readonly collectionRows: Table<CollectionRecord>;
  private readonly spaceRows: Table<SpaceRecord>;

  constructor() {
    this.collectionRows = new Table<CollectionRecord>('collections', { codecs: { defaultLevel: asLevel } });
    this.spaceRows = new Table<SpaceRecord>('spaces', { codecs: { defaultLevel: asLevel, mergeRules: asJson } });
  }

  // Collections

  *collection(id: string): Query<CollectionRecord | undefined> {
    return yield* this.collectionRows.one('SELECT * FROM collections WHERE id = ?', id);
  }

  *collectionsIn(organizationId: string): Query<CollectionRecord[]> {
    return yield* this.collectionRows.many('SELECT * FROM collections WHERE organization_id = ? ORDER BY position, id', organizationId);
  }

  *insertCollection(c: CollectionRecord): Query<void> {
    yield* this.collectionRows.insert(c);
  }

  *updateCollection(c: CollectionRecord): Query<void> {
    yield* this.collectionRows.update(c, ['id'], ['createdAt']);
  }

  *deleteCollection(id: string): Query<boolean> {
    yield* sql.run("DELETE FROM grants WHERE resource_kind = 'collection' AND resource_id = ?", id);
    return (yield* sql.run('DELETE FROM collections WHERE id = ?', id)) > 0;
  }

  // Spaces

  *space(id: string): Query<SpaceRecord | undefined> {
    return yield* this.spaceRows.one('SELECT * FROM spaces WHERE id = ?', id);
  }

  /** Every space of an organization, deleted ones included, in tree order. */
  *spacesIn(organizationId: string): Query<SpaceRecord[]> {
    return yield* this.spaceRows.many('SELECT * FROM spaces WHERE organization_id = ? ORDER BY position, id', organizationId);
  }

  *insertSpace(s: SpaceRecord): Query<void> {
    yield* this.spaceRows.insert(s);
  }

  /** Updates everything but the revision pointer, which only moves by compare-and-set. */
  *updateSpace(s: SpaceRecord): Query<void> {
    yield* this.spaceRows.update(s, ['id'], ['createdAt', 'revisionId']);
  }

  /** Moves the space's current revision from `expected` to `next`; false when another writer moved it first. */
  *setSpaceRevision(spaceId: string, expected: string, next: string, updatedAt: string): Query<boolean> {
    return (yield* sql.run('UPDATE spaces SET revision_id = ?, updated_at = ? WHERE id = ? AND revision_id = ?', next, updatedAt, spaceId, expected)) === 1;
  }

  /** Removes a space for good, with everything that hangs off it. */
  *purgeSpace(id: string): Query<boolean> {
    yield* sql.run("DELETE FROM grants WHERE resource_kind = 'space' AND resource_id = ?", id);
    yield* sql.run('DELETE FROM revisions WHERE space_id = ?', id);
    return (yield* sql.run('DELETE FROM spaces WHERE id = ?', id)) > 0;
  }

  *expiredSpaces(deletedBefore: string): Query<string[]> {
    return (yield* sql.all<{ id: string }>('SELECT id FROM spaces WHERE deleted_at IS NOT NULL AND deleted_at <= ?', deletedBefore)).map((r) => r.id);
  }

  /** Highest position among the items (spaces and collections) of one parent. */
  *lastPosition(organizationId: string, parentId: string | null): Query<number> {
    const row = yield* sql.get<{ p: number | null }>(
      `SELECT MAX(p) AS p FROM (
         SELECT MAX(position) AS p FROM spaces WHERE organization_id = ? AND parent_id IS ?
         UNION ALL
         SELECT MAX(position) AS p FROM collections WHERE organization_id = ? AND parent_id IS ?
       ) AS t`,
      organizationId,
      parentId,
      organizationId,
      parentId,
    );
    return row?.p ?? 0;
  }
}
