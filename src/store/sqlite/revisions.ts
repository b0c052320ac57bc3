import { LRUCache } from 'lru-cache';
import type { Db, Row, Sync } from './db.js';
import { json, optStr, str } from './codec.js';
import type { RevisionRecord } from '../../model/index.js';
import type { RevisionContent, SyncStateRecord } from '../../model/revision.js';
import type { RevisionRepo } from '../revisions.js';

const toRevision = (r: Row): RevisionRecord => ({
  id: str(r.id),
  spaceId: str(r.space_id),
  parents: json<string[]>(r.parents),
  type: r.type as RevisionRecord['type'],
  git: r.git === null ? null : json<Record<string, unknown>>(r.git),
  createdAt: str(r.created_at),
});

const toSyncState = (r: Row): SyncStateRecord => ({
  spaceId: str(r.space_id),
  source: str(r.source),
  directory: str(r.directory),
  ref: optStr(r.ref),
  commit: optStr(r.commit_oid),
  treeHash: str(r.tree_hash),
  revisionId: str(r.revision_id),
  updatedAt: str(r.updated_at),
  key: optStr(r.space_key),
});

const EMPTY: RevisionContent = Object.freeze({ pages: [], files: [], reusableContents: [], variables: {} }) as RevisionContent;

export class SqliteRevisionRepo implements Sync<RevisionRepo> {
  /** Revisions never change, so their parsed content is kept for the most recently read ones. */
  private readonly contents = new LRUCache<string, RevisionContent>({ max: 64 });

  constructor(private readonly db: Db) {}

  get(id: string): RevisionRecord | undefined {
    const row = this.db.get('SELECT * FROM revisions WHERE id = ?', id);
    return row && toRevision(row);
  }

  insert(r: RevisionRecord, content?: RevisionContent): void {
    this.db.run(
      'INSERT INTO revisions (id, space_id, parents, type, git, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      r.id,
      r.spaceId,
      JSON.stringify(r.parents),
      r.type,
      r.git === null ? null : JSON.stringify(r.git),
      r.createdAt,
    );
    if (content) this.db.run('INSERT INTO revision_contents (revision_id, content) VALUES (?, ?)', r.id, JSON.stringify(content));
  }

  /** The revision's pages, files, reusable contents and variables; a revision created without content is empty. */
  content(id: string): RevisionContent {
    const cached = this.contents.get(id);
    if (cached) return cached;
    const row = this.db.prepare('SELECT content FROM revision_contents WHERE revision_id = ?').get(id) as Row | undefined;
    const content = row ? json<RevisionContent>(row.content) : EMPTY;
    this.contents.set(id, content);
    return content;
  }

  syncState(spaceId: string): SyncStateRecord | undefined {
    const row = this.db.get('SELECT * FROM sync_states WHERE space_id = ?', spaceId);
    return row && toSyncState(row);
  }

  putSyncState(s: SyncStateRecord): void {
    this.db.run(
      `INSERT INTO sync_states (space_id, source, directory, ref, commit_oid, tree_hash, revision_id, updated_at, space_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (space_id) DO UPDATE SET source = excluded.source, directory = excluded.directory, ref = excluded.ref,
         commit_oid = excluded.commit_oid, tree_hash = excluded.tree_hash, revision_id = excluded.revision_id,
         updated_at = excluded.updated_at, space_key = excluded.space_key`,
      s.spaceId,
      s.source,
      s.directory,
      s.ref,
      s.commit,
      s.treeHash,
      s.revisionId,
      s.updatedAt,
      s.key ?? null,
    );
  }

  removeSyncState(spaceId: string): void {
    this.db.run('DELETE FROM sync_states WHERE space_id = ?', spaceId);
  }

  /** The space synced from the docs.yaml `key` of the repository `source`, if any. */
  syncStateByKey(source: string, key: string): SyncStateRecord | undefined {
    const row = this.db.get('SELECT * FROM sync_states WHERE source = ? AND space_key = ? ORDER BY updated_at DESC LIMIT 1', source, key);
    return row && toSyncState(row);
  }
}
