import type * as api from '@gitbook/api';
import type { CommentView, ReactionView, ReplyView, Thread } from '../domain/comments/comments.js';
import { user, type Urls } from './present.js';

/** The API path of a discussion: the space's, or a change request's. */
export function threadPath(thread: Thread): string {
  const space = `/spaces/${thread.space.id}`;
  return thread.changeRequestId ? `${space}/change-requests/${thread.changeRequestId}` : space;
}

/** `repliers` is in newer versions of the spec (required from 0.202). */
export type CommentObject = api.Comment & { repliers: { user: api.User; count: number; updatedAt: string }[] };

export function comment(urls: Urls, view: CommentView): CommentObject {
  const c = view.comment;
  const target: api.Comment['target'] = {
    space: c.spaceId,
    revision: c.revisionId,
    ...(c.changeRequestId ? { changeRequest: c.changeRequestId } : {}),
    ...(view.page ? { page: view.page } : {}),
    ...(c.target.node ? { node: c.target.node } : {}),
    ...(c.target.tableCell ? { tableCell: c.target.tableCell } : {}),
  };
  const status =
    c.status === 'resolved' && c.resolvedAt && view.resolvedBy
      ? { status: 'resolved' as const, resolvedAt: c.resolvedAt, resolvedBy: user(urls, view.resolvedBy) }
      : { status: 'open' as const };
  return {
    object: 'comment',
    id: c.id,
    postedBy: user(urls, view.postedBy),
    postedAt: c.postedAt,
    ...(c.editedAt ? { editedAt: c.editedAt } : {}),
    reactions: reactions(urls, view.reactions),
    replies: view.replies,
    repliers: view.repliers.map((r) => ({ user: user(urls, r.user), count: r.count, updatedAt: r.updatedAt })),
    body: view.body,
    target,
    urls: { location: urls.api(`${threadPath(view.thread)}/comments/${c.id}`) },
    permissions: view.permissions,
    ...status,
  };
}

export function reply(urls: Urls, view: ReplyView): api.CommentReply {
  const r = view.reply;
  return {
    object: 'comment-reply',
    id: r.id,
    postedBy: user(urls, view.postedBy),
    postedAt: r.postedAt,
    ...(r.editedAt ? { editedAt: r.editedAt } : {}),
    reactions: reactions(urls, view.reactions),
    body: view.body,
    urls: { location: urls.api(`${threadPath(view.thread)}/comments/${r.commentId}/replies/${r.id}`) },
    permissions: view.permissions,
  };
}

function reactions(urls: Urls, list: ReactionView[]): api.EmojiReaction[] {
  return list.map((r) => ({
    emoji: r.emoji,
    count: r.users.length,
    users: r.users.map((u) => ({ user: user(urls, u.user), reactedAt: u.reactedAt })),
  }));
}
