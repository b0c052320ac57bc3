import type { ContentInstallationPatch, ContentListQuery } from '../../domain/integrations/integrations.js';
import type { ContentKind } from '../../model/index.js';
import { created, deleted, type Handlers, noContent, ok, pageOf, type WithParams } from '../handler.js';
import { list } from '../present.js';
import * as present from '../present-integrations.js';

const name = (ctx: WithParams<'integrationName'>) => ctx.params.integrationName;
const installationId = (ctx: WithParams<'installationId'>) => ctx.params.installationId;
const withPage = <Q extends { page?: string; limit?: number }>(query: Q) => ({ ...query, ...pageOf(query) });
const presentContent = (kind: ContentKind) => (kind === 'space' ? present.spaceInstallation : present.siteInstallation);

type InstallationContext = WithParams<'integrationName' | 'installationId'> & { query: { extended?: boolean } };
const extended = (ctx: InstallationContext) => ctx.query.extended === true;

/** The operations on an installation's spaces or sites, which differ only in the kind and where the target's id is. */
const content = {
  list: async (ctx: InstallationContext & { query: ContentListQuery }, kind: ContentKind) => {
    const page = await ctx.domain.integrations.content.listOfInstallation(ctx.caller, kind, name(ctx), installationId(ctx), withPage(ctx.query));
    return ok(list(page, (v) => presentContent(kind)(ctx.urls, v)));
  },
  install: async (ctx: InstallationContext, kind: ContentKind, target: string) => {
    const view = await ctx.domain.integrations.content.install(ctx.caller, kind, name(ctx), installationId(ctx), target, extended(ctx));
    return created(presentContent(kind)(ctx.urls, view), ctx.urls.api(`/integrations/${name(ctx)}/installations/${installationId(ctx)}/${kind}s/${target}`));
  },
  get: async (ctx: InstallationContext, kind: ContentKind, target: string) =>
    ok(presentContent(kind)(ctx.urls, await ctx.domain.integrations.content.get(ctx.caller, kind, name(ctx), installationId(ctx), target, extended(ctx)))),
  update: async (ctx: InstallationContext & { body: ContentInstallationPatch }, kind: ContentKind, target: string) => {
    const view = await ctx.domain.integrations.content.update(ctx.caller, kind, name(ctx), installationId(ctx), target, ctx.body, extended(ctx));
    return ok(presentContent(kind)(ctx.urls, view));
  },
  uninstall: async (ctx: InstallationContext, kind: ContentKind, target: string) =>
    deleted(await ctx.domain.integrations.content.uninstall(ctx.caller, kind, name(ctx), installationId(ctx), target)),
};

export const integrationHandlers: Handlers = {
  listIntegrations: async (ctx) =>
    ok(list(await ctx.domain.integrations.catalog.list(ctx.caller, withPage(ctx.query)), (v) => present.integration(ctx.urls, v))),
  getIntegrationByName: async (ctx) => ok(present.integration(ctx.urls, await ctx.domain.integrations.catalog.get(ctx.caller, name(ctx)))),
  publishIntegration: async (ctx) => ok(present.integration(ctx.urls, await ctx.domain.integrations.catalog.publish(ctx.caller, name(ctx), ctx.body))),
  unpublishIntegration: async (ctx) => deleted(await ctx.domain.integrations.catalog.unpublish(ctx.caller, name(ctx))),

  setIntegrationDevelopmentMode: async (ctx) => {
    await ctx.domain.integrations.catalog.setDevelopmentMode(ctx.caller, name(ctx), ctx.body);
    return noContent();
  },
  disableIntegrationDevelopmentMode: async (ctx) => {
    await ctx.domain.integrations.catalog.disableDevelopmentMode(ctx.caller, name(ctx));
    return deleted(true);
  },

  listIntegrationInstallations: async (ctx) =>
    ok(list(await ctx.domain.integrations.installations.list(ctx.caller, name(ctx), withPage(ctx.query)), (v) => present.installation(ctx.urls, v))),
  installIntegration: async (ctx) => {
    const view = await ctx.domain.integrations.installations.install(ctx.caller, name(ctx), ctx.body.organization);
    return created(present.installation(ctx.urls, view), ctx.urls.api(`/integrations/${name(ctx)}/installations/${view.installation.id}`));
  },
  getIntegrationInstallationById: async (ctx) =>
    ok(present.installation(ctx.urls, await ctx.domain.integrations.installations.get(ctx.caller, name(ctx), installationId(ctx)))),
  updateIntegrationInstallation: async (ctx) => {
    const view = await ctx.domain.integrations.installations.update(ctx.caller, name(ctx), installationId(ctx), ctx.body);
    return ok(present.installation(ctx.urls, view));
  },
  uninstallIntegration: async (ctx) => deleted(await ctx.domain.integrations.installations.uninstall(ctx.caller, name(ctx), installationId(ctx))),
  createIntegrationInstallationToken: async (ctx) => ok(await ctx.domain.integrations.tokens.create(ctx.caller, name(ctx), installationId(ctx))),

  listIntegrationEvents: async (ctx) => ok(list(await ctx.domain.integrations.events.list(ctx.caller, name(ctx), pageOf(ctx.query)), present.event)),
  getIntegrationEvent: async (ctx) => {
    const event = await ctx.domain.integrations.events.get(ctx.caller, name(ctx), ctx.params.eventId);
    return ok({ event: present.event(event), trace: present.eventTrace(event) });
  },

  listIntegrationSpaceInstallations: async (ctx) => {
    const page = await ctx.domain.integrations.content.listOfIntegration(ctx.caller, 'space', name(ctx), withPage(ctx.query));
    return ok(list(page, (v) => present.spaceInstallation(ctx.urls, v)));
  },
  listIntegrationSiteInstallations: async (ctx) => {
    const page = await ctx.domain.integrations.content.listOfIntegration(ctx.caller, 'site', name(ctx), withPage(ctx.query));
    return ok(list(page, (v) => present.siteInstallation(ctx.urls, v)));
  },
  listIntegrationInstallationSpaces: async (ctx) => await content.list(ctx, 'space'),
  installIntegrationOnSpace: async (ctx) => await content.install(ctx, 'space', ctx.body.space),
  getIntegrationSpaceInstallation: async (ctx) => await content.get(ctx, 'space', ctx.params.spaceId),
  updateIntegrationSpaceInstallation: async (ctx) => await content.update(ctx, 'space', ctx.params.spaceId),
  uninstallIntegrationFromSpace: async (ctx) => await content.uninstall(ctx, 'space', ctx.params.spaceId),
  listIntegrationInstallationSites: async (ctx) => await content.list(ctx, 'site'),
  installIntegrationOnSite: async (ctx) => await content.install(ctx, 'site', ctx.body.siteId),
  getIntegrationSiteInstallation: async (ctx) => await content.get(ctx, 'site', ctx.params.siteId),
  updateIntegrationSiteInstallation: async (ctx) => await content.update(ctx, 'site', ctx.params.siteId),
  uninstallIntegrationFromSite: async (ctx) => await content.uninstall(ctx, 'site', ctx.params.siteId),

  listOrganizationIntegrations: async (ctx) => {
    const page = await ctx.domain.integrations.catalog.listForOrganization(ctx.caller, ctx.params.organizationId, withPage(ctx.query));
    return ok(list(page, (v) => present.integration(ctx.urls, v)));
  },
  getOrganizationIntegrationStatus: async (ctx) =>
    ok({ status: await ctx.domain.integrations.installations.statusIn(ctx.caller, ctx.params.organizationId, name(ctx)) }),
  listOrganizationInstallations: async (ctx) => {
    const { search } = ctx.query;
    const query = { ...pageOf(ctx.query), ...(search !== undefined ? { search } : {}) };
    const page = await ctx.domain.integrations.installations.listInOrganization(ctx.caller, ctx.params.organizationId, query);
    return ok(list(page, (v) => ({ integration: present.integration(ctx.urls, v.integration), installation: present.installation(ctx.urls, v.installation) })));
  },
  listOrganizationIntegrationsStatus: async (ctx) => {
    const target = ctx.query.target ?? 'organization';
    // 0.202.0's `site` and `space` scope the list to one resource of the target's kind.
    const scope = ctx.query as { site?: string; space?: string };
    const only = target === 'site' ? scope.site : target === 'space' ? scope.space : undefined;
    const page = await ctx.domain.integrations.installations.statuses(ctx.caller, ctx.params.organizationId, target, {
      ...pageOf(ctx.query),
      ...(only !== undefined ? { only } : {}),
    });
    return ok(list(page, (v) => ({ status: v.status, integration: present.integration(ctx.urls, v.integration), target: v.target })));
  },

  listSiteIntegrations: async (ctx) => {
    const page = await ctx.domain.integrations.enabled.onSite(ctx.caller, ctx.params.organizationId, ctx.params.siteId, ctx.query.search);
    return ok(list(page, (v) => present.integration(ctx.urls, v)));
  },
  listSiteIntegrationScripts: async (ctx) =>
    ok(
      (await ctx.domain.integrations.enabled.scriptsOnSite(ctx.caller, ctx.params.organizationId, ctx.params.siteId)).map((v) =>
        present.siteScript(ctx.urls, v),
      ),
    ),
  listSpaceIntegrations: async (ctx) =>
    ok(list(await ctx.domain.integrations.enabled.onSpace(ctx.caller, ctx.params.spaceId, ctx.query.search), (v) => present.integration(ctx.urls, v))),
  listSpaceIntegrationsBlocks: async (ctx) => ok(await ctx.domain.integrations.enabled.blocksOnSpace(ctx.caller, ctx.params.spaceId)),
};
