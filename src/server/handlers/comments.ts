import type { BodyFormat, BodyInput, CommentInput, CommentPatch, CommentQuery, ThreadRef } from '../../domain/comments/comments.js';
import { type Context, deleted, ok, pageOf, type Handlers } from '../handler.js';
import { comment, reply } from '../present-comments.js';
import { list, member } from '../present.js';

const threadOf = ({ params }: Context): ThreadRef => ({
  spaceId: params.spaceId!,
  ...(params.changeRequestId !== undefined ? { changeRequest: params.changeRequestId } : {}),
});
const formatOf = ({ query }: Context) => query.format as BodyFormat | undefined;

/** The comment operations, the same for a space and for a change request (`…InSpace` and `…InChangeRequest`). */
const operations: Handlers = {
  listComments: (ctx) =>
    ok(list(ctx.domain.comments.list(ctx.caller, threadOf(ctx), { ...pageOf(ctx.query), ...(ctx.query as CommentQuery) }), (v) => comment(ctx.urls, v))),

  postComment: (ctx) => ok(comment(ctx.urls, ctx.domain.comments.post(ctx.caller, threadOf(ctx), ctx.body as CommentInput))),

  getComment: (ctx) => ok(comment(ctx.urls, ctx.domain.comments.get(ctx.caller, threadOf(ctx), ctx.params.commentId!, formatOf(ctx)))),

  updateComment: (ctx) =>
    ok(comment(ctx.urls, ctx.domain.comments.update(ctx.caller, threadOf(ctx), ctx.params.commentId!, (ctx.body ?? {}) as CommentPatch))),

  deleteComment: (ctx) => deleted(ctx.domain.comments.delete(ctx.caller, threadOf(ctx), ctx.params.commentId!)),

  listCommentReplies: (ctx) =>
    ok(
      list(
        ctx.domain.comments.listReplies(ctx.caller, threadOf(ctx), ctx.params.commentId!, { ...pageOf(ctx.query), format: formatOf(ctx) }),
        (v) => reply(ctx.urls, v),
      ),
    ),

  postCommentReply: (ctx) =>
    ok(reply(ctx.urls, ctx.domain.comments.postReply(ctx.caller, threadOf(ctx), ctx.params.commentId!, ctx.body as { body: BodyInput }, formatOf(ctx)))),

  getCommentReply: (ctx) =>
    ok(reply(ctx.urls, ctx.domain.comments.getReply(ctx.caller, threadOf(ctx), ctx.params.commentId!, ctx.params.commentReplyId!, formatOf(ctx)))),

  updateCommentReply: (ctx) => {
    const { resolved: _ignored, ...patch } = (ctx.body ?? {}) as CommentPatch;
    return ok(reply(ctx.urls, ctx.domain.comments.updateReply(ctx.caller, threadOf(ctx), ctx.params.commentId!, ctx.params.commentReplyId!, patch)));
  },

  deleteCommentReply: (ctx) => deleted(ctx.domain.comments.deleteReply(ctx.caller, threadOf(ctx), ctx.params.commentId!, ctx.params.commentReplyId!)),

  listCommenters: (ctx) => ok(list(ctx.domain.comments.commenters(ctx.caller, threadOf(ctx), pageOf(ctx.query)), (m) => member(ctx.urls, m))),
};

/** `listComments` -> `listCommentsInSpace` and `listCommentsInChangeRequest`, and so on. */
export const commentHandlers: Handlers = Object.fromEntries(
  Object.entries(operations).flatMap(([name, handler]) => [
    [`${name}InSpace`, handler],
    [`${name}InChangeRequest`, handler],
  ]),
);
