import { noContent, ok, type Handlers } from '../handler.js';

export const siteInsightHandlers: Handlers = {
  // Sent by a site's visitors, with no token (see PUBLIC_OPERATIONS).
  trackEventsInSiteById: async (ctx) => {
    await ctx.domain.sites.insights.track(ctx.params.organizationId, ctx.params.siteId, ctx.body.events);
    return noContent();
  },

  aggregateSiteEvents: async (ctx) => ok(await ctx.domain.sites.insights.aggregate(ctx.caller, ctx.params.organizationId, ctx.params.siteId, ctx.body)),
};
