import type { SamlProviderInput } from '../../domain/sso/sso.js';
import { created, deleted, ok, pageOf, type Context, type Handlers } from '../handler.js';
import { list } from '../present.js';
import { samlProvider, ssoLogin } from '../present-sso.js';

const org = (ctx: Context) => ctx.params.organizationId!;

export const ssoHandlers: Handlers = {
  listSAMLProvidersInOrganizationById: (ctx) =>
    ok(list(ctx.domain.sso.list(ctx.caller, org(ctx), pageOf(ctx.query)), (v) => samlProvider(ctx.urls, v))),

  createOrganizationSAMLProvider: (ctx) => {
    const view = ctx.domain.sso.create(ctx.caller, org(ctx), ctx.body as SamlProviderInput & { label: string });
    const body = samlProvider(ctx.urls, view);
    return created(body, body.urls.location);
  },

  getOrganizationSAMLProviderById: (ctx) => ok(samlProvider(ctx.urls, ctx.domain.sso.get(ctx.caller, org(ctx), ctx.params.samlProviderId!))),

  updateOrganizationSAMLProvider: (ctx) =>
    ok(samlProvider(ctx.urls, ctx.domain.sso.update(ctx.caller, org(ctx), ctx.params.samlProviderId!, ctx.body as SamlProviderInput))),

  deleteOrganizationSAMLProvider: (ctx) => deleted(ctx.domain.sso.delete(ctx.caller, org(ctx), ctx.params.samlProviderId!)),

  listSSOProviderLoginsInOrganization: (ctx) => ok({ items: ctx.domain.sso.logins(org(ctx)).map((p) => ssoLogin(ctx.urls, p)) }),
};
