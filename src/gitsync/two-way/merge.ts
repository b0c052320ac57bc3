// Both sides moved: merge the space's and the repository's content page by page against the last synced revision.
import { type MergeConflict, mergeContentsWith } from '../../content/merge/merge.js';
import type { RevisionContent } from '../../model/index.js';
import type { BlobStore } from '../../store/index.js';
import { type ConflictPolicy, type Side, yieldTo } from './policy.js';

export interface SidesMerge {
  /** The merged content, or null when the policy is `fail` and something conflicts. */
  content: RevisionContent | null;
  /** Every true conflict of the first merge, before the policy resolved it. */
  conflicts: MergeConflict[];
  /** The side whose version of each conflict was kept (null: none, the policy is `fail` or nothing conflicted). */
  winner: Side | null;
}

const ROUNDS = 3;

/**
 * Merges the space's changes since `base` with the repository's: one-sided changes apply, pages both sides edited
 * get a line three-way merge, and each true conflict takes the winner's version. The loser's other changes still
 * apply; only if giving way does not settle the merge does the winner's content stand whole.
 */
export async function mergeSides(
  base: RevisionContent,
  space: RevisionContent,
  git: RevisionContent,
  blobs: Pick<BlobStore, 'get' | 'put'>,
  policy: ConflictPolicy,
): Promise<SidesMerge> {
  const first = await mergeContentsWith(base, space, git, blobs);
  if (first.conflicts.length === 0) return { content: first.content, conflicts: [], winner: null };
  if (policy === 'fail') return { content: null, conflicts: first.conflicts, winner: null };
  const winner = policy === 'git' ? git : space;
  let loser = policy === 'git' ? space : git;
  let conflicts = first.conflicts;
  for (let round = 0; round < ROUNDS; round++) {
    loser = yieldTo(loser, winner, conflicts);
    const next = policy === 'git' ? await mergeContentsWith(base, loser, git, blobs) : await mergeContentsWith(base, space, loser, blobs);
    if (next.conflicts.length === 0) return { content: next.content, conflicts: first.conflicts, winner: policy };
    conflicts = next.conflicts;
  }
  return { content: winner, conflicts: first.conflicts, winner: policy };
}
