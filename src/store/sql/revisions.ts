import { LRUCache } from 'lru-cache';
import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';
import { asJson } from './codec.js';
import type { RevisionRecord } from '../../model/index.js';
import type { RevisionContent, SyncStateRecord } from '../../model/revision.js';
import type { RevisionRepo } from '../revisions.js';

const EMPTY: RevisionContent = Object.freeze({ pages: [], files: [], reusableContents: [], variables: {} }) as RevisionContent;

export class SqlRevisionRepo implements Queries<RevisionRepo> {
  private readonly revisionRows: Table<RevisionRecord>;
  private readonly syncStateRows: Table<SyncStateRecord>;
  /** Revisions never change, so their parsed content is kept for the most recently read ones. */
  private readonly contents = new LRUCache<string, RevisionContent>({ max: 64 });

  constructor() {
    this.revisionRows = new Table<RevisionRecord>('revisions', { codecs: { parents: asJson, git: asJson } });
    this.syncStateRows = new Table<SyncStateRecord>('sync_states', { fields: { commit: 'commit_oid', key: 'space_key' } });
  }

  *get(id: string): Query<RevisionRecord | undefined> {
    return yield* this.revisionRows.one('SELECT * FROM revisions WHERE id = ?', id);
  }

  *insert(r: RevisionRecord, content?: RevisionContent): Query<void> {
    yield* this.revisionRows.insert(r);
    if (content) yield* sql.run('INSERT INTO revision_contents (revision_id, content) VALUES (?, ?)', r.id, JSON.stringify(content));
  }

  /** The revision's pages, files, reusable contents and variables; a revision created without content is empty. */
  *content(id: string): Query<RevisionContent> {
    const cached = this.contents.get(id);
    if (cached) return cached;
    const row = yield* sql.first<{ content: string }>('SELECT content FROM revision_contents WHERE revision_id = ?', id);
    const content = row ? (JSON.parse(row.content) as RevisionContent) : EMPTY;
    this.contents.set(id, content);
    return content;
  }

  *syncState(spaceId: string): Query<SyncStateRecord | undefined> {
    return yield* this.syncStateRows.one('SELECT * FROM sync_states WHERE space_id = ?', spaceId);
  }

  *putSyncState(s: SyncStateRecord): Query<void> {
    yield* this.syncStateRows.insert(
      s,
      `ON CONFLICT (space_id) DO UPDATE SET source = excluded.source, directory = excluded.directory, ref = excluded.ref,
         commit_oid = excluded.commit_oid, tree_hash = excluded.tree_hash, revision_id = excluded.revision_id,
         updated_at = excluded.updated_at, space_key = excluded.space_key`,
    );
  }

  *removeSyncState(spaceId: string): Query<void> {
    yield* sql.run('DELETE FROM sync_states WHERE space_id = ?', spaceId);
  }

  /** The space synced from the docs.yaml `key` of the repository `source`, if any. */
  *syncStateByKey(source: string, key: string): Query<SyncStateRecord | undefined> {
    return yield* this.syncStateRows.one('SELECT * FROM sync_states WHERE source = ? AND space_key = ? ORDER BY updated_at DESC LIMIT 1', source, key);
  }
}
