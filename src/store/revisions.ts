import type { RevisionRecord } from '../model/index.js';
import type { RevisionContent, SyncStateRecord } from '../model/revision.js';

export interface RevisionRepo {
  get(id: string): RevisionRecord | undefined;
  insert(r: RevisionRecord, content?: RevisionContent): void;
  /** The revision's pages, files, reusable contents and variables; a revision created without content is empty. */
  content(id: string): RevisionContent;
  syncState(spaceId: string): SyncStateRecord | undefined;
  putSyncState(s: SyncStateRecord): void;
  removeSyncState(spaceId: string): void;
  /** The space synced from the docs.yaml `key` of the repository `source`, if any. */
  syncStateByKey(source: string, key: string): SyncStateRecord | undefined;
}
