import type { CommentRecord, CommentReplyRecord, ReplierRecord, ReactionRecord } from '../../model/comments.js';
import type { CommentRepo, CommentFilter, KeysetPage } from '../comments.js';
import { asJson } from './codec.js';
import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';

const thread = (changeRequestId: string | null): string => changeRequestId ?? '';

/** Comments, replies and reactions. Lists are paged in SQL by (posted_at, id), never in memory. */
export class SqlCommentRepo implements Queries<CommentRepo> {
  private readonly commentRows: Table<CommentRecord>;
  private readonly replyRows: Table<CommentReplyRecord>;
  constructor() {
    this.commentRows = new Table<CommentRecord>('comments', {
      codecs: { changeRequestId: { read: (id) => (id === '' ? null : String(id)), write: thread }, target: asJson },
      derived: { page_id: (c) => c.target.page?.id ?? null },
    });
    this.replyRows = new Table<CommentReplyRecord>('comment_replies');
  }

  *get(spaceId: string, changeRequestId: string | null, id: string): Query<CommentRecord | undefined> {
    return yield* this.commentRows.one('SELECT * FROM comments WHERE id = ? AND space_id = ? AND change_request_id = ?', id, spaceId, thread(changeRequestId));
  }

  /** One page of the comments matching `filter`, plus the total count of matches. */
  *list(filter: CommentFilter, page: KeysetPage): Query<{ items: CommentRecord[]; count: number; more: boolean }> {
    const where = ['space_id = ?', 'change_request_id = ?'];
    const params: unknown[] = [filter.spaceId, thread(filter.changeRequestId)];
    if (filter.status) {
      where.push('status = ?');
      params.push(filter.status);
    }
    if (filter.pageId !== undefined) {
      where.push('page_id = ?');
      params.push(filter.pageId);
    }
    if (filter.authors?.length) {
      where.push(filter.authors.length === 1 ? 'posted_by = ?' : `posted_by IN (${sql.placeholders(filter.authors.length)})`);
      params.push(...filter.authors);
    }
    const count = (yield* sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM comments WHERE ${where.join(' AND ')}`, ...params))?.n ?? 0;
    const dir = page.order === 'asc' ? 'ASC' : 'DESC';
    if (page.after) {
      where.push(`(posted_at, id) ${page.order === 'asc' ? '>' : '<'} (?, ?)`);
      params.push(...page.after);
    }
    const rows = yield* this.commentRows.many(
      `SELECT * FROM comments WHERE ${where.join(' AND ')} ORDER BY posted_at ${dir}, id ${dir} LIMIT ?`,
      ...params,
      page.limit + 1,
    );
    return { items: rows.slice(0, page.limit), count, more: rows.length > page.limit };
  }

  *insert(c: CommentRecord): Query<void> {
    yield* this.commentRows.insert(c);
  }

  *update(c: CommentRecord): Query<void> {
    yield* sql.run(
      'UPDATE comments SET edited_at = ?, markdown = ?, body_oid = ?, status = ?, resolved_at = ?, resolved_by = ? WHERE id = ?',
      c.editedAt,
      c.markdown,
      c.bodyOid,
      c.status,
      c.resolvedAt,
      c.resolvedBy,
      c.id,
    );
  }

  /** Removes the comment with its replies and every reaction to them. */
  *delete(id: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM comments WHERE id = ?', id)) > 0;
  }

  *countOpen(spaceId: string, changeRequestId: string | null): Query<number> {
    return (
      (yield* sql.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM comments WHERE space_id = ? AND change_request_id = ? AND status = 'open'",
        spaceId,
        thread(changeRequestId),
      ))?.n ?? 0
    );
  }

  /** Everyone who posted a comment or a reply in the thread, first poster first. */
  *commenters(spaceId: string, changeRequestId: string | null): Query<{ userId: string; firstAt: string }[]> {
    return (yield* sql.all<{ user_id: string; first_at: string }>(
      `SELECT user_id, MIN(posted_at) AS first_at FROM (
           SELECT posted_by AS user_id, posted_at FROM comments WHERE space_id = ? AND change_request_id = ?
           UNION ALL
           SELECT r.posted_by AS user_id, r.posted_at FROM comment_replies r JOIN comments c ON c.id = r.comment_id
            WHERE c.space_id = ? AND c.change_request_id = ?
         ) AS posts GROUP BY user_id ORDER BY first_at, user_id`,
      spaceId,
      thread(changeRequestId),
      spaceId,
      thread(changeRequestId),
    )).map((r) => ({ userId: r.user_id, firstAt: r.first_at }));
  }

  // Replies

  *reply(commentId: string, id: string): Query<CommentReplyRecord | undefined> {
    return yield* this.replyRows.one('SELECT * FROM comment_replies WHERE id = ? AND comment_id = ?', id, commentId);
  }

  *replies(commentId: string, page: KeysetPage): Query<{ items: CommentReplyRecord[]; count: number; more: boolean }> {
    const count = (yield* sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM comment_replies WHERE comment_id = ?', commentId))?.n ?? 0;
    const dir = page.order === 'asc' ? 'ASC' : 'DESC';
    const after = page.after ? ` AND (posted_at, id) ${page.order === 'asc' ? '>' : '<'} (?, ?)` : '';
    const rows = yield* this.replyRows.many(
      `SELECT * FROM comment_replies WHERE comment_id = ?${after} ORDER BY posted_at ${dir}, id ${dir} LIMIT ?`,
      commentId,
      ...(page.after ?? []),
      page.limit + 1,
    );
    return { items: rows.slice(0, page.limit), count, more: rows.length > page.limit };
  }

  *insertReply(r: CommentReplyRecord): Query<void> {
    yield* this.replyRows.insert(r);
  }

  *updateReply(r: CommentReplyRecord): Query<void> {
    yield* sql.run('UPDATE comment_replies SET edited_at = ?, markdown = ?, body_oid = ? WHERE id = ?', r.editedAt, r.markdown, r.bodyOid, r.id);
  }

  *deleteReply(id: string): Query<boolean> {
    yield* sql.run('DELETE FROM comment_reactions WHERE subject_id = ?', id);
    return (yield* sql.run('DELETE FROM comment_replies WHERE id = ?', id)) > 0;
  }

  /** Reply counts and latest activity per comment and replier. */
  *repliers(commentIds: string[]): Query<ReplierRecord[]> {
    if (commentIds.length === 0) return [];
    return (yield* sql.all<{ comment_id: string; posted_by: string; n: number; updated_at: string }>(
      `SELECT comment_id, posted_by, COUNT(*) AS n, MAX(COALESCE(edited_at, posted_at)) AS updated_at FROM comment_replies
          WHERE comment_id IN (${sql.placeholders(commentIds.length)}) GROUP BY comment_id, posted_by ORDER BY comment_id, MIN(posted_at)`,
      ...commentIds,
    )).map((r) => ({ commentId: r.comment_id, userId: r.posted_by, count: r.n, updatedAt: r.updated_at }));
  }

  // Reactions

  *reactions(subjectIds: string[]): Query<ReactionRecord[]> {
    if (subjectIds.length === 0) return [];
    return (yield* sql.all<{ subject_id: string; emoji: string; user_id: string; reacted_at: string }>(
      `SELECT subject_id, emoji, user_id, reacted_at FROM comment_reactions WHERE subject_id IN (${sql.placeholders(subjectIds.length)})
          ORDER BY reacted_at, user_id`,
      ...subjectIds,
    )).map((r) => ({ subjectId: r.subject_id, emoji: r.emoji, userId: r.user_id, reactedAt: r.reacted_at }));
  }

  /** Adding a reaction the user already gave keeps the first one. */
  *react(commentId: string, reaction: ReactionRecord): Query<void> {
    yield* sql.run(
      `INSERT INTO comment_reactions (subject_id, comment_id, emoji, user_id, reacted_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (subject_id, emoji, user_id) DO NOTHING`,
      reaction.subjectId,
      commentId,
      reaction.emoji,
      reaction.userId,
      reaction.reactedAt,
    );
  }

  *unreact(subjectId: string, emoji: string, userId: string): Query<void> {
    yield* sql.run('DELETE FROM comment_reactions WHERE subject_id = ? AND emoji = ? AND user_id = ?', subjectId, emoji, userId);
  }
}
