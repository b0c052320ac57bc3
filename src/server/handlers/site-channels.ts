import { siteChannel } from '../present-sites.js';
import { list } from '../present.js';
import { created, deleted, ok, pageOf, type Handlers, type WithParams } from '../handler.js';

const site = (ctx: WithParams<'organizationId' | 'siteId'>) => [ctx.caller, ctx.params.organizationId, ctx.params.siteId] as const;

export const siteChannelHandlers: Handlers = {
  listSiteChannels: async (ctx) => ok(list(await ctx.domain.sites.channels.list(...site(ctx), pageOf(ctx.query)), (v) => siteChannel(ctx.urls, v))),

  createSiteChannel: async (ctx) => {
    const body = siteChannel(ctx.urls, await ctx.domain.sites.channels.create(...site(ctx), ctx.body));
    return created(body, body.urls.location);
  },

  getSiteChannelById: async (ctx) => ok(siteChannel(ctx.urls, await ctx.domain.sites.channels.get(...site(ctx), ctx.params.siteChannelId))),

  updateSiteChannelById: async (ctx) => ok(siteChannel(ctx.urls, await ctx.domain.sites.channels.update(...site(ctx), ctx.params.siteChannelId, ctx.body))),

  deleteSiteChannelById: async (ctx) => deleted(await ctx.domain.sites.channels.delete(...site(ctx), ctx.params.siteChannelId)),
};
