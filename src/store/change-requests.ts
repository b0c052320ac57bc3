import type { ChangeRequestStatus } from '../model/index.js';
import type { ChangeRequestRecord, ContributorRecord, ChangeRequestReviewRecord, RequestedReviewerRecord } from '../model/change-requests.js';

export interface ChangeRequestFilter {
  status?: ChangeRequestStatus;
  creator?: string;
  contributor?: string;
}

export interface ChangeRequestCounts {
  total: number;
  open: number;
  draft: number;
}

/** Change requests, with their reviews, requested reviewers and contributors. */
export interface ChangeRequestRepo {
  get(id: string): ChangeRequestRecord | undefined;
  byNumber(spaceId: string, number: number): ChangeRequestRecord | undefined;
  /** The change request whose merge made this space revision. */
  byMergedRevision(revisionId: string): ChangeRequestRecord | undefined;
  nextNumber(spaceId: string): number;
  insert(cr: ChangeRequestRecord): void;
  /** Updates subject, description and status; never the revision pointers, which move by compare-and-set. */
  updateDetails(cr: Pick<ChangeRequestRecord, 'id' | 'subject' | 'description' | 'status' | 'updatedAt'>): void;
  /**
   * Moves the change request's revision from `expected` to `next` (and its merge base, when given);
   * false when another writer moved it first or the change request is no longer open or draft.
   */
  setRevision(id: string, expected: string, next: string, updatedAt: string, baseRevisionId?: string): boolean;
  /** Marks the change request merged into `revisionMerged`, if it still is at `expected` and open or draft. */
  markMerged(id: string, expected: string, revisionMerged: string, at: string): boolean;
  /** Change requests of the given spaces, newest first, filtered. */
  list(spaceIds: readonly string[], filter: ChangeRequestFilter): ChangeRequestRecord[];
  counts(spaceId: string): ChangeRequestCounts;
  addContribution(changeRequestId: string, userId: string, at: string): void;
  contributors(changeRequestId: string): ContributorRecord[];
  insertReview(r: ChangeRequestReviewRecord): void;
  /** Every review of the change request, oldest first. */
  reviews(changeRequestId: string): ChangeRequestReviewRecord[];
  /** Requests (or requests again) a review from the user. */
  putReviewer(r: RequestedReviewerRecord): void;
  reviewers(changeRequestId: string): RequestedReviewerRecord[];
  removeReviewer(changeRequestId: string, userId: string): boolean;
}
