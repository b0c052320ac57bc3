import { mcpServer } from '../present-sites.js';
import { list } from '../present.js';
import { created, deleted, ok, pageOf, type Handlers, type WithParams } from '../handler.js';

const site = (ctx: WithParams<'organizationId' | 'siteId'>) => [ctx.caller, ctx.params.organizationId, ctx.params.siteId] as const;

export const siteMcpServerHandlers: Handlers = {
  listSiteMcpServers: async (ctx) => ok(list(await ctx.domain.sites.mcpServers.list(...site(ctx), pageOf(ctx.query)), (v) => mcpServer(ctx.urls, v))),

  createSiteMcpServer: async (ctx) => {
    const view = await ctx.domain.sites.mcpServers.create(...site(ctx), ctx.body);
    const body = mcpServer(ctx.urls, view);
    return created(body, body.urls.location);
  },

  getSiteMcpServerById: async (ctx) => ok(mcpServer(ctx.urls, await ctx.domain.sites.mcpServers.get(...site(ctx), ctx.params.siteMcpServerId))),

  updateSiteMcpServerById: async (ctx) => ok(mcpServer(ctx.urls, await ctx.domain.sites.mcpServers.update(...site(ctx), ctx.params.siteMcpServerId, ctx.body))),

  deleteSiteMcpServerById: async (ctx) => deleted(await ctx.domain.sites.mcpServers.delete(...site(ctx), ctx.params.siteMcpServerId)),
};
