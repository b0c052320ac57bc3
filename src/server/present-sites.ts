import type * as api from '@gitbook/api';
import type * as newer from '@gitbook/api-0.202';
import {
  type ChannelView,
  type McpServerView,
  SHARE_KEY_PARAM,
  type ShareLinkView,
  type SitePermission,
  type SiteSectionGroupView,
  type SiteSectionView,
  type SiteSpaceView,
  type SiteStructureItemView,
  type SiteStructureView,
  type SiteView,
} from '../domain/sites/sites.js';
import type { PublishingAuthView } from '../domain/sites/publishing.js';
import type { SiteAdaptiveSchemaRecord, SiteExternalLinkRecord, SiteRecord, SiteRedirectRecord } from '../model/index.js';
import { atLeast, type RoleName } from '../domain/core/roles.js';
import { space, user, type Urls } from './present.js';

/** How published URLs are written for one request: a share key is added for `share-link` sites when the caller gave a valid one. */
export interface SiteUrlOptions {
  shareKey?: string;
}

/** The site's root on the web: its proxy origin, or `/<basename>` on this server. */
export function siteRoot(urls: Urls, site: SiteRecord): string {
  return site.proxy ? `https://${site.proxy}` : `${urls.base}/${site.basename}`;
}

/** The published URL of a path under the site root, only once the site is published. */
export function publishedUrl(urls: Urls, site: SiteRecord, path: string, options: SiteUrlOptions = {}): string | undefined {
  if (!site.published) return undefined;
  const url = `${siteRoot(urls, site)}/${path}`;
  return options.shareKey && site.visibility === 'share-link' ? `${url}?${SHARE_KEY_PARAM}=${encodeURIComponent(options.shareKey)}` : url;
}

/** Fields 0.202.0 added (required) that 0.143.2's types do not have. */
interface Since202 {
  site: {
    appliedType: api.SiteType;
    defaultLevel: api.DefaultLevel;
    permissions: Record<'view' | 'access' | 'edit' | 'create' | 'admin' | 'installIntegration' | 'viewAdaptiveSchema' | 'editAdaptiveSchema', boolean>;
    urls: { preview: string };
  };
  redirect: { draft: boolean; permanent: boolean; captureWildcard: boolean; createdAt: string };
}

const published = (url: string | undefined) => (url ? { published: url } : {});
const sitePath = (site: SiteRecord) => `/orgs/${site.organizationId}/sites/${site.id}`;

export function site(urls: Urls, view: SiteView, options: SiteUrlOptions = {}): api.Site & Since202['site'] {
  const s = view.site;
  return {
    object: 'site',
    id: s.id,
    type: s.type as api.SiteType,
    // No plan freezes a site here: the type it has is the one applied.
    appliedType: s.type as api.SiteType,
    title: s.title,
    basename: s.basename,
    ...(s.proxy ? { proxy: { origin: s.proxy, target: `${urls.base}/${s.basename}` } } : {}),
    visibility: s.visibility as api.SiteVisibility,
    defaultLevel: s.defaultLevel as api.DefaultLevel,
    permissions: sitePermissions(view.role),
    published: s.published,
    siteSpaces: view.siteSpaces,
    createdAt: s.createdAt,
    adaptiveContent: { enabled: s.adaptiveContent },
    agentsContext: s.agentsContext as api.SiteAgentsContext,
    features: [],
    urls: {
      location: urls.api(sitePath(s)),
      app: urls.app(`/o/${s.organizationId}/sites/${s.id}`),
      // Where the site is served: an editor's preview link (getSitePublishingPreviewById) opens it there, published or not.
      preview: `${siteRoot(urls, s)}/`,
      ...published(publishedUrl(urls, s, '', options)),
    },
  };
}

/** What the caller's role on a site lets them do (see domain/sites/access.ts and publishing.ts for the roles each needs). */
function sitePermissions(role: RoleName | null) {
  return {
    view: atLeast(role, 'read'),
    access: atLeast(role, 'read'),
    edit: atLeast(role, 'edit'),
    create: atLeast(role, 'create'),
    admin: atLeast(role, 'admin'),
    installIntegration: atLeast(role, 'admin'),
    viewAdaptiveSchema: atLeast(role, 'read'),
    editAdaptiveSchema: atLeast(role, 'admin'),
  };
}

export function siteSpace(
  urls: Urls,
  site: SiteRecord,
  node: SiteSpaceView,
  options: SiteUrlOptions = {},
): api.SiteSpace & { hidden: boolean; draft: boolean } {
  const r = node.record;
  return {
    object: 'site-space',
    id: r.id,
    path: r.path,
    ...(r.sectionId ? { section: r.sectionId } : {}),
    space: space(urls, node.space),
    title: node.space.space.title,
    default: node.default,
    ...(r.condition !== null ? { condition: r.condition } : {}),
    hidden: r.hidden,
    // Every item of a site's structure is live: there are no drafts.
    draft: false,
    urls: published(publishedUrl(urls, site, node.urlPath, options)),
  };
}

export function siteSection(urls: Urls, site: SiteRecord, node: SiteSectionView, options: SiteUrlOptions = {}): api.SiteSection & { draft: boolean } {
  const r = node.record;
  return {
    object: 'site-section',
    id: r.id,
    title: r.title,
    path: r.path,
    default: node.default,
    draft: false,
    ...(r.localizedTitle ? { localizedTitle: r.localizedTitle as newer.LocalizedString128 } : {}),
    ...(r.description !== null ? { description: r.description } : {}),
    ...(r.localizedDescription ? { localizedDescription: r.localizedDescription as newer.LocalizedString256 } : {}),
    ...(r.condition !== null ? { condition: r.condition } : {}),
    ...(r.groupId ? { sectionGroup: r.groupId } : {}),
    ...(r.icon ? { icon: r.icon } : {}),
    siteSpaces: node.siteSpaces.map((n) => siteSpace(urls, site, n, options)),
    urls: published(publishedUrl(urls, site, node.urlPath, options)),
  };
}

export function siteSectionGroup(
  urls: Urls,
  site: SiteRecord,
  node: SiteSectionGroupView,
  options: SiteUrlOptions = {},
): api.SiteSectionGroup & { draft: boolean } {
  const r = node.record;
  // External links are 0.202.0's (its SiteSectionGroup.children has them; 0.143.2's does not).
  const children = node.children.map((child) =>
    child.kind === 'section'
      ? siteSection(urls, site, child, options)
      : child.kind === 'link'
        ? (siteExternalLink(child.record) as unknown as api.SiteSection)
        : siteSectionGroup(urls, site, child, options),
  );
  return {
    object: 'site-section-group',
    id: r.id,
    title: r.title,
    ...(r.localizedTitle ? { localizedTitle: r.localizedTitle as newer.LocalizedString128 } : {}),
    ...(r.icon ? { icon: r.icon } : {}),
    ...(r.parentId ? { sectionGroup: r.parentId } : {}),
    draft: false,
    sections: children.filter((c): c is api.SiteSection & { draft: boolean } => c.object === 'site-section'),
    children,
  };
}

export function structureItem(urls: Urls, site: SiteRecord, node: SiteStructureItemView, options: SiteUrlOptions = {}): api.SiteStructureItem {
  if (node.kind === 'site-space') return siteSpace(urls, site, node, options);
  if (node.kind === 'section') return siteSection(urls, site, node, options);
  if (node.kind === 'link') return siteExternalLink(node.record) as unknown as api.SiteStructureItem;
  return siteSectionGroup(urls, site, node, options);
}

export function siteExternalLink(r: SiteExternalLinkRecord): newer.SiteExternalLink {
  return {
    object: 'site-external-link',
    id: r.id,
    title: r.title,
    ...(r.localizedTitle ? { localizedTitle: r.localizedTitle as newer.LocalizedString128 } : {}),
    ...(r.description !== null ? { description: r.description } : {}),
    ...(r.localizedDescription ? { localizedDescription: r.localizedDescription as newer.LocalizedString256 } : {}),
    ...(r.icon ? { icon: r.icon } : {}),
    url: r.url,
    ...(r.groupId ? { sectionGroup: r.groupId } : {}),
    draft: r.draft,
    ...(r.condition !== null ? { condition: r.condition } : {}),
  };
}

export function siteStructure(urls: Urls, tree: SiteStructureView, options: SiteUrlOptions = {}): api.SiteStructure {
  if (tree.type === 'siteSpaces') {
    return { type: 'siteSpaces', structure: tree.siteSpaces.map((n) => siteSpace(urls, tree.site, n, options)) };
  }
  return {
    type: 'sections',
    structure: tree.root.map((n) => structureItem(urls, tree.site, n, options) as api.SiteSection | api.SiteSectionGroup),
  };
}

export function shareLink(urls: Urls, view: ShareLinkView): api.ShareLink {
  const { link } = view;
  return {
    object: 'share-link',
    id: link.id,
    createdAt: link.createdAt,
    name: link.name,
    active: link.active,
    urls: published(view.site.published ? `${siteRoot(urls, view.site)}/?${SHARE_KEY_PARAM}=${encodeURIComponent(link.key)}` : undefined),
  };
}

export function siteRedirect(redirect: SiteRedirectRecord): api.SiteRedirect & Since202['redirect'] {
  return {
    object: 'site-redirect',
    id: redirect.id,
    source: redirect.source,
    destination: redirect.destination,
    // Live as soon as made, served with 301/308, matching the source path exactly.
    draft: false,
    permanent: true,
    captureWildcard: false,
    createdAt: redirect.createdAt,
  };
}

export function sitePermission(urls: Urls, p: SitePermission): api.UserSitePermission & { disabled: boolean } {
  // Disabled members are not listed: everyone here is enabled.
  return { permission: p.permission as api.MemberRoleOrGuest, user: user(urls, p.user), origin: p.origin, disabled: false };
}

export function publishingAuth(view: PublishingAuthView): api.SitePublishingAuth {
  const { backend, fallbackURL, integration } = view.settings;
  return {
    object: 'publishing-auth',
    backend,
    privateKey: view.privateKey,
    ...(fallbackURL ? { fallbackURL } : {}),
    ...(integration ? { integration } : {}),
  } as api.SitePublishingAuth;
}

export function adaptiveSchema(record: SiteAdaptiveSchemaRecord): api.SiteAdaptiveSchema {
  return { object: 'site-adaptive-schema', jsonSchema: record.jsonSchema as unknown as api.SiteAdaptiveJSONSchema, updatedAt: record.updatedAt };
}

export function mcpServer(urls: Urls, view: McpServerView): api.SiteMcpServer & { transport: 'sse' | 'http' } {
  return {
    object: 'site-mcp-server',
    id: view.server.id,
    name: view.server.name,
    url: view.server.url,
    headers: view.headers,
    transport: view.server.transport,
    urls: { location: urls.api(`/orgs/${view.site.organizationId}/sites/${view.site.id}/mcp-servers/${view.server.id}`) },
  };
}

export function siteChannel(urls: Urls, view: ChannelView): newer.SiteChannel {
  const { channel, site } = view;
  return {
    object: 'site-channel',
    id: channel.id,
    type: channel.type,
    setupSettings: channel.setupSettings,
    role: channel.role,
    status: 'pending',
    answers: 0,
    createdAt: channel.createdAt,
    urls: { location: urls.api(`/orgs/${site.organizationId}/sites/${site.id}/channels/${channel.id}`) },
  } as newer.SiteChannel;
}
