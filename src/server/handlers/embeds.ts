import { ok, type Handlers } from '../handler.js';

export const embedHandlers: Handlers = {
  getEmbedByUrl: async (ctx) => ok(await ctx.domain.embeds.resolve(ctx.query.url)),
  getEmbedByUrlInSpace: async (ctx) => ok(await ctx.domain.embeds.inSpace(ctx.caller, ctx.params.spaceId, ctx.query.url)),
};
