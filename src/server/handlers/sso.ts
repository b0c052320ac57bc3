import { created, deleted, ok, pageOf, type Handlers, type WithParams } from '../handler.js';
import { list } from '../present.js';
import { samlProvider, ssoLogin } from '../present-sso.js';

const org = (ctx: WithParams<'organizationId'>) => ctx.params.organizationId;

export const ssoHandlers: Handlers = {
  listSAMLProvidersInOrganizationById: (ctx) => ok(list(ctx.domain.sso.list(ctx.caller, org(ctx), pageOf(ctx.query)), (v) => samlProvider(ctx.urls, v))),

  createOrganizationSAMLProvider: (ctx) => {
    const view = ctx.domain.sso.create(ctx.caller, org(ctx), ctx.body);
    const body = samlProvider(ctx.urls, view);
    return created(body, body.urls.location);
  },

  getOrganizationSAMLProviderById: (ctx) => ok(samlProvider(ctx.urls, ctx.domain.sso.get(ctx.caller, org(ctx), ctx.params.samlProviderId))),

  updateOrganizationSAMLProvider: (ctx) => ok(samlProvider(ctx.urls, ctx.domain.sso.update(ctx.caller, org(ctx), ctx.params.samlProviderId, ctx.body))),

  deleteOrganizationSAMLProvider: (ctx) => deleted(ctx.domain.sso.delete(ctx.caller, org(ctx), ctx.params.samlProviderId)),

  listSSOProviderLoginsInOrganization: (ctx) => ok({ items: ctx.domain.sso.logins(org(ctx)).map((p) => ssoLogin(ctx.urls, p)) }),
};
