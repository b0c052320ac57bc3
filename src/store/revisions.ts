import type { RevisionRecord } from '../model/index.js';
import type { RevisionContent, SyncStateRecord } from '../model/revision.js';

export interface RevisionRepo {
  get(id: string): Promise<RevisionRecord | undefined>;
  insert(r: RevisionRecord, content?: RevisionContent): Promise<void>;
  /** The revision's pages, files, reusable contents and variables; a revision created without content is empty. */
  content(id: string): Promise<RevisionContent>;
  syncState(spaceId: string): Promise<SyncStateRecord | undefined>;
  putSyncState(s: SyncStateRecord): Promise<void>;
  removeSyncState(spaceId: string): Promise<void>;
  /** The space synced from the docs.yaml `key` of the repository `source`, if any. */
  syncStateByKey(source: string, key: string): Promise<SyncStateRecord | undefined>;
}
