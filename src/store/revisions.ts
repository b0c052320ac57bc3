import type { Db, Row } from './db.js';
import { json, str } from './codec.js';
import type { RevisionRecord } from './records.js';

const toRevision = (r: Row): RevisionRecord => ({
  id: str(r.id),
  spaceId: str(r.space_id),
  parents: json<string[]>(r.parents),
  type: r.type as RevisionRecord['type'],
  git: r.git === null ? null : json<Record<string, unknown>>(r.git),
  createdAt: str(r.created_at),
});

export class RevisionRepo {
  constructor(private readonly db: Db) {}

  get(id: string): RevisionRecord | undefined {
    const row = this.db.get('SELECT * FROM revisions WHERE id = ?', id);
    return row && toRevision(row);
  }

  insert(r: RevisionRecord): void {
    this.db.run(
      'INSERT INTO revisions (id, space_id, parents, type, git, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      r.id, r.spaceId, JSON.stringify(r.parents), r.type, r.git === null ? null : JSON.stringify(r.git), r.createdAt,
    );
  }
}
