import { type Handlers, ok } from '../handler.js';
import * as present from '../present-content.js';
import { fileReply, filesReply, isEvaluated, optionsOf, pageReply, pagesReply, revisionReply } from './content.js';

/** The same reads as the current content, on a revision named by id. */
export const revisionHandlers: Handlers = {
  getRevisionById: async (ctx) => await revisionReply(ctx, await ctx.domain.content.revision(ctx.caller, ctx.params.spaceId, ctx.params.revisionId)),

  listPagesInRevisionById: async (ctx) => await pagesReply(ctx, await ctx.domain.content.revision(ctx.caller, ctx.params.spaceId, ctx.params.revisionId)),

  listFilesInRevisionById: async (ctx) => await filesReply(ctx, await ctx.domain.content.revision(ctx.caller, ctx.params.spaceId, ctx.params.revisionId)),

  getFileInRevisionById: async (ctx) =>
    await fileReply(ctx, await ctx.domain.content.revision(ctx.caller, ctx.params.spaceId, ctx.params.revisionId), ctx.params.fileId),

  getPageInRevisionById: async (ctx) =>
    await pageReply(ctx, await ctx.domain.content.revision(ctx.caller, ctx.params.spaceId, ctx.params.revisionId), ctx.params),

  listRevisionPageMetaLinks: async ({ caller, domain, params }) => {
    const view = await domain.content.revision(caller, params.spaceId, params.revisionId);
    return ok(present.metaLinks(await domain.content.metaLinks(caller, view, params.pageId)));
  },

  getPageInRevisionByPath: async (ctx) =>
    await pageReply(ctx, await ctx.domain.content.revision(ctx.caller, ctx.params.spaceId, ctx.params.revisionId), ctx.params),

  getPageDocumentInRevisionById: async ({ caller, domain, params, query }) => {
    const contents = domain.content;
    const view = await contents.revision(caller, params.spaceId, params.revisionId);
    const body = await contents.body(view, contents.document(view, params.pageId), 'document', isEvaluated(query));
    return ok((body as { document: unknown }).document);
  },

  getReusableContentInRevisionById: async ({ caller, domain, params, query }) => {
    const contents = domain.content;
    const view = await contents.revision(caller, params.spaceId, params.revisionId);
    return ok(present.reusableContent(contents.reusableContent(view, params.reusableContentId), optionsOf(query)));
  },

  getReusableContentDocumentInRevisionById: async ({ caller, domain, params, query }) => {
    const contents = domain.content;
    const view = await contents.revision(caller, params.spaceId, params.revisionId);
    return ok(await contents.reusableDocument(view, contents.reusableContent(view, params.reusableContentId), isEvaluated(query)));
  },
};
