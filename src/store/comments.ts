import type { CommentStatus, CommentRecord, CommentReplyRecord, ReplierRecord, ReactionRecord } from '../model/comments.js';

export interface CommentFilter {
  spaceId: string;
  changeRequestId: string | null;
  status?: CommentStatus;
  pageId?: string;
  authors?: string[];
}

export interface KeysetPage {
  order: 'asc' | 'desc';
  /** The sort key (postedAt, id) of the last item of the previous page. */
  after?: [string, string];
  limit: number;
}

/** Comments, replies and reactions. Lists are paged in SQL by (posted_at, id), never in memory. */
export interface CommentRepo {
  get(spaceId: string, changeRequestId: string | null, id: string): CommentRecord | undefined;
  /** One page of the comments matching `filter`, plus the total count of matches. */
  list(filter: CommentFilter, page: KeysetPage): { items: CommentRecord[]; count: number; more: boolean };
  insert(c: CommentRecord): void;
  update(c: CommentRecord): void;
  /** Removes the comment with its replies and every reaction to them. */
  delete(id: string): boolean;
  countOpen(spaceId: string, changeRequestId: string | null): number;
  /** Everyone who posted a comment or a reply in the thread, first poster first. */
  commenters(spaceId: string, changeRequestId: string | null): { userId: string; firstAt: string }[];
  reply(commentId: string, id: string): CommentReplyRecord | undefined;
  replies(commentId: string, page: KeysetPage): { items: CommentReplyRecord[]; count: number; more: boolean };
  insertReply(r: CommentReplyRecord): void;
  updateReply(r: CommentReplyRecord): void;
  deleteReply(id: string): boolean;
  /** Reply counts and latest activity per comment and replier. */
  repliers(commentIds: string[]): ReplierRecord[];
  reactions(subjectIds: string[]): ReactionRecord[];
  /** Adding a reaction the user already gave keeps the first one. */
  react(commentId: string, reaction: ReactionRecord): void;
  unreact(subjectId: string, emoji: string, userId: string): void;
}
