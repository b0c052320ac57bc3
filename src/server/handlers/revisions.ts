import { type Handlers, ok, pageOf } from '../handler.js';
import { list } from '../present.js';
import * as present from '../present-content.js';
import { isEvaluated, optionsOf, pageReply, revisionReply } from './content.js';

/** The same reads as the current content, on a revision named by id. */
export const revisionHandlers: Handlers = {
  getRevisionById: async (ctx) => await revisionReply(ctx, await ctx.domain.content.revision(ctx.caller, ctx.params.spaceId, ctx.params.revisionId)),

  listPagesInRevisionById: async ({ caller, domain, params, query, urls }) => {
    const view = await domain.content.revision(caller, params.spaceId, params.revisionId);
    return ok({ pages: present.pageTree(urls, view, null, optionsOf(query)) });
  },

  listFilesInRevisionById: async ({ caller, domain, params, query, urls }) => {
    const contents = domain.content;
    const view = await contents.revision(caller, params.spaceId, params.revisionId);
    return ok(list(contents.files(view, pageOf(query)), (f) => present.file(urls, view, f, optionsOf(query))));
  },

  getFileInRevisionById: async ({ caller, domain, params, query, urls }) => {
    const contents = domain.content;
    const view = await contents.revision(caller, params.spaceId, params.revisionId);
    return ok(present.file(urls, view, contents.file(view, params.fileId), optionsOf(query)));
  },

  getPageInRevisionById: async (ctx) => pageReply(ctx, await ctx.domain.content.revision(ctx.caller, ctx.params.spaceId, ctx.params.revisionId), ctx.params),

  listRevisionPageMetaLinks: async ({ caller, domain, params }) => {
    const view = await domain.content.revision(caller, params.spaceId, params.revisionId);
    return ok(present.metaLinks(await domain.content.metaLinks(caller, view, params.pageId)));
  },

  getPageInRevisionByPath: async (ctx) => pageReply(ctx, await ctx.domain.content.revision(ctx.caller, ctx.params.spaceId, ctx.params.revisionId), ctx.params),

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
