import type { BodyFormat, ThreadRef } from '../../domain/comments/comments.js';
import { deleted, type Handler, type Handlers, ok, type OperationId, pageOf } from '../handler.js';
import { comment, reply } from '../present-comments.js';
import { list, member } from '../present.js';

/** One handler for an operation on a space's comments and the same on a change request's (`…InSpace`, `…InChangeRequest`). */
type InBoth<N extends string> = Handler<Extract<OperationId, `${N}InSpace` | `${N}InChangeRequest`>>;

const threadOf = ({ params }: { params: { spaceId: string; changeRequestId?: string } }): ThreadRef => ({
  spaceId: params.spaceId,
  ...(params.changeRequestId !== undefined ? { changeRequest: params.changeRequestId } : {}),
});
/** `format`, checked here, as postCommentReply's spec does not declare it. */
const formatOf = ({ query }: { query: { format?: unknown } }): BodyFormat | undefined =>
  query.format === 'markdown' || query.format === 'document' ? query.format : undefined;

const listComments: InBoth<'listComments'> = async (ctx) =>
  ok(list(await ctx.domain.comments.list(ctx.caller, threadOf(ctx), { ...pageOf(ctx.query), ...ctx.query }), (v) => comment(ctx.urls, v)));

const postComment: InBoth<'postComment'> = async (ctx) => ok(comment(ctx.urls, await ctx.domain.comments.post(ctx.caller, threadOf(ctx), ctx.body)));

const getComment: InBoth<'getComment'> = async (ctx) =>
  ok(comment(ctx.urls, await ctx.domain.comments.get(ctx.caller, threadOf(ctx), ctx.params.commentId, formatOf(ctx))));

const updateComment: InBoth<'updateComment'> = async (ctx) =>
  ok(comment(ctx.urls, await ctx.domain.comments.update(ctx.caller, threadOf(ctx), ctx.params.commentId, ctx.body)));

const deleteComment: InBoth<'deleteComment'> = async (ctx) => deleted(await ctx.domain.comments.delete(ctx.caller, threadOf(ctx), ctx.params.commentId));

const listCommentReplies: InBoth<'listCommentReplies'> = async (ctx) =>
  ok(
    list(await ctx.domain.comments.listReplies(ctx.caller, threadOf(ctx), ctx.params.commentId, { ...pageOf(ctx.query), format: formatOf(ctx) }), (v) =>
      reply(ctx.urls, v),
    ),
  );

const postCommentReply: InBoth<'postCommentReply'> = async (ctx) =>
  ok(reply(ctx.urls, await ctx.domain.comments.postReply(ctx.caller, threadOf(ctx), ctx.params.commentId, ctx.body, formatOf(ctx))));

const getCommentReply: InBoth<'getCommentReply'> = async (ctx) =>
  ok(reply(ctx.urls, await ctx.domain.comments.getReply(ctx.caller, threadOf(ctx), ctx.params.commentId, ctx.params.commentReplyId, formatOf(ctx))));

const updateCommentReply: InBoth<'updateCommentReply'> = async (ctx) =>
  ok(reply(ctx.urls, await ctx.domain.comments.updateReply(ctx.caller, threadOf(ctx), ctx.params.commentId, ctx.params.commentReplyId, ctx.body)));

const deleteCommentReply: InBoth<'deleteCommentReply'> = async (ctx) =>
  deleted(await ctx.domain.comments.deleteReply(ctx.caller, threadOf(ctx), ctx.params.commentId, ctx.params.commentReplyId));

const listCommenters: InBoth<'listCommenters'> = async (ctx) =>
  ok(list(await ctx.domain.comments.commenters(ctx.caller, threadOf(ctx), pageOf(ctx.query)), (m) => member(ctx.urls, m)));

export const commentHandlers: Handlers = {
  listCommentsInSpace: listComments,
  listCommentsInChangeRequest: listComments,
  postCommentInSpace: postComment,
  postCommentInChangeRequest: postComment,
  getCommentInSpace: getComment,
  getCommentInChangeRequest: getComment,
  updateCommentInSpace: updateComment,
  updateCommentInChangeRequest: updateComment,
  deleteCommentInSpace: deleteComment,
  deleteCommentInChangeRequest: deleteComment,
  listCommentRepliesInSpace: listCommentReplies,
  listCommentRepliesInChangeRequest: listCommentReplies,
  postCommentReplyInSpace: postCommentReply,
  postCommentReplyInChangeRequest: postCommentReply,
  getCommentReplyInSpace: getCommentReply,
  getCommentReplyInChangeRequest: getCommentReply,
  updateCommentReplyInSpace: updateCommentReply,
  updateCommentReplyInChangeRequest: updateCommentReply,
  deleteCommentReplyInSpace: deleteCommentReply,
  deleteCommentReplyInChangeRequest: deleteCommentReply,
  listCommentersInSpace: listCommenters,
  listCommentersInChangeRequest: listCommenters,
};
