/**
 * The builder's input for a site made through the sites API: its sections and site spaces as this visitor may see
 * them (conditions evaluated against their claims), each with its effective customization, content references in
 * the customization resolved to site URLs, and the site's redirects.
 */
import type { Domain } from '../domain/index.js';
import type { RevisionView } from '../domain/content/content.js';
import type { SiteStructureView, SiteSpaceView } from '../domain/sites/sites.js';
import type { HeaderLink, SiteCustomization } from './customization.js';
import { siteOpenAPI } from './openapi/specs.js';
import { gitbookRedirects } from './space-site.js';
import type { SiteInput, SiteSpaceInput } from './types.js';
import { normalizeBase, SpaceUrls } from './urls.js';

export interface ApiSiteOptions {
  /** `visitor.claims` for conditions; none: a visitor with no claims (what a static public build shows). */
  claims?: Record<string, unknown>;
  /** Where the site is served: `/` for a static build, `/<basename>/` on `docs serve`. */
  basePath?: string;
  siteUrl?: string;
  /** The site is served by `docs serve`: its feedback widget posts to the server's API. */
  served?: boolean;
}

/** The site with this id (or basename), ready to build; 404 through DomainError when there is none. */
export async function apiSite(domain: Domain, siteId: string, options: ApiSiteOptions = {}): Promise<SiteInput> {
  const tree = await domain.sites.structure(null, siteId);
  const visitor = { claims: options.claims ?? {} };
  const shows = (condition: string | null) => domain.sites.publishing.shows(condition, visitor);
  const base = normalizeBase(options.basePath);
  const sectionOf = new Map(tree.sections.flatMap((section) => section.siteSpaces.map((node) => [node.record.id, section] as const)));
  // Each section's default site space first: its URL is the section's tab.
  const visible = tree.siteSpaces
    .filter((node) => {
      const section = sectionOf.get(node.record.id);
      return shows(node.record.condition) && (!section || shows(section.record.condition));
    })
    .map((node, index) => ({ node, key: [tree.sections.indexOf(sectionOf.get(node.record.id)!), node.default ? 0 : 1, index] }))
    .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]!)
    .map(({ node }) => node);
  const views = new Map(await Promise.all(visible.map(async (node) => [node.record.id, await domain.content.published(node.spaceId)] as const)));
  const refs = new RefResolver(base, visible, views);

  const spaces = await Promise.all(
    visible.map(async (node): Promise<SiteSpaceInput> => {
      const section = sectionOf.get(node.record.id);
      const view = views.get(node.record.id)!;
      const redirects = await gitbookRedirects(domain, node.spaceId);
      return {
        prefix: node.urlPath,
        siteSpaceId: node.record.id,
        title: node.space.space.title,
        view,
        ...(section ? { section: section.record.id, sectionTitle: section.record.title } : {}),
        ...(node.record.hidden ? { hidden: true } : {}),
        customization: refs.customization(node.customization as unknown as ApiCustomization, view, shows),
        ...(Object.keys(redirects).length ? { redirects } : {}),
      };
    }),
  );

  const links = navigationLinks(tree, shows);
  return {
    title: tree.site.title,
    basePath: base,
    ...(links.length ? { links } : {}),
    ...(options.siteUrl ? { siteUrl: options.siteUrl.replace(/\/+$/, '') } : {}),
    ...(options.served ? { feedbackEndpoint: `/v1/orgs/${tree.site.organizationId}/sites/${tree.site.id}/insights/events` } : {}),
    spaces,
    openapi: await siteOpenAPI(domain, tree.site.organizationId, [...views.values()]),
    // `{% if %}` blocks read the claims only on sites with adaptive content (else every visitor gets one build).
    ...(tree.site.adaptiveContent && options.claims ? { claims: options.claims } : {}),
    redirects: (await domain.sites.redirects.all(tree.site)).map(({ redirect, path }) => ({
      from: redirect.source.replace(/^\/+|\/+$/g, ''),
      to: `${base}${withSlash(path)}`,
    })),
  };
}

/**
 * The published external links (no drafts, conditions met) in structure order, each with the section it follows (in
 * the order sections show: groups expanded in place).
 */
function navigationLinks(tree: SiteStructureView, shows: (condition: string | null) => boolean): NonNullable<SiteInput['links']> {
  const links: NonNullable<SiteInput['links']> = [];
  let after: string | undefined;
  const walk = (nodes: readonly { kind: string }[]) => {
    for (const node of nodes as SiteStructureView['root']) {
      if (node.kind === 'section') after = node.record.id;
      else if (node.kind === 'group') walk(node.children);
      else if (node.kind === 'link' && !node.record.draft && shows(node.record.condition)) {
        links.push({ title: node.record.title, url: node.record.url, ...(after ? { after } : {}) });
      }
    }
  };
  if (tree.type === 'sections') walk(tree.root);
  return links;
}

/** The site spaces a visitor with these claims sees, as a stable key: two visitors with the same key see the same site. */
export function visibleSiteSpaces(domain: Domain, tree: SiteStructureView, claims: Record<string, unknown>): string[] {
  const visitor = { claims };
  return tree.sections
    .flatMap((section) => (domain.sites.publishing.shows(section.record.condition, visitor) ? section.siteSpaces : []))
    .concat(tree.type === 'siteSpaces' ? tree.siteSpaces : [])
    .filter((node) => domain.sites.publishing.shows(node.record.condition, visitor))
    .map((node) => node.record.id);
}

type ApiLink = { title: string; to?: ContentRef | null; links?: ApiLink[]; condition?: string; style?: HeaderLink['style'] };
type ApiCustomization = Omit<SiteCustomization, 'header' | 'footer' | 'announcement'> & {
  header?: { logo?: { light: string; dark: string }; links?: ApiLink[] };
  footer?: { logo?: { light: string; dark: string }; groups?: Array<{ title: string; links: ApiLink[] }>; copyright?: string };
  announcement?: { enabled?: boolean; message?: string; link?: ApiLink | null; style?: 'info' | 'warning' | 'danger' | 'success' };
};
type ContentRef =
  | { kind: 'url'; url: string }
  | { kind: 'page'; page: string; space?: string }
  | { kind: 'anchor'; anchor: string; page?: string; space?: string }
  | { kind: 'file'; file: string }
  | { kind: 'space'; space: string }
  | { kind: string };

/** Turns the API's content references (`{kind: 'page', page}`) into the URLs they have in this build. */
class RefResolver {
  private readonly bySpace = new Map<string, { urls: SpaceUrls; view: RevisionView }>();

  constructor(base: string, nodes: SiteSpaceView[], views: Map<string, RevisionView>) {
    // The default site space of a space wins when a space appears more than once.
    for (const node of [...nodes].sort((a, b) => Number(b.default) - Number(a.default))) {
      if (this.bySpace.has(node.spaceId)) continue;
      const view = views.get(node.record.id)!;
      this.bySpace.set(node.spaceId, { urls: new SpaceUrls(base, node.urlPath, view.content.pages), view });
    }
  }

  customization(settings: ApiCustomization, current: RevisionView, shows: (condition: string | null) => boolean): SiteCustomization {
    const link = (l: ApiLink): HeaderLink | null => {
      if (l.condition && !shows(l.condition)) return null;
      const children = (l.links ?? []).flatMap((child) => {
        const resolved = link(child);
        return resolved ? [{ title: resolved.title, to: resolved.to }] : [];
      });
      const to = l.to ? this.url(l.to, current) : undefined;
      if (to === undefined && !children.length) return null;
      return { title: l.title, to: to ?? children[0]!.to, ...(l.style ? { style: l.style } : {}), ...(children.length ? { links: children } : {}) };
    };
    const links = (list: ApiLink[] | undefined) => (list ?? []).flatMap((l) => link(l) ?? []);
    const { header, footer, announcement, ...rest } = settings;
    const announcementLink = announcement?.link ? link(announcement.link) : null;
    return {
      ...rest,
      ...(header ? { header: { ...header, links: links(header.links) } } : {}),
      ...(footer ? { footer: { ...footer, groups: (footer.groups ?? []).map((g) => ({ title: g.title, links: links(g.links) })) } } : {}),
      ...(announcement ? { announcement: { ...announcement, ...(announcementLink ? { link: announcementLink } : { link: undefined }) } } : {}),
    } as SiteCustomization;
  }

  /** The URL of a reference, or undefined when it leads outside what this build has. */
  url(ref: ContentRef, current: RevisionView): string | undefined {
    const target = (spaceId: string | undefined) => this.bySpace.get(spaceId ?? current.space.id);
    switch (ref.kind) {
      case 'url':
        return (ref as { url: string }).url;
      case 'space':
        return target((ref as { space: string }).space)?.urls.root();
      case 'page':
      case 'anchor': {
        const r = ref as { page?: string; space?: string; anchor?: string };
        const at = target(r.space);
        const page = r.page ? at?.view.index.pages.get(r.page) : undefined;
        if (!at || (r.page && !page)) return undefined;
        return page ? at.urls.page(page, r.anchor) : `#${encodeURIComponent(r.anchor ?? '')}`;
      }
      case 'file': {
        const at = target(undefined);
        const file = at?.view.content.files.find((f) => f.id === (ref as { file: string }).file);
        return file && at ? at.urls.file(file) : undefined;
      }
      default:
        return undefined;
    }
  }
}

/** A site path as the builder writes page URLs: a directory, with its slash (before any anchor). */
function withSlash(path: string): string {
  const [dir = '', anchor] = path.split('#');
  const slashed = dir && !dir.endsWith('/') ? `${dir}/` : dir;
  return anchor === undefined ? slashed : `${slashed}#${anchor}`;
}
