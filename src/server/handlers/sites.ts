import type { StructurePointer, StructurePosition } from '../../domain/sites/sites.js';
import { PREVIEW_PARAM } from '../../domain/sites/preview.js';
import { spaceSearchResult } from '../present-content.js';
import { created, deleted, noContent, ok, pageOf, type Handlers, type WithParams } from '../handler.js';
import { HttpError } from '../http-errors.js';
import { list, listAsync } from '../present.js';
import * as present from '../present-sites.js';

type SiteContext = WithParams<'organizationId' | 'siteId'>;
/** The site of the path, once the domain call has checked access to it. */
const site = async ({ domain, params }: SiteContext) => await domain.sites.access.find(params.organizationId, params.siteId);
const args = ({ caller, params }: SiteContext) => [caller, params.organizationId, params.siteId] as const;
/** A share key from the query, kept only when it opens this site (not every operation's spec has the parameter). */
const urlOptions = async (ctx: SiteContext & { query: { shareKey?: unknown } }): Promise<present.SiteUrlOptions> => {
  const key = typeof ctx.query.shareKey === 'string' ? ctx.query.shareKey : undefined;
  return key && (await ctx.domain.sites.shareLinks.opens(ctx.params.siteId, key)) ? { shareKey: key } : {};
};
const siteLocation = (ctx: SiteContext, rest = '') => ctx.urls.api(`/orgs/${ctx.params.organizationId}/sites/${ctx.params.siteId}${rest}`);
/** Deprecated per-kind moves: `{position: {before|after: {type, siteSection|siteSpace|id}}}` to a structure pointer. */
type MovePointer = { type: StructurePointer['type'] } & ({ id: string } | { siteSection: string } | { siteSpace: string });
const pointerOf = (p: MovePointer): StructurePointer => ({ type: p.type, id: 'id' in p ? p.id : 'siteSection' in p ? p.siteSection : p.siteSpace });
const positionOf = (position: { before?: MovePointer; after?: MovePointer } = {}): StructurePosition => ({
  ...(position.before ? { before: pointerOf(position.before) } : {}),
  ...(position.after ? { after: pointerOf(position.after) } : {}),
});

export const siteHandlers: Handlers = {
  listSites: async (ctx) => {
    const query = { ...pageOf(ctx.query), ...ctx.query };
    return ok(list(await ctx.domain.sites.list(ctx.caller, ctx.params.organizationId, query), (v) => present.site(ctx.urls, v)));
  },

  createSite: async (ctx) => {
    const view = await ctx.domain.sites.create(ctx.caller, ctx.params.organizationId, ctx.body ?? {});
    return created(present.site(ctx.urls, view), ctx.urls.api(`/orgs/${ctx.params.organizationId}/sites/${view.site.id}`));
  },

  getSiteById: async (ctx) => ok(present.site(ctx.urls, await ctx.domain.sites.get(...args(ctx)), await urlOptions(ctx))),
  updateSiteById: async (ctx) => ok(present.site(ctx.urls, await ctx.domain.sites.update(...args(ctx), ctx.body))),
  deleteSiteById: async (ctx) => deleted(await ctx.domain.sites.delete(...args(ctx))),
  publishSite: async (ctx) => ok(present.site(ctx.urls, await ctx.domain.sites.publish(...args(ctx), true))),
  unpublishSite: async (ctx) => ok(present.site(ctx.urls, await ctx.domain.sites.publish(...args(ctx), false))),

  getPublishedContentSite: async (ctx) => {
    const view = await ctx.domain.sites.published(...args(ctx));
    const options = await urlOptions(ctx);
    return ok({
      object: 'published-content-site',
      site: present.site(ctx.urls, view.site, options),
      structure: present.siteStructure(ctx.urls, view.structure, options),
      customizations: { site: view.customization, siteSpaces: view.siteSpaceCustomizations },
      scripts: [],
    });
  },

  getSiteStructure: async (ctx) => ok(present.siteStructure(ctx.urls, await ctx.domain.sites.tree(...args(ctx)), await urlOptions(ctx))),

  sortSiteStructure: async (ctx) => {
    const { item, position } = ctx.body ?? {};
    if (!item) throw new HttpError(400, 'body: item is required');
    const node = await ctx.domain.sites.sort.sort(...args(ctx), item, position);
    return ok(present.structureItem(ctx.urls, await site(ctx), node));
  },

  listSiteSections: async (ctx) =>
    ok(
      await listAsync(await ctx.domain.sites.listSections(...args(ctx), pageOf(ctx.query)), async (n) =>
        present.siteSection(ctx.urls, await site(ctx), n, await urlOptions(ctx)),
      ),
    ),

  addSectionToSite: async (ctx) => {
    const node = await ctx.domain.sites.sections.add(...args(ctx), ctx.body);
    return created(present.siteSection(ctx.urls, await site(ctx), node), siteLocation(ctx, `/sections/${node.record.id}`));
  },

  updateSiteSectionById: async (ctx) =>
    ok(present.siteSection(ctx.urls, await site(ctx), await ctx.domain.sites.sections.update(...args(ctx), ctx.params.siteSectionId, ctx.body))),

  deleteSiteSectionById: async (ctx) => deleted(await ctx.domain.sites.sections.delete(...args(ctx), ctx.params.siteSectionId)),

  moveSiteSection: async (ctx) => {
    const item = { type: 'site-section' as const, id: ctx.params.siteSectionId };
    return ok(present.structureItem(ctx.urls, await site(ctx), await ctx.domain.sites.sort.sort(...args(ctx), item, positionOf(ctx.body?.position))));
  },

  listSiteSectionGroups: async (ctx) =>
    ok(
      await listAsync(await ctx.domain.sites.listGroups(...args(ctx), pageOf(ctx.query)), async (n) => present.siteSectionGroup(ctx.urls, await site(ctx), n)),
    ),

  addSectionGroupToSite: async (ctx) => {
    const node = await ctx.domain.sites.groups.add(...args(ctx), ctx.body);
    return created(present.siteSectionGroup(ctx.urls, await site(ctx), node), siteLocation(ctx, `/section-groups/${node.record.id}`));
  },

  updateSiteSectionGroupById: async (ctx) =>
    ok(present.siteSectionGroup(ctx.urls, await site(ctx), await ctx.domain.sites.groups.update(...args(ctx), ctx.params.siteSectionGroupId, ctx.body))),

  deleteSiteSectionGroupById: async (ctx) => deleted(await ctx.domain.sites.groups.delete(...args(ctx), ctx.params.siteSectionGroupId)),

  addSectionToGroup: async (ctx) => {
    const groupId = ctx.params.siteSectionGroupId;
    const node = await ctx.domain.sites.groups.addSection(...args(ctx), groupId, ctx.body.sectionId);
    return created(present.siteSectionGroup(ctx.urls, await site(ctx), node), siteLocation(ctx, `/section-groups/${groupId}`));
  },

  removeSectionFromGroup: async (ctx) =>
    deleted(await ctx.domain.sites.groups.removeSection(...args(ctx), ctx.params.siteSectionGroupId, ctx.params.siteSectionId)),

  moveSiteSectionGroup: async (ctx) => {
    const item = { type: 'site-section-group' as const, id: ctx.params.siteSectionGroupId };
    return ok(present.structureItem(ctx.urls, await site(ctx), await ctx.domain.sites.sort.sort(...args(ctx), item, positionOf(ctx.body?.position))));
  },

  listSiteSpaces: async (ctx) => {
    const request = { ...pageOf(ctx.query), ...(ctx.query.default !== undefined ? { isDefault: ctx.query.default === true } : {}) };
    return ok(
      await listAsync(await ctx.domain.sites.listSiteSpaces(...args(ctx), request), async (n) =>
        present.siteSpace(ctx.urls, await site(ctx), n, await urlOptions(ctx)),
      ),
    );
  },

  addSpaceToSite: async (ctx) => {
    const node = await ctx.domain.sites.siteSpaces.add(...args(ctx), ctx.body);
    return created(present.siteSpace(ctx.urls, await site(ctx), node), siteLocation(ctx, `/site-spaces/${node.record.id}`));
  },

  updateSiteSpaceById: async (ctx) =>
    ok(present.siteSpace(ctx.urls, await site(ctx), await ctx.domain.sites.siteSpaces.update(...args(ctx), ctx.params.siteSpaceId, ctx.body))),

  deleteSiteSpaceById: async (ctx) => deleted(await ctx.domain.sites.siteSpaces.delete(...args(ctx), ctx.params.siteSpaceId)),

  applyTemplateToSite: async (ctx) => {
    await ctx.domain.sites.applyTemplate(...args(ctx));
    return { status: 200 };
  },

  duplicateSiteSpace: async (ctx) => {
    const node = await ctx.domain.sites.duplicateSiteSpace(...args(ctx), ctx.params.siteSpaceId, ctx.body?.draft);
    return created(present.siteSpace(ctx.urls, await site(ctx), node), siteLocation(ctx, `/site-spaces/${node.record.id}`));
  },

  moveSiteSpace: async (ctx) => {
    const item = { type: 'site-space' as const, id: ctx.params.siteSpaceId };
    return ok(present.structureItem(ctx.urls, await site(ctx), await ctx.domain.sites.sort.sort(...args(ctx), item, positionOf(ctx.body?.position))));
  },

  addExternalLinkToSite: async (ctx) => {
    const node = await ctx.domain.sites.externalLinks.add(...args(ctx), ctx.body);
    return created(present.siteExternalLink(node.record), siteLocation(ctx, `/external-links/${node.record.id}`));
  },

  updateSiteExternalLinkById: async (ctx) =>
    ok(present.siteExternalLink((await ctx.domain.sites.externalLinks.update(...args(ctx), ctx.params.siteExternalLinkId, ctx.body)).record)),

  deleteSiteExternalLinkById: async (ctx) => deleted(await ctx.domain.sites.externalLinks.delete(...args(ctx), ctx.params.siteExternalLinkId)),

  listSiteShareLinks: async (ctx) => ok(list(await ctx.domain.sites.shareLinks.list(...args(ctx), pageOf(ctx.query)), (v) => present.shareLink(ctx.urls, v))),

  createSiteShareLink: async (ctx) => {
    const view = await ctx.domain.sites.shareLinks.create(...args(ctx), ctx.body.name);
    return created(present.shareLink(ctx.urls, view), siteLocation(ctx, `/share-links/${view.link.id}`));
  },

  updateSiteShareLinkById: async (ctx) =>
    ok(present.shareLink(ctx.urls, await ctx.domain.sites.shareLinks.update(...args(ctx), ctx.params.shareLinkId, ctx.body))),

  deleteSiteShareLinkById: async (ctx) => deleted(await ctx.domain.sites.shareLinks.delete(...args(ctx), ctx.params.shareLinkId)),

  listSiteRedirects: async (ctx) => {
    const { search, draft } = ctx.query;
    const request = { ...pageOf(ctx.query), ...(search !== undefined ? { search } : {}), ...(draft !== undefined ? { draft } : {}) };
    return ok(list(await ctx.domain.sites.redirects.list(...args(ctx), request), present.siteRedirect));
  },

  createSiteRedirect: async (ctx) => {
    const redirect = await ctx.domain.sites.redirects.create(...args(ctx), ctx.body);
    return created(present.siteRedirect(redirect), siteLocation(ctx, `/redirects/${redirect.id}`));
  },

  updateSiteRedirectById: async (ctx) => ok(present.siteRedirect(await ctx.domain.sites.redirects.update(...args(ctx), ctx.params.siteRedirectId, ctx.body))),

  deleteSiteRedirectById: async (ctx) => deleted(await ctx.domain.sites.redirects.delete(...args(ctx), ctx.params.siteRedirectId)),

  bulkUpsertSiteRedirects: async (ctx) => ok({ results: await ctx.domain.sites.redirects.bulk(...args(ctx), ctx.body.redirects) }),

  getSiteRedirectBySource: async (ctx) => {
    const { redirect, path } = await ctx.domain.sites.redirects.resolve(...args(ctx), ctx.query.source);
    const target = present.publishedUrl(ctx.urls, { ...(await site(ctx)), published: true }, path, await urlOptions(ctx))!;
    return ok({ redirect: present.siteRedirect(redirect), target });
  },

  getSiteCustomizationById: async (ctx) => ok(await ctx.domain.sites.customizations.get(...args(ctx))),
  updateSiteCustomizationById: async (ctx) => ok(await ctx.domain.sites.customizations.update(...args(ctx), ctx.body)),

  getSiteSpaceCustomizationById: async (ctx) => {
    const { settings, hasOverrides } = await ctx.domain.sites.customizations.forSiteSpace(...args(ctx), ctx.params.siteSpaceId);
    return ok({ ...settings, hasOverrides });
  },

  overrideSiteSpaceCustomizationById: async (ctx) => ok(await ctx.domain.sites.customizations.override(...args(ctx), ctx.params.siteSpaceId, ctx.body)),

  deleteSiteSpaceCustomizationById: async (ctx) => deleted(await ctx.domain.sites.customizations.deleteOverrides(...args(ctx), ctx.params.siteSpaceId)),

  listPermissionsAggregateInSite: async (ctx) =>
    ok(list(await ctx.domain.sites.permissions.list(...args(ctx), pageOf(ctx.query)), (p) => present.sitePermission(ctx.urls, p))),

  searchSiteContent: async (ctx) => {
    const results = await ctx.domain.sites.search.search(...args(ctx), ctx.body, pageOf(ctx.query));
    return ok(list(results, (r) => spaceSearchResult(ctx.urls, r)));
  },

  prewarmSiteSearch: async (ctx) => {
    await ctx.domain.sites.search.prewarm(...args(ctx));
    return noContent();
  },

  getSitePublishingPreviewById: async (ctx) => {
    const link = await ctx.domain.sites.publishing.previews.create(...args(ctx), ctx.query);
    const path = link.urlPath ? `${link.urlPath}/` : '';
    return ok({ url: `${present.siteRoot(ctx.urls, link.site)}/${path}?${PREVIEW_PARAM}=${link.token}` });
  },

  getSitePublishingAuthById: async (ctx) => ok(present.publishingAuth(await ctx.domain.sites.publishing.auth(...args(ctx)))),
  updateSitePublishingAuthById: async (ctx) => ok(present.publishingAuth(await ctx.domain.sites.publishing.updateAuth(...args(ctx), ctx.body))),
  regenerateSitePublishingAuthById: async (ctx) => ok(present.publishingAuth(await ctx.domain.sites.publishing.regenerate(...args(ctx)))),

  getSiteAdaptiveSchema: async (ctx) => ok(present.adaptiveSchema(await ctx.domain.sites.publishing.adaptiveSchema(...args(ctx)))),
  updateSiteAdaptiveSchema: async (ctx) =>
    ok(present.adaptiveSchema(await ctx.domain.sites.publishing.updateAdaptiveSchema(...args(ctx), ctx.body.jsonSchema))),
  listSiteAdaptiveTemplateConditions: async (ctx) => ok({ items: await ctx.domain.sites.publishing.templateConditions(...args(ctx)) }),
};
