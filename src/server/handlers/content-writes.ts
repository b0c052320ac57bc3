import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { ImportResult } from '../../domain/content-writes/content-writes.js';
import { created, type Handler, type Handlers, ok, type WithParams } from '../handler.js';
import type { OpenApiDocument, Operation } from '../openapi.js';
import * as present from '../present-content.js';
import * as cr from '../present-change-requests.js';

/** The newer spec that defines updateChangeRequestContent (0.143.2 has no page-writing operation). */
const NEWER_SPEC = '@gitbook/api-0.202/spec/openapi.json';
const CONTENT_PATH = '/spaces/{spaceId}/change-requests/{changeRequestId}/content';

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

/**
 * Operations served from the newer spec: the document (validated with its own components) and the operation,
 * read as openapi.ts reads 0.143.2.
 */
export function newerOperations(): { document: OpenApiDocument; operations: Operation[] } {
  const document = JSON.parse(readFileSync(createRequire(import.meta.url).resolve(NEWER_SPEC), 'utf8')) as OpenApiDocument;
  const raw = document.paths[CONTENT_PATH]!.post!;
  const parameters = (raw.parameters ?? []).map((p) => {
    const param = ('$ref' in p ? document.components.parameters[p.$ref.split('/').pop()!]! : p) as Operation['parameters'][number];
    return { name: param.name, in: param.in, required: param.required ?? param.in === 'path', schema: param.schema ?? {} };
  });
  const requestBody = raw.requestBody as { required?: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  const operation: Operation = {
    operationId: raw.operationId,
    method: 'post',
    path: CONTENT_PATH,
    parameters,
    body: { schema: requestBody.content['application/json']!.schema, required: requestBody.required ?? false },
    responses: new Map(),
    public: false,
    deprecated: false,
  };
  return { document, operations: [operation] };
}
