// What a two-way sync does, from what moved since the last sync.
export type SyncAction = 'nothing' | 'import' | 'export' | 'merge';

export interface SyncSides {
  /** The revision of the last sync, or null when the space was never synced. */
  syncedRevisionId: string | null;
  /** The space's current revision. */
  spaceRevisionId: string;
  /** Whether the repository's content differs from the last synced revision's (a new tip with the same tree does not count). */
  gitChanged: boolean;
}

/**
 * Only git moved: import. Only the space moved: export. Both: merge. A space never synced takes the repository's
 * content (import), as a first `docs sync` always did.
 */
export function decide(sides: SyncSides): SyncAction {
  if (sides.syncedRevisionId === null) return 'import';
  const spaceMoved = sides.spaceRevisionId !== sides.syncedRevisionId;
  if (sides.gitChanged) return spaceMoved ? 'merge' : 'import';
  return spaceMoved ? 'export' : 'nothing';
}
