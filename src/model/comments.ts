/** What a comment points at, beyond its space and revision. `page` keeps the page as it was when posted. */
export interface CommentTarget {
  page?: { id: string; title: string; path: string; emoji?: string; icon?: string };
  node?: { id: string };
  tableCell?: { record: string; definition: string };
}

export interface CommentRecord {
  id: string;
  spaceId: string;
  /** Null for a comment on the space itself. */
  changeRequestId: string | null;
  /** The revision the target was found in when the comment was posted. */
  revisionId: string;
  target: CommentTarget;
  postedBy: string;
  postedAt: string;
  editedAt: string | null;
  markdown: string;
  /** Git blob oid of `markdown`: the key of the derived document. */
  bodyOid: string;
  status: CommentStatus;
  resolvedAt: string | null;
  resolvedBy: string | null;
}

export interface CommentReplyRecord {
  id: string;
  commentId: string;
  postedBy: string;
  postedAt: string;
  editedAt: string | null;
  markdown: string;
  bodyOid: string;
}

export interface ReactionRecord {
  /** The comment or reply reacted to. */
  subjectId: string;
  emoji: string;
  userId: string;
  reactedAt: string;
}

/** Per comment and replier: how many replies, and when the last one was posted or edited. */
export interface ReplierRecord {
  commentId: string;
  userId: string;
  count: number;
  updatedAt: string;
}

export type CommentStatus = 'open' | 'resolved';
