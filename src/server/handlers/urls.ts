import { ok, type Handlers } from '../handler.js';
import { contentByUrl, publishedContent, subdomain } from '../present-urls.js';
import { appPrefixes } from './content.js';

export const urlHandlers: Handlers = {
  getSubdomain: async (ctx) => ok(subdomain(await ctx.domain.subdomains.find(ctx.params.subdomain))),

  getContentByUrl: async (ctx) =>
    ok(contentByUrl(ctx.urls, await ctx.domain.urls.app.resolve(ctx.caller, ctx.query.url, appPrefixes(ctx.urls), ctx.urls.base))),

  getPublishedContentByUrl: async (ctx) => {
    const { url, visitorAuthToken, redirectOnError } = ctx.query;
    const found = await ctx.domain.urls.published.lookup(ctx.caller, {
      url,
      base: ctx.urls.base,
      ...(visitorAuthToken ? { visitorToken: visitorAuthToken } : {}),
      redirectOnError: redirectOnError === true,
    });
    return ok(publishedContent(found));
  },

  resolvePublishedContentByUrl: async (ctx) => {
    const { url, redirectOnError, visitor } = ctx.body;
    const found = await ctx.domain.urls.published.lookup(ctx.caller, {
      url,
      base: ctx.urls.base,
      ...(visitor?.jwtToken ? { visitorToken: visitor.jwtToken } : {}),
      ...(visitor?.unsignedClaims ? { unsignedClaims: visitor.unsignedClaims } : {}),
      redirectOnError: redirectOnError === true,
    });
    return ok(publishedContent(found));
  },
};
