import type { StructurePointer, StructurePosition } from '../../domain/sites/sites.js';
import { PREVIEW_PARAM } from '../../domain/sites/preview.js';
import { searchResult } from '../present-content.js';
import { created, deleted, ok, pageOf, type Handlers, type WithParams } from '../handler.js';
import { HttpError } from '../http-errors.js';
import { list } from '../present.js';
import * as present from '../present-sites.js';

type SiteContext = WithParams<'organizationId' | 'siteId'>;
/** The site of the path, once the domain call has checked access to it. */
const site = ({ domain, params }: SiteContext) => domain.sites.access.find(params.organizationId, params.siteId);
const args = ({ caller, params }: SiteContext) => [caller, params.organizationId, params.siteId] as const;
/** A share key from the query, kept only when it opens this site (not every operation's spec has the parameter). */
const urlOptions = (ctx: SiteContext & { query: { shareKey?: unknown } }): present.SiteUrlOptions => {
  const key = typeof ctx.query.shareKey === 'string' ? ctx.query.shareKey : undefined;
  return key && ctx.domain.sites.shareLinks.opens(ctx.params.siteId, key) ? { shareKey: key } : {};
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
  listSites: (ctx) => {
    const query = { ...pageOf(ctx.query), ...ctx.query };
    return ok(list(ctx.domain.sites.list(ctx.caller, ctx.params.organizationId, query), (v) => present.site(ctx.urls, v)));
  },

  createSite: (ctx) => {
    const view = ctx.domain.sites.create(ctx.caller, ctx.params.organizationId, ctx.body ?? {});
    return created(present.site(ctx.urls, view), ctx.urls.api(`/orgs/${ctx.params.organizationId}/sites/${view.site.id}`));
  },

  getSiteById: (ctx) => ok(present.site(ctx.urls, ctx.domain.sites.get(...args(ctx)), urlOptions(ctx))),
  updateSiteById: (ctx) => ok(present.site(ctx.urls, ctx.domain.sites.update(...args(ctx), ctx.body))),
  deleteSiteById: (ctx) => deleted(ctx.domain.sites.delete(...args(ctx))),
  publishSite: (ctx) => ok(present.site(ctx.urls, ctx.domain.sites.publish(...args(ctx), true))),
  unpublishSite: (ctx) => ok(present.site(ctx.urls, ctx.domain.sites.publish(...args(ctx), false))),

  getPublishedContentSite: (ctx) => {
    const view = ctx.domain.sites.published(...args(ctx));
    const options = urlOptions(ctx);
    return ok({
      object: 'published-content-site',
      site: present.site(ctx.urls, view.site, options),
      structure: present.siteStructure(ctx.urls, view.structure, options),
      customizations: { site: view.customization, siteSpaces: view.siteSpaceCustomizations },
      scripts: [],
    });
  },

  getSiteStructure: (ctx) => ok(present.siteStructure(ctx.urls, ctx.domain.sites.tree(...args(ctx)), urlOptions(ctx))),

  sortSiteStructure: (ctx) => {
    const { item, position } = ctx.body ?? {};
    if (!item) throw new HttpError(400, 'body: item is required');
    const node = ctx.domain.sites.sort.sort(...args(ctx), item, position);
    return ok(present.structureItem(ctx.urls, site(ctx), node));
  },

  listSiteSections: (ctx) =>
    ok(list(ctx.domain.sites.listSections(...args(ctx), pageOf(ctx.query)), (n) => present.siteSection(ctx.urls, site(ctx), n, urlOptions(ctx)))),

  addSectionToSite: (ctx) => {
    const node = ctx.domain.sites.sections.add(...args(ctx), ctx.body);
    return created(present.siteSection(ctx.urls, site(ctx), node), siteLocation(ctx, `/sections/${node.record.id}`));
  },

  updateSiteSectionById: (ctx) =>
    ok(present.siteSection(ctx.urls, site(ctx), ctx.domain.sites.sections.update(...args(ctx), ctx.params.siteSectionId, ctx.body))),

  deleteSiteSectionById: (ctx) => deleted(ctx.domain.sites.sections.delete(...args(ctx), ctx.params.siteSectionId)),

  moveSiteSection: (ctx) => {
    const item = { type: 'site-section' as const, id: ctx.params.siteSectionId };
    return ok(present.structureItem(ctx.urls, site(ctx), ctx.domain.sites.sort.sort(...args(ctx), item, positionOf(ctx.body?.position))));
  },

  listSiteSectionGroups: (ctx) =>
    ok(list(ctx.domain.sites.listGroups(...args(ctx), pageOf(ctx.query)), (n) => present.siteSectionGroup(ctx.urls, site(ctx), n))),

  addSectionGroupToSite: (ctx) => {
    const node = ctx.domain.sites.groups.add(...args(ctx), ctx.body);
    return created(present.siteSectionGroup(ctx.urls, site(ctx), node), siteLocation(ctx, `/section-groups/${node.record.id}`));
  },

  updateSiteSectionGroupById: (ctx) =>
    ok(present.siteSectionGroup(ctx.urls, site(ctx), ctx.domain.sites.groups.update(...args(ctx), ctx.params.siteSectionGroupId, ctx.body))),

  deleteSiteSectionGroupById: (ctx) => deleted(ctx.domain.sites.groups.delete(...args(ctx), ctx.params.siteSectionGroupId)),

  addSectionToGroup: (ctx) => {
    const groupId = ctx.params.siteSectionGroupId;
    const node = ctx.domain.sites.groups.addSection(...args(ctx), groupId, ctx.body.sectionId);
    return created(present.siteSectionGroup(ctx.urls, site(ctx), node), siteLocation(ctx, `/section-groups/${groupId}`));
  },

  removeSectionFromGroup: (ctx) => deleted(ctx.domain.sites.groups.removeSection(...args(ctx), ctx.params.siteSectionGroupId, ctx.params.siteSectionId)),

  moveSiteSectionGroup: (ctx) => {
    const item = { type: 'site-section-group' as const, id: ctx.params.siteSectionGroupId };
    return ok(present.structureItem(ctx.urls, site(ctx), ctx.domain.sites.sort.sort(...args(ctx), item, positionOf(ctx.body?.position))));
  },

  listSiteSpaces: (ctx) => {
    const request = { ...pageOf(ctx.query), ...(ctx.query.default !== undefined ? { isDefault: ctx.query.default === true } : {}) };
    return ok(list(ctx.domain.sites.listSiteSpaces(...args(ctx), request), (n) => present.siteSpace(ctx.urls, site(ctx), n, urlOptions(ctx))));
  },

  addSpaceToSite: (ctx) => {
    const node = ctx.domain.sites.siteSpaces.add(...args(ctx), ctx.body);
    return created(present.siteSpace(ctx.urls, site(ctx), node), siteLocation(ctx, `/site-spaces/${node.record.id}`));
  },

  updateSiteSpaceById: (ctx) => ok(present.siteSpace(ctx.urls, site(ctx), ctx.domain.sites.siteSpaces.update(...args(ctx), ctx.params.siteSpaceId, ctx.body))),

  deleteSiteSpaceById: (ctx) => deleted(ctx.domain.sites.siteSpaces.delete(...args(ctx), ctx.params.siteSpaceId)),

  moveSiteSpace: (ctx) => {
    const item = { type: 'site-space' as const, id: ctx.params.siteSpaceId };
    return ok(present.structureItem(ctx.urls, site(ctx), ctx.domain.sites.sort.sort(...args(ctx), item, positionOf(ctx.body?.position))));
  },

  listSiteShareLinks: (ctx) => ok(list(ctx.domain.sites.shareLinks.list(...args(ctx), pageOf(ctx.query)), (v) => present.shareLink(ctx.urls, v))),

  createSiteShareLink: (ctx) => {
    const view = ctx.domain.sites.shareLinks.create(...args(ctx), ctx.body.name);
    return created(present.shareLink(ctx.urls, view), siteLocation(ctx, `/share-links/${view.link.id}`));
  },

  updateSiteShareLinkById: (ctx) => ok(present.shareLink(ctx.urls, ctx.domain.sites.shareLinks.update(...args(ctx), ctx.params.shareLinkId, ctx.body))),

  deleteSiteShareLinkById: (ctx) => deleted(ctx.domain.sites.shareLinks.delete(...args(ctx), ctx.params.shareLinkId)),

  listSiteRedirects: (ctx) => {
    const request = { ...pageOf(ctx.query), ...(ctx.query.search !== undefined ? { search: ctx.query.search } : {}) };
    return ok(list(ctx.domain.sites.redirects.list(...args(ctx), request), present.siteRedirect));
  },

  createSiteRedirect: (ctx) => {
    const redirect = ctx.domain.sites.redirects.create(...args(ctx), ctx.body);
    return created(present.siteRedirect(redirect), siteLocation(ctx, `/redirects/${redirect.id}`));
  },

  updateSiteRedirectById: (ctx) => ok(present.siteRedirect(ctx.domain.sites.redirects.update(...args(ctx), ctx.params.siteRedirectId, ctx.body))),

  deleteSiteRedirectById: (ctx) => deleted(ctx.domain.sites.redirects.delete(...args(ctx), ctx.params.siteRedirectId)),

  getSiteRedirectBySource: (ctx) => {
    const { redirect, path } = ctx.domain.sites.redirects.resolve(...args(ctx), ctx.query.source);
    const target = present.publishedUrl(ctx.urls, { ...site(ctx), published: true }, path, urlOptions(ctx))!;
    return ok({ redirect: present.siteRedirect(redirect), target });
  },

  getSiteCustomizationById: (ctx) => ok(ctx.domain.sites.customizations.get(...args(ctx))),
  updateSiteCustomizationById: (ctx) => ok(ctx.domain.sites.customizations.update(...args(ctx), ctx.body)),

  getSiteSpaceCustomizationById: (ctx) => {
    const { settings, hasOverrides } = ctx.domain.sites.customizations.forSiteSpace(...args(ctx), ctx.params.siteSpaceId);
    return ok({ ...settings, hasOverrides });
  },

  overrideSiteSpaceCustomizationById: (ctx) => ok(ctx.domain.sites.customizations.override(...args(ctx), ctx.params.siteSpaceId, ctx.body)),

  deleteSiteSpaceCustomizationById: (ctx) => deleted(ctx.domain.sites.customizations.deleteOverrides(...args(ctx), ctx.params.siteSpaceId)),

  listPermissionsAggregateInSite: (ctx) =>
    ok(list(ctx.domain.sites.permissions.list(...args(ctx), pageOf(ctx.query)), (p) => present.sitePermission(ctx.urls, p))),

  searchSiteContent: (ctx) => {
    const results = ctx.domain.sites.search.search(...args(ctx), ctx.body, pageOf(ctx.query));
    return ok(list(results, (r) => ({ id: r.view.space.id, title: r.view.space.title, pages: r.hits.map((hit) => searchResult(ctx.urls, r.view, hit)) })));
  },

  getSitePublishingPreviewById: async (ctx) => {
    const link = await ctx.domain.sites.publishing.previews.create(...args(ctx), ctx.query);
    const path = link.urlPath ? `${link.urlPath}/` : '';
    return ok({ url: `${present.siteRoot(ctx.urls, link.site)}/${path}?${PREVIEW_PARAM}=${link.token}` });
  },

  getSitePublishingAuthById: (ctx) => ok(present.publishingAuth(ctx.domain.sites.publishing.auth(...args(ctx)))),
  updateSitePublishingAuthById: (ctx) => ok(present.publishingAuth(ctx.domain.sites.publishing.updateAuth(...args(ctx), ctx.body))),
  regenerateSitePublishingAuthById: (ctx) => ok(present.publishingAuth(ctx.domain.sites.publishing.regenerate(...args(ctx)))),

  getSiteAdaptiveSchema: (ctx) => ok(present.adaptiveSchema(ctx.domain.sites.publishing.adaptiveSchema(...args(ctx)))),
  updateSiteAdaptiveSchema: (ctx) => ok(present.adaptiveSchema(ctx.domain.sites.publishing.updateAdaptiveSchema(...args(ctx), ctx.body.jsonSchema))),
  listSiteAdaptiveTemplateConditions: (ctx) => ok({ items: ctx.domain.sites.publishing.templateConditions(...args(ctx)) }),
};
