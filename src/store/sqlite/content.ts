import type { Db, Row, Sync } from './db.js';
import { decodeLevel, encodeLevel, json, optStr, str } from './codec.js';
import type { CollectionRecord, EditMode, MergeRules, SpaceRecord, Visibility } from '../../model/index.js';
import type { ContentRepo } from '../content.js';

const toCollection = (r: Row): CollectionRecord => ({
  id: str(r.id),
  organizationId: str(r.organization_id),
  parentId: optStr(r.parent_id),
  title: str(r.title),
  description: optStr(r.description),
  defaultLevel: decodeLevel(r.default_level),
  position: Number(r.position),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

const toSpace = (r: Row): SpaceRecord => ({
  id: str(r.id),
  organizationId: str(r.organization_id),
  parentId: optStr(r.parent_id),
  title: str(r.title),
  emoji: optStr(r.emoji),
  icon: optStr(r.icon),
  visibility: r.visibility as Visibility,
  editMode: r.edit_mode as EditMode,
  defaultLevel: decodeLevel(r.default_level),
  language: optStr(r.language),
  mergeRules: json<MergeRules>(r.merge_rules),
  revisionId: str(r.revision_id),
  position: Number(r.position),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
  deletedAt: optStr(r.deleted_at),
});

/** Collections and spaces: the organization's content tree, ordered by `position` within a parent. */
export class SqliteContentRepo implements Sync<ContentRepo> {
  constructor(private readonly db: Db) {}

  // Collections

  collection(id: string): CollectionRecord | undefined {
    const row = this.db.get('SELECT * FROM collections WHERE id = ?', id);
    return row && toCollection(row);
  }

  collectionsIn(organizationId: string): CollectionRecord[] {
    return this.db.all('SELECT * FROM collections WHERE organization_id = ? ORDER BY position, id', organizationId).map(toCollection);
  }

  insertCollection(c: CollectionRecord): void {
    this.db.run(
      `INSERT INTO collections (id, organization_id, parent_id, title, description, default_level, position, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      c.id,
      c.organizationId,
      c.parentId,
      c.title,
      c.description,
      encodeLevel(c.defaultLevel),
      c.position,
      c.createdAt,
      c.updatedAt,
    );
  }

  updateCollection(c: CollectionRecord): void {
    this.db.run(
      `UPDATE collections SET organization_id = ?, parent_id = ?, title = ?, description = ?, default_level = ?, position = ?, updated_at = ?
       WHERE id = ?`,
      c.organizationId,
      c.parentId,
      c.title,
      c.description,
      encodeLevel(c.defaultLevel),
      c.position,
      c.updatedAt,
      c.id,
    );
  }

  deleteCollection(id: string): boolean {
    this.db.run("DELETE FROM grants WHERE resource_kind = 'collection' AND resource_id = ?", id);
    return this.db.run('DELETE FROM collections WHERE id = ?', id) > 0;
  }

  // Spaces

  space(id: string): SpaceRecord | undefined {
    const row = this.db.get('SELECT * FROM spaces WHERE id = ?', id);
    return row && toSpace(row);
  }

  /** Every space of an organization, deleted ones included, in tree order. */
  spacesIn(organizationId: string): SpaceRecord[] {
    return this.db.all('SELECT * FROM spaces WHERE organization_id = ? ORDER BY position, id', organizationId).map(toSpace);
  }

  insertSpace(s: SpaceRecord): void {
    this.db.run(
      `INSERT INTO spaces (id, organization_id, parent_id, title, emoji, icon, visibility, edit_mode, default_level, language,
         merge_rules, revision_id, position, created_at, updated_at, deleted_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      s.id,
      s.organizationId,
      s.parentId,
      s.title,
      s.emoji,
      s.icon,
      s.visibility,
      s.editMode,
      encodeLevel(s.defaultLevel),
      s.language,
      JSON.stringify(s.mergeRules),
      s.revisionId,
      s.position,
      s.createdAt,
      s.updatedAt,
      s.deletedAt,
    );
  }

  /** Updates everything but the revision pointer, which only moves by compare-and-set. */
  updateSpace(s: SpaceRecord): void {
    this.db.run(
      `UPDATE spaces SET organization_id = ?, parent_id = ?, title = ?, emoji = ?, icon = ?, visibility = ?, edit_mode = ?,
         default_level = ?, language = ?, merge_rules = ?, position = ?, updated_at = ?, deleted_at = ?
       WHERE id = ?`,
      s.organizationId,
      s.parentId,
      s.title,
      s.emoji,
      s.icon,
      s.visibility,
      s.editMode,
      encodeLevel(s.defaultLevel),
      s.language,
      JSON.stringify(s.mergeRules),
      s.position,
      s.updatedAt,
      s.deletedAt,
      s.id,
    );
  }

  /** Moves the space's current revision from `expected` to `next`; false when another writer moved it first. */
  setSpaceRevision(spaceId: string, expected: string, next: string, updatedAt: string): boolean {
    return this.db.run('UPDATE spaces SET revision_id = ?, updated_at = ? WHERE id = ? AND revision_id = ?', next, updatedAt, spaceId, expected) === 1;
  }

  /** Removes a space for good, with everything that hangs off it. */
  purgeSpace(id: string): boolean {
    this.db.run("DELETE FROM grants WHERE resource_kind = 'space' AND resource_id = ?", id);
    this.db.run('DELETE FROM revisions WHERE space_id = ?', id);
    return this.db.run('DELETE FROM spaces WHERE id = ?', id) > 0;
  }

  expiredSpaces(deletedBefore: string): string[] {
    return this.db.all<{ id: string }>('SELECT id FROM spaces WHERE deleted_at IS NOT NULL AND deleted_at <= ?', deletedBefore).map((r) => r.id);
  }

  /** Highest position among the items (spaces and collections) of one parent. */
  lastPosition(organizationId: string, parentId: string | null): number {
    const row = this.db.get<{ p: number | null }>(
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
