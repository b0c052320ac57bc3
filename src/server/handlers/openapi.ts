import { created, deleted, ok, pageOf, type Handlers, type WithParams } from '../handler.js';
import { list } from '../present.js';
import * as present from '../present-openapi.js';

const args = ({ caller, params }: WithParams<'organizationId' | 'specSlug'>) => [caller, params.organizationId, params.specSlug] as const;
const location = (ctx: WithParams<'organizationId'>, slug: string) => ctx.urls.api(`/orgs/${ctx.params.organizationId}/openapi/${slug}`);

/** Processing runs as a job: answers come back `pending`, and the job starts right after. */
export const openAPIHandlers: Handlers = {
  listOpenAPISpecs: async (ctx) =>
    ok(list(await ctx.domain.openapi.list(ctx.caller, ctx.params.organizationId, pageOf(ctx.query)), (v) => present.openAPISpec(ctx.urls, v))),

  createOpenAPISpec: async (ctx) => {
    const { slug, source } = ctx.body;
    const view = await ctx.domain.openapi.create(ctx.caller, ctx.params.organizationId, slug, source);
    void ctx.domain.jobs.runDue();
    return created(present.openAPISpec(ctx.urls, view), location(ctx, slug));
  },

  getOpenAPISpecBySlug: async (ctx) => ok(present.openAPISpec(ctx.urls, await ctx.domain.openapi.get(...args(ctx)))),

  createOrUpdateOpenAPISpecBySlug: async (ctx) => {
    const view = await ctx.domain.openapi.put(...args(ctx), ctx.body.source);
    void ctx.domain.jobs.runDue();
    const spec = present.openAPISpec(ctx.urls, view);
    return view.created ? created(spec, location(ctx, view.spec.slug)) : ok(spec);
  },

  updateOpenAPISpecBySlug: async (ctx) => ok(present.openAPISpec(ctx.urls, await ctx.domain.openapi.setVisibility(...args(ctx), ctx.body.visibility))),
  deleteOpenAPISpecBySlug: async (ctx) => deleted(await ctx.domain.openapi.delete(...args(ctx))),

  listOpenAPISpecVersions: async (ctx) =>
    ok(list(await ctx.domain.openapi.versions(...args(ctx), pageOf(ctx.query)), (v) => present.openAPISpecVersion(ctx.urls, v))),
  getLatestOpenAPISpecVersion: async (ctx) => ok(present.openAPISpecVersion(ctx.urls, await ctx.domain.openapi.version(...args(ctx), 'latest'))),
  getOpenAPISpecVersionById: async (ctx) => ok(present.openAPISpecVersion(ctx.urls, await ctx.domain.openapi.version(...args(ctx), ctx.params.versionId))),
  getLatestOpenAPISpecVersionContent: async (ctx) => ok(present.openAPISpecContent(ctx.urls, await ctx.domain.openapi.content(...args(ctx), 'latest'))),
  getLatestOpenAPISpecVersionContentRaw: async (ctx) => ok(await ctx.domain.openapi.raw(...args(ctx), 'latest')),
  getOpenAPISpecVersionContentById: async (ctx) =>
    ok(present.openAPISpecContent(ctx.urls, await ctx.domain.openapi.content(...args(ctx), ctx.params.versionId))),
};
