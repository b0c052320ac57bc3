/** A revision of a space (its content: revision.ts). */
export interface RevisionRecord {
  id: string;
  spaceId: string;
  parents: string[];
  type: 'edits' | 'merge' | 'rollback' | 'update' | 'computed';
  git: Record<string, unknown> | null;
  createdAt: string;
}
