import { created, deleted, ok, pageOf, type Handlers, type WithParams } from '../handler.js';
import { list } from '../present.js';
import { samlProvider, ssoLogin } from '../present-sso.js';

const org = (ctx: WithParams<'organizationId'>) => ctx.params.organizationId;

export const ssoHandlers: Handlers = {
  listSAMLProvidersInOrganizationById: async (ctx) =>
    ok(list(await ctx.domain.sso.list(ctx.caller, org(ctx), pageOf(ctx.query)), (v) => samlProvider(ctx.urls, v))),

  createOrganizationSAMLProvider: async (ctx) => {
    const view = await ctx.domain.sso.create(ctx.caller, org(ctx), ctx.body);
    const body = samlProvider(ctx.urls, view);
    return created(body, body.urls.location);
  },

  getOrganizationSAMLProviderById: async (ctx) => ok(samlProvider(ctx.urls, await ctx.domain.sso.get(ctx.caller, org(ctx), ctx.params.samlProviderId))),

  updateOrganizationSAMLProvider: async (ctx) =>
    ok(samlProvider(ctx.urls, await ctx.domain.sso.update(ctx.caller, org(ctx), ctx.params.samlProviderId, ctx.body))),

  deleteOrganizationSAMLProvider: async (ctx) => deleted(await ctx.domain.sso.delete(ctx.caller, org(ctx), ctx.params.samlProviderId)),

  listSSOProviderLoginsInOrganization: async (ctx) => ok({ items: (await ctx.domain.sso.logins(org(ctx))).map((p) => ssoLogin(ctx.urls, p)) }),
};
