import { mcpServer } from '../present-sites.js';
import { list } from '../present.js';
import { created, deleted, ok, pageOf, type Handlers, type WithParams } from '../handler.js';

const site = (ctx: WithParams<'organizationId' | 'siteId'>) => [ctx.caller, ctx.params.organizationId, ctx.params.siteId] as const;

export const siteMcpServerHandlers: Handlers = {
  listSiteMcpServers: (ctx) => ok(list(ctx.domain.sites.mcpServers.list(...site(ctx), pageOf(ctx.query)), (v) => mcpServer(ctx.urls, v))),

  createSiteMcpServer: (ctx) => {
    const view = ctx.domain.sites.mcpServers.create(...site(ctx), ctx.body);
    const body = mcpServer(ctx.urls, view);
    return created(body, body.urls.location);
  },

  getSiteMcpServerById: (ctx) => ok(mcpServer(ctx.urls, ctx.domain.sites.mcpServers.get(...site(ctx), ctx.params.siteMcpServerId))),

  updateSiteMcpServerById: (ctx) => ok(mcpServer(ctx.urls, ctx.domain.sites.mcpServers.update(...site(ctx), ctx.params.siteMcpServerId, ctx.body))),

  deleteSiteMcpServerById: (ctx) => deleted(ctx.domain.sites.mcpServers.delete(...site(ctx), ctx.params.siteMcpServerId)),
};
