import { asJson } from './codec.js';
import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';
import type { ChangeRequestRecord, ChangeRequestReviewRecord, RequestedReviewerRecord, ContributorRecord } from '../../model/change-requests.js';
import type { ChangeRequestRepo, ChangeRequestFilter, ChangeRequestCounts } from '../change-requests.js';

const jsonOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

/** Change requests, with their reviews, requested reviewers and contributors. */
export class SqlChangeRequestRepo implements Queries<ChangeRequestRepo> {
  private readonly changeRequestRows: Table<ChangeRequestRecord>;
  private readonly reviewRows: Table<ChangeRequestReviewRecord>;
  private readonly reviewerRows: Table<RequestedReviewerRecord>;
  private readonly contributorRows: Table<ContributorRecord>;
  constructor() {
    this.changeRequestRows = new Table<ChangeRequestRecord>('change_requests', { codecs: { description: asJson } });
    this.reviewRows = new Table<ChangeRequestReviewRecord>('change_request_reviews', { codecs: { comment: asJson } });
    this.reviewerRows = new Table<RequestedReviewerRecord>('change_request_reviewers');
    this.contributorRows = new Table<ContributorRecord>('change_request_contributors');
  }

  *get(id: string): Query<ChangeRequestRecord | undefined> {
    return yield* this.changeRequestRows.one('SELECT * FROM change_requests WHERE id = ?', id);
  }

  *byNumber(spaceId: string, number: number): Query<ChangeRequestRecord | undefined> {
    return yield* this.changeRequestRows.one('SELECT * FROM change_requests WHERE space_id = ? AND number = ?', spaceId, number);
  }

  /** The change request whose merge made this space revision. */
  *byMergedRevision(revisionId: string): Query<ChangeRequestRecord | undefined> {
    return yield* this.changeRequestRows.one('SELECT * FROM change_requests WHERE revision_merged = ?', revisionId);
  }

  *nextNumber(spaceId: string): Query<number> {
    const row = yield* sql.get<{ n: number | null }>('SELECT MAX(number) AS n FROM change_requests WHERE space_id = ?', spaceId);
    return (row?.n ?? 0) + 1;
  }

  *insert(cr: ChangeRequestRecord): Query<void> {
    yield* this.changeRequestRows.insert(cr);
  }

  /** Updates subject, description and status; never the revision pointers, which move by compare-and-set. */
  *updateDetails(cr: Pick<ChangeRequestRecord, 'id' | 'subject' | 'description' | 'status' | 'updatedAt'>): Query<void> {
    yield* sql.run(
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
  *setRevision(id: string, expected: string, next: string, updatedAt: string, baseRevisionId?: string): Query<boolean> {
    return (
      (yield* sql.run(
        `UPDATE change_requests SET revision_id = ?, base_revision_id = COALESCE(?, base_revision_id), updated_at = ?
         WHERE id = ? AND revision_id = ? AND status IN ('open', 'draft')`,
        next,
        baseRevisionId ?? null,
        updatedAt,
        id,
        expected,
      )) === 1
    );
  }

  /** Marks the change request merged into `revisionMerged`, if it still is at `expected` and open or draft. */
  *markMerged(id: string, expected: string, revisionMerged: string, at: string): Query<boolean> {
    return (
      (yield* sql.run(
        `UPDATE change_requests SET status = 'merged', revision_merged = ?, merged_at = ?, updated_at = ?
         WHERE id = ? AND revision_id = ? AND status IN ('open', 'draft')`,
        revisionMerged,
        at,
        at,
        id,
        expected,
      )) === 1
    );
  }

  /** Change requests of the given spaces, newest first, filtered. */
  *list(spaceIds: readonly string[], filter: ChangeRequestFilter): Query<ChangeRequestRecord[]> {
    if (spaceIds.length === 0) return [];
    const where = [`cr.space_id IN (${spaceIds.map(() => '?').join(', ')})`];
    const params: unknown[] = [...spaceIds];
    if (filter.status) {
      const statuses = [filter.status].flat();
      where.push(`cr.status IN (${statuses.map(() => '?').join(', ')})`);
      params.push(...statuses);
    }
    if (filter.creator) {
      where.push('cr.created_by = ?');
      params.push(filter.creator);
    }
    if (filter.contributor) {
      where.push('EXISTS (SELECT 1 FROM change_request_contributors c WHERE c.change_request_id = cr.id AND c.user_id = ?)');
      params.push(filter.contributor);
    }
    return yield* this.changeRequestRows.many(`SELECT cr.* FROM change_requests cr WHERE ${where.join(' AND ')} ORDER BY cr.created_at DESC, cr.id`, ...params);
  }

  *counts(spaceId: string): Query<ChangeRequestCounts> {
    const row = yield* sql.get<{ total: number; open: number | null; draft: number | null }>(
      `SELECT COUNT(*) AS total, SUM(CASE WHEN status = 'open' THEN 1 ELSE 0 END) AS open,
         SUM(CASE WHEN status = 'draft' THEN 1 ELSE 0 END) AS draft
       FROM change_requests WHERE space_id = ?`,
      spaceId,
    );
    return { total: row?.total ?? 0, open: row?.open ?? 0, draft: row?.draft ?? 0 };
  }

  // Contributors

  *addContribution(changeRequestId: string, userId: string, at: string): Query<void> {
    yield* sql.run(
      `INSERT INTO change_request_contributors (change_request_id, user_id, count, updated_at) VALUES (?, ?, 1, ?)
       ON CONFLICT (change_request_id, user_id) DO UPDATE SET count = change_request_contributors.count + 1, updated_at = excluded.updated_at`,
      changeRequestId,
      userId,
      at,
    );
  }

  *contributors(changeRequestId: string): Query<ContributorRecord[]> {
    return yield* this.contributorRows.many(
      'SELECT * FROM change_request_contributors WHERE change_request_id = ? ORDER BY updated_at DESC, user_id',
      changeRequestId,
    );
  }

  // Reviews

  *insertReview(r: ChangeRequestReviewRecord): Query<void> {
    yield* this.reviewRows.insert(r);
  }

  /** Every review of the change request, oldest first. */
  *reviews(changeRequestId: string): Query<ChangeRequestReviewRecord[]> {
    return yield* this.reviewRows.many('SELECT * FROM change_request_reviews WHERE change_request_id = ? ORDER BY created_at, rowid', changeRequestId);
  }

  // Requested reviewers

  /** Requests (or requests again) a review from the user. */
  *putReviewer(r: RequestedReviewerRecord): Query<void> {
    yield* this.reviewerRows.insert(
      r,
      `ON CONFLICT (change_request_id, user_id) DO UPDATE SET requested_by = excluded.requested_by,
         revision_id = excluded.revision_id, created_at = excluded.created_at`,
    );
  }

  *reviewers(changeRequestId: string): Query<RequestedReviewerRecord[]> {
    return yield* this.reviewerRows.many('SELECT * FROM change_request_reviewers WHERE change_request_id = ? ORDER BY created_at, user_id', changeRequestId);
  }

  *removeReviewer(changeRequestId: string, userId: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM change_request_reviewers WHERE change_request_id = ? AND user_id = ?', changeRequestId, userId)) > 0;
  }
}
