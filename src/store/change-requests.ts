import type { ChangeRequestStatus } from '../model/index.js';
import type { ChangeRequestRecord, ContributorRecord, ChangeRequestReviewRecord, RequestedReviewerRecord } from '../model/change-requests.js';

export interface ChangeRequestFilter {
  /** One status (0.143.2's query) or any of several (0.202.0's). */
  status?: ChangeRequestStatus | readonly ChangeRequestStatus[];
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
  get(id: string): Promise<ChangeRequestRecord | undefined>;
  byNumber(spaceId: string, number: number): Promise<ChangeRequestRecord | undefined>;
  /** The change request whose merge made this space revision. */
  byMergedRevision(revisionId: string): Promise<ChangeRequestRecord | undefined>;
  nextNumber(spaceId: string): Promise<number>;
  insert(cr: ChangeRequestRecord): Promise<void>;
  /** Updates subject, description and status; never the revision pointers, which move by compare-and-set. */
  updateDetails(cr: Pick<ChangeRequestRecord, 'id' | 'subject' | 'description' | 'status' | 'updatedAt'>): Promise<void>;
  /**
   * Moves the change request's revision from `expected` to `next` (and its merge base, when given);
   * false when another writer moved it first or the change request is no longer open or draft.
   */
  setRevision(id: string, expected: string, next: string, updatedAt: string, baseRevisionId?: string): Promise<boolean>;
  /** Marks the change request merged into `revisionMerged`, if it still is at `expected` and open or draft. */
  markMerged(id: string, expected: string, revisionMerged: string, at: string): Promise<boolean>;
  /** Change requests of the given spaces, newest first, filtered. */
  list(spaceIds: readonly string[], filter: ChangeRequestFilter): Promise<ChangeRequestRecord[]>;
  counts(spaceId: string): Promise<ChangeRequestCounts>;
  addContribution(changeRequestId: string, userId: string, at: string): Promise<void>;
  contributors(changeRequestId: string): Promise<ContributorRecord[]>;
  insertReview(r: ChangeRequestReviewRecord): Promise<void>;
  /** Every review of the change request, oldest first. */
  reviews(changeRequestId: string): Promise<ChangeRequestReviewRecord[]>;
  /** Requests (or requests again) a review from the user. */
  putReviewer(r: RequestedReviewerRecord): Promise<void>;
  reviewers(changeRequestId: string): Promise<RequestedReviewerRecord[]>;
  removeReviewer(changeRequestId: string, userId: string): Promise<boolean>;
}
