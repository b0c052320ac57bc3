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
  get(spaceId: string, changeRequestId: string | null, id: string): Promise<CommentRecord | undefined>;
  /** One page of the comments matching `filter`, plus the total count of matches. */
  list(filter: CommentFilter, page: KeysetPage): Promise<{ items: CommentRecord[]; count: number; more: boolean }>;
  insert(c: CommentRecord): Promise<void>;
  update(c: CommentRecord): Promise<void>;
  /** Removes the comment with its replies and every reaction to them. */
  delete(id: string): Promise<boolean>;
  countOpen(spaceId: string, changeRequestId: string | null): Promise<number>;
  /** Everyone who posted a comment or a reply in the thread, first poster first. */
  commenters(spaceId: string, changeRequestId: string | null): Promise<{ userId: string; firstAt: string }[]>;
  reply(commentId: string, id: string): Promise<CommentReplyRecord | undefined>;
  replies(commentId: string, page: KeysetPage): Promise<{ items: CommentReplyRecord[]; count: number; more: boolean }>;
  insertReply(r: CommentReplyRecord): Promise<void>;
  updateReply(r: CommentReplyRecord): Promise<void>;
  deleteReply(id: string): Promise<boolean>;
  /** Reply counts and latest activity per comment and replier. */
  repliers(commentIds: string[]): Promise<ReplierRecord[]>;
  reactions(subjectIds: string[]): Promise<ReactionRecord[]>;
  /** Adding a reaction the user already gave keeps the first one. */
  react(commentId: string, reaction: ReactionRecord): Promise<void>;
  unreact(subjectId: string, emoji: string, userId: string): Promise<void>;
}
