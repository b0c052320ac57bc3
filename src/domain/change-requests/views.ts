import type {
  ChangeRequestRecord,
  ChangeRequestReviewRecord,
  ContributorRecord,
  RequestedReviewerRecord,
  RevisionRecord,
  SpaceRecord,
  UserRecord,
} from '../../model/index.js';
import type { MergeConflict } from '../../content/merge/merge.js';
import type { RoleName } from '../core/roles.js';
import type { SemanticChange } from './semantic-changes.js';

/** A change request as the caller may read it. */
export interface ChangeRequestView {
  changeRequest: ChangeRequestRecord;
  space: SpaceRecord;
  role: RoleName | null;
  createdBy: UserRecord;
  /** Open or draft, and the space moved on since the change request's base. */
  outdated: boolean;
  /** Open comments on the change request. */
  comments: number;
}

export interface ReviewView {
  review: ChangeRequestReviewRecord;
  /** The space of the reviewed change request. */
  spaceId: string;
  reviewer: UserRecord;
  requestedBy: UserRecord | null;
  outdated: boolean;
}

export interface RequestedReviewerView {
  request: RequestedReviewerRecord;
  user: UserRecord;
  requestedBy: UserRecord;
}

export interface ContributorView {
  contributor: ContributorRecord;
  user: UserRecord;
}

export interface MergeOutcome {
  /** The space's new revision after a merge; the change request's (unchanged) revision on conflicts. */
  revisionId: string;
  result: 'merge' | 'conflicts';
  conflicts: MergeConflict[];
}

export interface UpdateOutcome {
  /** The change request's revision after the update (unchanged on conflicts). */
  revisionId: string;
  result: 'update' | 'conflicts';
  conflicts: MergeConflict[];
}

/** Semantic changes between two revisions of a space, the first `limit` of them. */
export interface ChangesView {
  space: SpaceRecord;
  /** The revisions compared: file download URLs point into them. */
  before: RevisionRecord | null;
  after: RevisionRecord;
  changes: SemanticChange[];
  /** How many changes were left out by the limit. */
  more: number;
  mergedFrom?: ChangeRequestView;
}
