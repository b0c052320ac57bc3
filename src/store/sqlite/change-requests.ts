import type { Db, Row, Sync } from './db.js';
import { json, optStr, str } from './codec.js';
import type { ChangeRequestStatus } from '../../model/index.js';
import type { ChangeRequestRecord, ChangeRequestReviewRecord, ReviewStatus, RequestedReviewerRecord, ContributorRecord } from '../../model/change-requests.js';
import type { ChangeRequestRepo, ChangeRequestFilter, ChangeRequestCounts } from '../change-requests.js';
const toChangeRequest = (r: Row): ChangeRequestRecord => ({
  id: str(r.id),
  spaceId: str(r.space_id),
  number: Number(r.number),
  status: r.status as ChangeRequestStatus,
  subject: str(r.subject),
  description: r.description === null ? null : json(r.description),
  createdBy: str(r.created_by),
  revisionId: str(r.revision_id),
  revisionInitial: str(r.revision_initial),
  baseRevisionId: str(r.base_revision_id),
  revisionMerged: optStr(r.revision_merged),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
  mergedAt: optStr(r.merged_at),
});

const toReview = (r: Row): ChangeRequestReviewRecord => ({
  id: str(r.id),
  changeRequestId: str(r.change_request_id),
  reviewerId: str(r.reviewer_id),
  requestedBy: optStr(r.requested_by),
  status: r.status as ReviewStatus,
  revisionId: str(r.revision_id),
  comment: r.comment === null ? null : json(r.comment),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

const toReviewer = (r: Row): RequestedReviewerRecord => ({
  changeRequestId: str(r.change_request_id),
  userId: str(r.user_id),
  requestedBy: str(r.requested_by),
  revisionId: str(r.revision_id),
  createdAt: str(r.created_at),
});

const toContributor = (r: Row): ContributorRecord => ({
  changeRequestId: str(r.change_request_id),
  userId: str(r.user_id),
  count: Number(r.count),
  updatedAt: str(r.updated_at),
});

const jsonOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

/** Change requests, with their reviews, requested reviewers and contributors. */
export class SqliteChangeRequestRepo implements Sync<ChangeRequestRepo> {
  constructor(private readonly db: Db) {}

  get(id: string): ChangeRequestRecord | undefined {
    const row = this.db.get('SELECT * FROM change_requests WHERE id = ?', id);
    return row && toChangeRequest(row);
  }

  byNumber(spaceId: string, number: number): ChangeRequestRecord | undefined {
    const row = this.db.get('SELECT * FROM change_requests WHERE space_id = ? AND number = ?', spaceId, number);
    return row && toChangeRequest(row);
  }

  /** The change request whose merge made this space revision. */
  byMergedRevision(revisionId: string): ChangeRequestRecord | undefined {
    const row = this.db.get('SELECT * FROM change_requests WHERE revision_merged = ?', revisionId);
    return row && toChangeRequest(row);
  }

  nextNumber(spaceId: string): number {
    const row = this.db.get<{ n: number | null }>('SELECT MAX(number) AS n FROM change_requests WHERE space_id = ?', spaceId);
    return (row?.n ?? 0) + 1;
  }

  insert(cr: ChangeRequestRecord): void {
    this.db.run(
      `INSERT INTO change_requests (id, space_id, number, status, subject, description, created_by, revision_id, revision_initial,
         base_revision_id, revision_merged, created_at, updated_at, merged_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      cr.id,
      cr.spaceId,
      cr.number,
      cr.status,
      cr.subject,
      jsonOrNull(cr.description),
      cr.createdBy,
      cr.revisionId,
      cr.revisionInitial,
      cr.baseRevisionId,
      cr.revisionMerged,
      cr.createdAt,
      cr.updatedAt,
      cr.mergedAt,
    );
  }

  /** Updates subject, description and status; never the revision pointers, which move by compare-and-set. */
  updateDetails(cr: Pick<ChangeRequestRecord, 'id' | 'subject' | 'description' | 'status' | 'updatedAt'>): void {
    this.db.run(
      'UPDATE change_requests SET subject = ?, description = ?, status = ?, updated_at = ? WHERE id = ?',
      cr.subject,
      jsonOrNull(cr.description),
      cr.status,
      cr.updatedAt,
      cr.id,
    );
  }

  /**
   * Moves the change request's revision from `expected` to `next` (and its merge base, when given);
   * false when another writer moved it first or the change request is no longer open or draft.
   */
  setRevision(id: string, expected: string, next: string, updatedAt: string, baseRevisionId?: string): boolean {
    return (
      this.db.run(
        `UPDATE change_requests SET revision_id = ?, base_revision_id = COALESCE(?, base_revision_id), updated_at = ?
         WHERE id = ? AND revision_id = ? AND status IN ('open', 'draft')`,
        next,
        baseRevisionId ?? null,
        updatedAt,
        id,
        expected,
      ) === 1
    );
  }

  /** Marks the change request merged into `revisionMerged`, if it still is at `expected` and open or draft. */
  markMerged(id: string, expected: string, revisionMerged: string, at: string): boolean {
    return (
      this.db.run(
        `UPDATE change_requests SET status = 'merged', revision_merged = ?, merged_at = ?, updated_at = ?
         WHERE id = ? AND revision_id = ? AND status IN ('open', 'draft')`,
        revisionMerged,
        at,
        at,
        id,
        expected,
      ) === 1
    );
  }

  /** Change requests of the given spaces, newest first, filtered. */
  list(spaceIds: readonly string[], filter: ChangeRequestFilter): ChangeRequestRecord[] {
    if (spaceIds.length === 0) return [];
    const where = [`cr.space_id IN (${spaceIds.map(() => '?').join(', ')})`];
    const params: unknown[] = [...spaceIds];
    if (filter.status) {
      where.push('cr.status = ?');
      params.push(filter.status);
    }
    if (filter.creator) {
      where.push('cr.created_by = ?');
      params.push(filter.creator);
    }
    if (filter.contributor) {
      where.push('EXISTS (SELECT 1 FROM change_request_contributors c WHERE c.change_request_id = cr.id AND c.user_id = ?)');
      params.push(filter.contributor);
    }
    return this.db.all(`SELECT cr.* FROM change_requests cr WHERE ${where.join(' AND ')} ORDER BY cr.created_at DESC, cr.id`, ...params).map(toChangeRequest);
  }

  counts(spaceId: string): ChangeRequestCounts {
    const row = this.db.get<{ total: number; open: number | null; draft: number | null }>(
      `SELECT COUNT(*) AS total, SUM(CASE WHEN status = 'open' THEN 1 ELSE 0 END) AS open,
         SUM(CASE WHEN status = 'draft' THEN 1 ELSE 0 END) AS draft
       FROM change_requests WHERE space_id = ?`,
      spaceId,
    );
    return { total: row?.total ?? 0, open: row?.open ?? 0, draft: row?.draft ?? 0 };
  }

  // Contributors

  addContribution(changeRequestId: string, userId: string, at: string): void {
    this.db.run(
      `INSERT INTO change_request_contributors (change_request_id, user_id, count, updated_at) VALUES (?, ?, 1, ?)
       ON CONFLICT (change_request_id, user_id) DO UPDATE SET count = count + 1, updated_at = excluded.updated_at`,
      changeRequestId,
      userId,
      at,
    );
  }

  contributors(changeRequestId: string): ContributorRecord[] {
    return this.db
      .all('SELECT * FROM change_request_contributors WHERE change_request_id = ? ORDER BY updated_at DESC, user_id', changeRequestId)
      .map(toContributor);
  }

  // Reviews

  insertReview(r: ChangeRequestReviewRecord): void {
    this.db.run(
      `INSERT INTO change_request_reviews (id, change_request_id, reviewer_id, requested_by, status, revision_id, comment, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      r.id,
      r.changeRequestId,
      r.reviewerId,
      r.requestedBy,
      r.status,
      r.revisionId,
      jsonOrNull(r.comment),
      r.createdAt,
      r.updatedAt,
    );
  }

  /** Every review of the change request, oldest first. */
  reviews(changeRequestId: string): ChangeRequestReviewRecord[] {
    return this.db.all('SELECT * FROM change_request_reviews WHERE change_request_id = ? ORDER BY created_at, rowid', changeRequestId).map(toReview);
  }

  // Requested reviewers

  /** Requests (or requests again) a review from the user. */
  putReviewer(r: RequestedReviewerRecord): void {
    this.db.run(
      `INSERT INTO change_request_reviewers (change_request_id, user_id, requested_by, revision_id, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (change_request_id, user_id) DO UPDATE SET requested_by = excluded.requested_by,
         revision_id = excluded.revision_id, created_at = excluded.created_at`,
      r.changeRequestId,
      r.userId,
      r.requestedBy,
      r.revisionId,
      r.createdAt,
    );
  }

  reviewers(changeRequestId: string): RequestedReviewerRecord[] {
    return this.db.all('SELECT * FROM change_request_reviewers WHERE change_request_id = ? ORDER BY created_at, user_id', changeRequestId).map(toReviewer);
  }

  removeReviewer(changeRequestId: string, userId: string): boolean {
    return this.db.run('DELETE FROM change_request_reviewers WHERE change_request_id = ? AND user_id = ?', changeRequestId, userId) > 0;
  }
}
