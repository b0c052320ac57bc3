import type { ImportResult } from '../../domain/content-writes/content-writes.js';
import { created, type Handler, type Handlers, ok, type WithParams } from '../handler.js';
import * as present from '../present-content.js';
import * as cr from '../present-change-requests.js';

const importReply = (ctx: WithParams<'spaceId'>, { revisionId, importedResources, totalResources }: ImportResult) =>
  created({ revision: revisionId, importedResources, totalResources }, ctx.urls.api(`/spaces/${ctx.params.spaceId}/revisions/${revisionId}`));

const updateChangeRequestContent: Handler<'updateChangeRequestContent'> = async (ctx) => {
  const { caller, domain, params, query, body, urls } = ctx;
  const update = await domain.contentWrites.updateChangeRequestContent(caller, params.spaceId, params.changeRequestId, body.changes);
  const view = await domain.changeRequests.get(caller, params.spaceId, update.changeRequestId);
  const changeRequest = cr.changeRequest(urls, view);
  if (query.compat !== false) return ok(changeRequest);
  const revision = await domain.changeRequests.content(caller, params.spaceId, update.changeRequestId);
  const pageRef = (id: string) => ({
    object: 'page' as const,
    id,
    urls: { location: urls.api(`/spaces/${params.spaceId}/change-requests/${update.changeRequestId}/page/${id}`) },
  });
  return ok({
    changeRequest,
    changes: update.outcomes.map((o) => (o.object === 'deleted_page' ? o : { ...o, page: pageRef(o.page) })),
    insertedFiles: update.insertedFiles.map((f) => present.file(urls, revision, f, { metadata: true })),
  });
};

export const contentWriteHandlers: Handlers = {
  updateChangeRequestContent,

  importContent: async (ctx) => importReply(ctx, await ctx.domain.contentWrites.importInSpace(ctx.caller, ctx.params.spaceId, ctx.body)),

  importContentInChangeRequest: async (ctx) =>
    importReply(ctx, await ctx.domain.contentWrites.importInChangeRequest(ctx.caller, ctx.params.spaceId, ctx.params.changeRequestId, ctx.body)),

  importContentInChangeRequestPageById: async (ctx) =>
    importReply(
      ctx,
      await ctx.domain.contentWrites.importInChangeRequest(ctx.caller, ctx.params.spaceId, ctx.params.changeRequestId, ctx.body, ctx.params.pageId),
    ),

  importContentInPageById: async (ctx) =>
    importReply(ctx, await ctx.domain.contentWrites.importInSpacePage(ctx.caller, ctx.params.spaceId, ctx.params.pageId, ctx.body)),
};
