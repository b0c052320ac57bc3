export interface ChangeRequestRecord {
  id: string;
  spaceId: string;
  /** Per space, from 1. */
  number: number;
  status: ChangeRequestStatus;
  subject: string;
  /** A JSON document, as posted. */
  description: unknown;
  createdBy: string;
  /** The change request's current revision: moves only by compare-and-set. */
  revisionId: string;
  /** The space's revision when the change request was created. */
  revisionInitial: string;
  /** The space revision the change request's content was last based on: the merge base. */
  baseRevisionId: string;
  /** Once merged, the space revision the merge made. */
  revisionMerged: string | null;
  createdAt: string;
  updatedAt: string;
  mergedAt: string | null;
}

export interface ChangeRequestReviewRecord {
  id: string;
  changeRequestId: string;
  reviewerId: string;
  /** Who asked for the review, when it answered a request. */
  requestedBy: string | null;
  status: ReviewStatus;
  /** The change request's revision the review was made against. */
  revisionId: string;
  /** The review comment body (`{markdown}` or `{document}`), as posted. */
  comment: unknown;
  createdAt: string;
  updatedAt: string;
}

export interface RequestedReviewerRecord {
  changeRequestId: string;
  userId: string;
  requestedBy: string;
  revisionId: string;
  createdAt: string;
}

export interface ContributorRecord {
  changeRequestId: string;
  userId: string;
  /** How many revisions the user committed to the change request. */
  count: number;
  updatedAt: string;
}

export type ChangeRequestStatus = 'draft' | 'open' | 'archived' | 'merged';

export type ReviewStatus = 'approved' | 'changes-requested';
