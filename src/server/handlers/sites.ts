import type {
  SiteInput,
  SitePatch,
  SiteQuery,
  StructurePointer,
  StructurePosition,
} from '../../domain/sites/sites.js';
import type { GroupInput, GroupPatch } from '../../domain/sites/groups.js';
import type { RedirectInput } from '../../domain/sites/redirects.js';
import type { SectionInput, SectionPatch } from '../../domain/sites/sections.js';
import type { SiteSpaceInput, SiteSpacePatch } from '../../domain/sites/site-spaces.js';
import type { PublishingAuthPatch } from '../../domain/sites/publishing.js';
import type { SiteSearchRequest } from '../../domain/sites/search.js';
import { PREVIEW_PARAM } from '../../domain/sites/preview.js';
import { searchResult } from '../present-content.js';
import { type Context, created, deleted, ok, pageOf, type Handlers } from '../handler.js';
import { list } from '../present.js';
import * as present from '../present-sites.js';

type Body = Record<string, unknown>;
/** The site of the path, once the domain call has checked access to it. */
const site = ({ domain, params }: Context) => domain.sites.access.find(params.organizationId!, params.siteId!);
const args = ({ caller, params }: Context) => [caller, params.organizationId!, params.siteId!] as const;
const body = (ctx: Context) => (ctx.body ?? {}) as Body;
/** A share key from the query, kept only when it opens this site. */
const urlOptions = (ctx: Context): present.SiteUrlOptions => {
  const key = typeof ctx.query.shareKey === 'string' ? ctx.query.shareKey : undefined;
  return key && ctx.domain.sites.shareLinks.opens(ctx.params.siteId!, key) ? { shareKey: key } : {};
};
const siteLocation = (ctx: Context, rest = '') => ctx.urls.api(`/orgs/${ctx.params.organizationId}/sites/${ctx.params.siteId}${rest}`);
/** Deprecated per-kind moves: `{position: {before|after: {type, siteSection|siteSpace|id}}}` to a structure pointer. */
const pointerOf = (value: unknown): StructurePointer | undefined => {
  if (!value) return undefined;
  const p = value as { type: StructurePointer['type']; id?: string; siteSection?: string; siteSpace?: string };
  return { type: p.type, id: (p.id ?? p.siteSection ?? p.siteSpace)! };
};
const positionOf = (value: unknown): StructurePosition => {
  const p = (value ?? {}) as { before?: unknown; after?: unknown };
  const before = pointerOf(p.before);
  const after = pointerOf(p.after);
  return { ...(before ? { before } : {}), ...(after ? { after } : {}) };
};

export const siteHandlers: Handlers = {
  listSites: (ctx) => {
    const query = { ...pageOf(ctx.query), ...(ctx.query as Omit<SiteQuery, 'page' | 'limit'>) };
    return ok(list(ctx.domain.sites.list(ctx.caller, ctx.params.organizationId!, query), (v) => present.site(ctx.urls, v)));
  },

  createSite: (ctx) => {
    const view = ctx.domain.sites.create(ctx.caller, ctx.params.organizationId!, body(ctx) as SiteInput);
    return created(present.site(ctx.urls, view), ctx.urls.api(`/orgs/${ctx.params.organizationId}/sites/${view.site.id}`));
  },

  getSiteById: (ctx) => ok(present.site(ctx.urls, ctx.domain.sites.get(...args(ctx)), urlOptions(ctx))),
  updateSiteById: (ctx) => ok(present.site(ctx.urls, ctx.domain.sites.update(...args(ctx), body(ctx) as SitePatch))),
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
    const { item, position } = body(ctx) as { item: StructurePointer; position: StructurePosition };
    const node = ctx.domain.sites.sort.sort(...args(ctx), item, position);
    return ok(present.structureItem(ctx.urls, site(ctx), node));
  },

  listSiteSections: (ctx) =>
    ok(list(ctx.domain.sites.listSections(...args(ctx), pageOf(ctx.query)), (n) => present.siteSection(ctx.urls, site(ctx), n, urlOptions(ctx)))),

  addSectionToSite: (ctx) => {
    const node = ctx.domain.sites.sections.add(...args(ctx), body(ctx) as unknown as SectionInput);
    return created(present.siteSection(ctx.urls, site(ctx), node), siteLocation(ctx, `/sections/${node.record.id}`));
  },

  updateSiteSectionById: (ctx) =>
    ok(present.siteSection(ctx.urls, site(ctx), ctx.domain.sites.sections.update(...args(ctx), ctx.params.siteSectionId!, body(ctx) as SectionPatch))),

  deleteSiteSectionById: (ctx) => deleted(ctx.domain.sites.sections.delete(...args(ctx), ctx.params.siteSectionId!)),

  moveSiteSection: (ctx) => {
    const item = { type: 'site-section' as const, id: ctx.params.siteSectionId! };
    return ok(present.structureItem(ctx.urls, site(ctx), ctx.domain.sites.sort.sort(...args(ctx), item, positionOf(body(ctx).position))));
  },

  listSiteSectionGroups: (ctx) =>
    ok(list(ctx.domain.sites.listGroups(...args(ctx), pageOf(ctx.query)), (n) => present.siteSectionGroup(ctx.urls, site(ctx), n))),

  addSectionGroupToSite: (ctx) => {
    const node = ctx.domain.sites.groups.add(...args(ctx), body(ctx) as unknown as GroupInput);
    return created(present.siteSectionGroup(ctx.urls, site(ctx), node), siteLocation(ctx, `/section-groups/${node.record.id}`));
  },

  updateSiteSectionGroupById: (ctx) =>
    ok(present.siteSectionGroup(ctx.urls, site(ctx), ctx.domain.sites.groups.update(...args(ctx), ctx.params.siteSectionGroupId!, body(ctx) as GroupPatch))),

  deleteSiteSectionGroupById: (ctx) => deleted(ctx.domain.sites.groups.delete(...args(ctx), ctx.params.siteSectionGroupId!)),

  addSectionToGroup: (ctx) => {
    const groupId = ctx.params.siteSectionGroupId!;
    const node = ctx.domain.sites.groups.addSection(...args(ctx), groupId, String(body(ctx).sectionId));
    return created(present.siteSectionGroup(ctx.urls, site(ctx), node), siteLocation(ctx, `/section-groups/${groupId}`));
  },

  removeSectionFromGroup: (ctx) =>
    deleted(ctx.domain.sites.groups.removeSection(...args(ctx), ctx.params.siteSectionGroupId!, ctx.params.siteSectionId!)),

  moveSiteSectionGroup: (ctx) => {
    const item = { type: 'site-section-group' as const, id: ctx.params.siteSectionGroupId! };
    return ok(present.structureItem(ctx.urls, site(ctx), ctx.domain.sites.sort.sort(...args(ctx), item, positionOf(body(ctx).position))));
  },

  listSiteSpaces: (ctx) => {
    const request = { ...pageOf(ctx.query), ...(ctx.query.default !== undefined ? { isDefault: ctx.query.default === true } : {}) };
    return ok(list(ctx.domain.sites.listSiteSpaces(...args(ctx), request), (n) => present.siteSpace(ctx.urls, site(ctx), n, urlOptions(ctx))));
  },

  addSpaceToSite: (ctx) => {
    const node = ctx.domain.sites.siteSpaces.add(...args(ctx), body(ctx) as unknown as SiteSpaceInput);
    return created(present.siteSpace(ctx.urls, site(ctx), node), siteLocation(ctx, `/site-spaces/${node.record.id}`));
  },

  updateSiteSpaceById: (ctx) =>
    ok(present.siteSpace(ctx.urls, site(ctx), ctx.domain.sites.siteSpaces.update(...args(ctx), ctx.params.siteSpaceId!, body(ctx) as SiteSpacePatch))),

  deleteSiteSpaceById: (ctx) => deleted(ctx.domain.sites.siteSpaces.delete(...args(ctx), ctx.params.siteSpaceId!)),

  moveSiteSpace: (ctx) => {
    const item = { type: 'site-space' as const, id: ctx.params.siteSpaceId! };
    return ok(present.structureItem(ctx.urls, site(ctx), ctx.domain.sites.sort.sort(...args(ctx), item, positionOf(body(ctx).position))));
  },

  listSiteShareLinks: (ctx) => ok(list(ctx.domain.sites.shareLinks.list(...args(ctx), pageOf(ctx.query)), (v) => present.shareLink(ctx.urls, v))),

  createSiteShareLink: (ctx) => {
    const view = ctx.domain.sites.shareLinks.create(...args(ctx), String(body(ctx).name));
    return created(present.shareLink(ctx.urls, view), siteLocation(ctx, `/share-links/${view.link.id}`));
  },

  updateSiteShareLinkById: (ctx) =>
    ok(present.shareLink(ctx.urls, ctx.domain.sites.shareLinks.update(...args(ctx), ctx.params.shareLinkId!, body(ctx) as { name?: string; active?: boolean }))),

  deleteSiteShareLinkById: (ctx) => deleted(ctx.domain.sites.shareLinks.delete(...args(ctx), ctx.params.shareLinkId!)),

  listSiteRedirects: (ctx) => {
    const request = { ...pageOf(ctx.query), ...(typeof ctx.query.search === 'string' ? { search: ctx.query.search } : {}) };
    return ok(list(ctx.domain.sites.redirects.list(...args(ctx), request), present.siteRedirect));
  },

  createSiteRedirect: (ctx) => {
    const redirect = ctx.domain.sites.redirects.create(...args(ctx), body(ctx) as unknown as RedirectInput);
    return created(present.siteRedirect(redirect), siteLocation(ctx, `/redirects/${redirect.id}`));
  },

  updateSiteRedirectById: (ctx) =>
    ok(present.siteRedirect(ctx.domain.sites.redirects.update(...args(ctx), ctx.params.siteRedirectId!, body(ctx) as Partial<RedirectInput>))),

  deleteSiteRedirectById: (ctx) => deleted(ctx.domain.sites.redirects.delete(...args(ctx), ctx.params.siteRedirectId!)),

  getSiteRedirectBySource: (ctx) => {
    const { redirect, path } = ctx.domain.sites.redirects.resolve(...args(ctx), String(ctx.query.source));
    const target = present.publishedUrl(ctx.urls, { ...site(ctx), published: true }, path, urlOptions(ctx))!;
    return ok({ redirect: present.siteRedirect(redirect), target });
  },

  getSiteCustomizationById: (ctx) => ok(ctx.domain.sites.customizations.get(...args(ctx))),
  updateSiteCustomizationById: (ctx) => ok(ctx.domain.sites.customizations.update(...args(ctx), body(ctx))),

  getSiteSpaceCustomizationById: (ctx) => {
    const { settings, hasOverrides } = ctx.domain.sites.customizations.forSiteSpace(...args(ctx), ctx.params.siteSpaceId!);
    return ok({ ...settings, hasOverrides });
  },

  overrideSiteSpaceCustomizationById: (ctx) =>
    ok(ctx.domain.sites.customizations.override(...args(ctx), ctx.params.siteSpaceId!, body(ctx))),

  deleteSiteSpaceCustomizationById: (ctx) => deleted(ctx.domain.sites.customizations.deleteOverrides(...args(ctx), ctx.params.siteSpaceId!)),

  listPermissionsAggregateInSite: (ctx) =>
    ok(list(ctx.domain.sites.permissions.list(...args(ctx), pageOf(ctx.query)), (p) => present.sitePermission(ctx.urls, p))),

  searchSiteContent: (ctx) => {
    const results = ctx.domain.sites.search.search(...args(ctx), body(ctx) as unknown as SiteSearchRequest, pageOf(ctx.query));
    return ok(list(results, (r) => ({ id: r.view.space.id, title: r.view.space.title, pages: r.hits.map((hit) => searchResult(ctx.urls, r.view, hit)) })));
  },

  getSitePublishingPreviewById: async (ctx) => {
    const query = ctx.query as { siteSpace?: string; claims?: string };
    const link = await ctx.domain.sites.publishing.previews.create(...args(ctx), query);
    const path = link.urlPath ? `${link.urlPath}/` : '';
    return ok({ url: `${present.siteRoot(ctx.urls, link.site)}/${path}?${PREVIEW_PARAM}=${link.token}` });
  },

  getSitePublishingAuthById: (ctx) => ok(present.publishingAuth(ctx.domain.sites.publishing.auth(...args(ctx)))),
  updateSitePublishingAuthById: (ctx) =>
    ok(present.publishingAuth(ctx.domain.sites.publishing.updateAuth(...args(ctx), body(ctx) as unknown as PublishingAuthPatch))),
  regenerateSitePublishingAuthById: (ctx) => ok(present.publishingAuth(ctx.domain.sites.publishing.regenerate(...args(ctx)))),

  getSiteAdaptiveSchema: (ctx) => ok(present.adaptiveSchema(ctx.domain.sites.publishing.adaptiveSchema(...args(ctx)))),
  updateSiteAdaptiveSchema: (ctx) =>
    ok(present.adaptiveSchema(ctx.domain.sites.publishing.updateAdaptiveSchema(...args(ctx), body(ctx).jsonSchema as Record<string, unknown>))),
  listSiteAdaptiveTemplateConditions: (ctx) => ok({ items: ctx.domain.sites.publishing.templateConditions(...args(ctx)) }),
};
