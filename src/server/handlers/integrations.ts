import type {
  ContentInstallationPatch,
  ContentListQuery,
  DevelopmentMode,
  InstallationPatch,
  InstallationTarget,
  IntegrationQuery,
  PublishInput,
} from '../../domain/integrations/integrations.js';
import type { ContentKind } from '../../model/index.js';
import { type Context, created, deleted, type Handler, type Handlers, noContent, ok, pageOf } from '../handler.js';
import { list } from '../present.js';
import * as present from '../present-integrations.js';

type Query = Record<string, unknown>;
const name = (ctx: Context) => ctx.params.integrationName!;
const installationId = (ctx: Context) => ctx.params.installationId!;
const search = (ctx: Context) => (typeof ctx.query.search === 'string' ? ctx.query.search : undefined);
const integrationQuery = (ctx: Context): IntegrationQuery => ({ ...(ctx.query as Query), ...pageOf(ctx.query) }) as IntegrationQuery;
const contentQuery = (ctx: Context): ContentListQuery => ({ ...(ctx.query as Query), ...pageOf(ctx.query) }) as ContentListQuery;
const extended = (ctx: Context) => ctx.query.extended === true;
const presentContent = (kind: ContentKind) => (kind === 'space' ? present.spaceInstallation : present.siteInstallation);

/** The five operations on space or site installations, which differ only in the kind and the path parameter. */
function contentHandlers(kind: ContentKind, ids: { list: string; install: string; get: string; update: string; uninstall: string }): Handlers {
  const targetId = (ctx: Context) => ctx.params[kind === 'space' ? 'spaceId' : 'siteId']!;
  const show = presentContent(kind);
  const handlers: Record<string, Handler> = {
    [ids.list]: (ctx) => {
      const page = ctx.domain.integrations.content.listOfInstallation(ctx.caller, kind, name(ctx), installationId(ctx), contentQuery(ctx));
      return ok(list(page, (v) => show(ctx.urls, v)));
    },
    [ids.install]: (ctx) => {
      const body = ctx.body as { space?: string; siteId?: string };
      const target = kind === 'space' ? body.space! : body.siteId!;
      const view = ctx.domain.integrations.content.install(ctx.caller, kind, name(ctx), installationId(ctx), target, extended(ctx));
      return created(show(ctx.urls, view), ctx.urls.api(`/integrations/${name(ctx)}/installations/${installationId(ctx)}/${kind}s/${target}`));
    },
    [ids.get]: (ctx) =>
      ok(show(ctx.urls, ctx.domain.integrations.content.get(ctx.caller, kind, name(ctx), installationId(ctx), targetId(ctx), extended(ctx)))),
    [ids.update]: (ctx) => {
      const patch = ctx.body as ContentInstallationPatch;
      return ok(show(ctx.urls, ctx.domain.integrations.content.update(ctx.caller, kind, name(ctx), installationId(ctx), targetId(ctx), patch, extended(ctx))));
    },
    [ids.uninstall]: (ctx) => deleted(ctx.domain.integrations.content.uninstall(ctx.caller, kind, name(ctx), installationId(ctx), targetId(ctx))),
  };
  return handlers;
}

export const integrationHandlers: Handlers = {
  listIntegrations: (ctx) => ok(list(ctx.domain.integrations.catalog.list(ctx.caller, integrationQuery(ctx)), (v) => present.integration(ctx.urls, v))),
  getIntegrationByName: (ctx) => ok(present.integration(ctx.urls, ctx.domain.integrations.catalog.get(ctx.caller, name(ctx)))),
  publishIntegration: (ctx) => ok(present.integration(ctx.urls, ctx.domain.integrations.catalog.publish(ctx.caller, name(ctx), ctx.body as PublishInput))),
  unpublishIntegration: (ctx) => deleted(ctx.domain.integrations.catalog.unpublish(ctx.caller, name(ctx))),

  setIntegrationDevelopmentMode: (ctx) => {
    ctx.domain.integrations.catalog.setDevelopmentMode(ctx.caller, name(ctx), ctx.body as DevelopmentMode);
    return noContent();
  },
  disableIntegrationDevelopmentMode: (ctx) => {
    ctx.domain.integrations.catalog.disableDevelopmentMode(ctx.caller, name(ctx));
    return deleted(true);
  },

  listIntegrationInstallations: (ctx) =>
    ok(list(ctx.domain.integrations.installations.list(ctx.caller, name(ctx), contentQuery(ctx)), (v) => present.installation(ctx.urls, v))),
  installIntegration: (ctx) => {
    const view = ctx.domain.integrations.installations.install(ctx.caller, name(ctx), (ctx.body as { organization: string }).organization);
    return created(present.installation(ctx.urls, view), ctx.urls.api(`/integrations/${name(ctx)}/installations/${view.installation.id}`));
  },
  getIntegrationInstallationById: (ctx) =>
    ok(present.installation(ctx.urls, ctx.domain.integrations.installations.get(ctx.caller, name(ctx), installationId(ctx)))),
  updateIntegrationInstallation: (ctx) => {
    const view = ctx.domain.integrations.installations.update(ctx.caller, name(ctx), installationId(ctx), ctx.body as InstallationPatch);
    return ok(present.installation(ctx.urls, view));
  },
  uninstallIntegration: (ctx) => deleted(ctx.domain.integrations.installations.uninstall(ctx.caller, name(ctx), installationId(ctx))),
  createIntegrationInstallationToken: (ctx) => ok(ctx.domain.integrations.tokens.create(ctx.caller, name(ctx), installationId(ctx))),

  listIntegrationEvents: (ctx) => ok(list(ctx.domain.integrations.events.list(ctx.caller, name(ctx), pageOf(ctx.query)), present.event)),
  getIntegrationEvent: (ctx) => {
    const event = ctx.domain.integrations.events.get(ctx.caller, name(ctx), ctx.params.eventId!);
    return ok({ event: present.event(event), trace: present.eventTrace(event) });
  },

  listIntegrationSpaceInstallations: (ctx) => {
    const page = ctx.domain.integrations.content.listOfIntegration(ctx.caller, 'space', name(ctx), contentQuery(ctx));
    return ok(list(page, (v) => present.spaceInstallation(ctx.urls, v)));
  },
  listIntegrationSiteInstallations: (ctx) => {
    const page = ctx.domain.integrations.content.listOfIntegration(ctx.caller, 'site', name(ctx), contentQuery(ctx));
    return ok(list(page, (v) => present.siteInstallation(ctx.urls, v)));
  },
  ...contentHandlers('space', {
    list: 'listIntegrationInstallationSpaces',
    install: 'installIntegrationOnSpace',
    get: 'getIntegrationSpaceInstallation',
    update: 'updateIntegrationSpaceInstallation',
    uninstall: 'uninstallIntegrationFromSpace',
  }),
  ...contentHandlers('site', {
    list: 'listIntegrationInstallationSites',
    install: 'installIntegrationOnSite',
    get: 'getIntegrationSiteInstallation',
    update: 'updateIntegrationSiteInstallation',
    uninstall: 'uninstallIntegrationFromSite',
  }),

  listOrganizationIntegrations: (ctx) => {
    const page = ctx.domain.integrations.catalog.listForOrganization(ctx.caller, ctx.params.organizationId!, integrationQuery(ctx));
    return ok(list(page, (v) => present.integration(ctx.urls, v)));
  },
  getOrganizationIntegrationStatus: (ctx) =>
    ok({ status: ctx.domain.integrations.installations.statusIn(ctx.caller, ctx.params.organizationId!, name(ctx)) }),
  listOrganizationInstallations: (ctx) => {
    const query = { ...pageOf(ctx.query), ...(search(ctx) !== undefined ? { search: search(ctx)! } : {}) };
    const page = ctx.domain.integrations.installations.listInOrganization(ctx.caller, ctx.params.organizationId!, query);
    return ok(list(page, (v) => ({ integration: present.integration(ctx.urls, v.integration), installation: present.installation(ctx.urls, v.installation) })));
  },
  listOrganizationIntegrationsStatus: (ctx) => {
    const target = (ctx.query.target ?? 'organization') as InstallationTarget;
    const page = ctx.domain.integrations.installations.statuses(ctx.caller, ctx.params.organizationId!, target, pageOf(ctx.query));
    return ok(list(page, (v) => ({ status: v.status, integration: present.integration(ctx.urls, v.integration) })));
  },

  listSiteIntegrations: (ctx) => {
    const page = ctx.domain.integrations.enabled.onSite(ctx.caller, ctx.params.organizationId!, ctx.params.siteId!, search(ctx));
    return ok(list(page, (v) => present.integration(ctx.urls, v)));
  },
  listSiteIntegrationScripts: (ctx) =>
    ok(ctx.domain.integrations.enabled.scriptsOnSite(ctx.caller, ctx.params.organizationId!, ctx.params.siteId!).map((v) => present.siteScript(ctx.urls, v))),
  listSpaceIntegrations: (ctx) =>
    ok(list(ctx.domain.integrations.enabled.onSpace(ctx.caller, ctx.params.spaceId!, search(ctx)), (v) => present.integration(ctx.urls, v))),
  listSpaceIntegrationsBlocks: (ctx) => ok(ctx.domain.integrations.enabled.blocksOnSpace(ctx.caller, ctx.params.spaceId!)),
};
