import { type DefaultLevel, newId, type SiteRecord, type SiteType, type SiteVisibility } from '../../model/index.js';
import { type Caller, type Deps, nowIso } from '../core/context.js';
import { invalidInput, conflict, forbidden, notFound } from '../core/errors.js';
import type { Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import { atLeast, type RoleName } from '../core/roles.js';
import { SiteAccess } from './access.js';
import { refuseDraft } from './live-structure.js';
import { type CustomizationSettings, siteCustomization } from './customization.js';
import { SiteCustomizations } from './customizations.js';
import { SiteSectionGroups } from './groups.js';
import { checkSegment, freePath, RESERVED_BASENAMES } from './paths.js';
import { SitePermissions } from './permissions.js';
import { SitePublishing } from './publishing.js';
import { SiteSearch } from './search.js';
import { SiteRedirects } from './redirects.js';
import { SiteSections } from './sections.js';
import { SiteShareLinks } from './share-links.js';
import { SiteMcpServers } from './mcp-servers.js';
import { SiteExternalLinks } from './external-links.js';
import { SiteInsights } from './insights.js';
import { SiteChannels } from './channels.js';
import { SiteSpaces } from './site-spaces.js';
import { SiteStructureSort } from './sort.js';
import { buildTree, type GroupNode, type SectionNode, type SiteSpaceNode, type SiteTree, type StructureNode } from './structure.js';
import type { Contents } from '../content/content.js';
import type { Spaces, SpaceView } from '../spaces/spaces.js';

export { DEFAULT_CUSTOMIZATION, effectiveCustomization, type CustomizationSettings } from './customization.js';
export { SHARE_KEY_PARAM } from './share-links.js';
export { PREVIEW_PARAM } from './preview.js';
export type { ShareLinkView } from './share-links.js';
export type { McpServerInput, McpServerView } from './mcp-servers.js';
export type { ChannelView } from './channels.js';
export type { RedirectTarget } from './redirects.js';
export type { SitePermission } from './permissions.js';
export type { SiteSearchRequest, SiteSearchResult } from './search.js';
export { VISITOR_TOKEN_PARAM, VisitorDenied, type Visitor, type VisitorCredentials } from './publishing.js';
export type { StructurePointer, StructurePosition } from './sort.js';

/** What the API and the builder read: a site's tree, each site space carrying its space as the caller sees it. */
export type SiteStructureView = SiteTree<SpaceView>;
export type SiteSpaceView = SiteSpaceNode<SpaceView>;
export type SiteSectionView = SectionNode<SpaceView>;
export type SiteSectionGroupView = GroupNode<SpaceView>;
export type SiteStructureItemView = StructureNode<SpaceView>;

export interface SiteView {
  site: SiteRecord;
  /** The caller's role on the site (their organization role). */
  role: RoleName | null;
  siteSpaces: number;
}

export interface SiteInput {
  type?: SiteType;
  title?: string;
  visibility?: SiteVisibility;
  spaces?: string[];
}

export interface SitePatch {
  title?: string;
  visibility?: SiteVisibility;
  basename?: string;
  adaptiveContent?: { enabled: boolean };
  agentsContext?: SiteRecord['agentsContext'];
  defaultSiteSpace?: string;
  defaultSiteSection?: string;
  proxy?: string | null;
  defaultLevel?: DefaultLevel;
  /** A style guide space: GitBook's AI style-guide runs, which need its cloud. */
  styleguide?: string | null;
}

export interface SiteQuery extends PageRequest {
  space?: string;
  title?: string;
  published?: boolean;
  type?: SiteType[];
}

/** The site's tree and customizations, as visitors get them (`getPublishedContentSite`). */
export interface PublishedSiteView {
  site: SiteView;
  structure: SiteStructureView;
  customization: CustomizationSettings;
  siteSpaceCustomizations: Record<string, CustomizationSettings>;
}

/**
 * Docs sites: a site publishes spaces (site spaces), at its root or in sections, which section groups
 * may gather. URLs: `/<basename>/<section path>/<site-space path>/<page path>`, with the default section
 * and default site spaces collapsing to shorter URLs.
 */
export class Sites {
  readonly access: SiteAccess;
  readonly siteSpaces: SiteSpaces;
  readonly sections: SiteSections;
  readonly groups: SiteSectionGroups;
  readonly sort: SiteStructureSort;
  readonly shareLinks: SiteShareLinks;
  readonly redirects: SiteRedirects;
  readonly customizations: SiteCustomizations;
  readonly permissions: SitePermissions;
  readonly publishing: SitePublishing;
  readonly search: SiteSearch;
  readonly mcpServers: SiteMcpServers;
  readonly externalLinks: SiteExternalLinks;
  readonly channels: SiteChannels;
  readonly insights: SiteInsights;

  constructor(
    private readonly deps: Deps,
    organizations: Organizations,
    spaces: Spaces,
    content: Contents,
  ) {
    this.access = new SiteAccess(deps, organizations, spaces);
    this.siteSpaces = new SiteSpaces(this.access);
    this.sections = new SiteSections(this.access, this.siteSpaces);
    this.groups = new SiteSectionGroups(this.access);
    this.sort = new SiteStructureSort(this.access);
    this.shareLinks = new SiteShareLinks(this.access);
    this.redirects = new SiteRedirects(this.access);
    this.customizations = new SiteCustomizations(this.access, this.siteSpaces);
    this.permissions = new SitePermissions(this.access);
    this.publishing = new SitePublishing(this.access);
    this.search = new SiteSearch(this.access, content);
    this.mcpServers = new SiteMcpServers(this.access);
    this.externalLinks = new SiteExternalLinks(this.access);
    this.channels = new SiteChannels(this.access);
    this.insights = new SiteInsights(this.access, content);
  }

  async list(caller: Caller, organizationId: string, query: SiteQuery): Promise<Page<SiteView>> {
    const org = await this.access.organizations.find(organizationId);
    // Guests see the sites they were given a role on.
    await caller.access.requireOrganization(org, 'member');
    const { sites } = this.deps.store;
    const showing = query.space !== undefined ? new Set(await sites.sitesShowing(query.space)) : undefined;
    const title = query.title?.toLowerCase();
    const items = (
      await Promise.all(
        (
          await sites.in(org.id)
        )
          .filter((s) => !showing || showing.has(s.id))
          .filter((s) => !title || s.title.toLowerCase().includes(title))
          .filter((s) => query.published === undefined || s.published === query.published)
          .filter((s) => !query.type?.length || query.type.includes(s.type))
          .map(async (site) => {
            const role = await caller.access.siteRole(site);
            return role ? await this.view(site, role) : undefined;
          }),
      )
    ).filter((v): v is SiteView => v !== undefined);
    return paginate(items, query, (v) => [v.site.createdAt, v.site.id]);
  }

  async get(caller: Caller, organizationId: string, siteId: string): Promise<SiteView> {
    const { site, role } = await this.access.require(caller, organizationId, siteId, 'read');
    return await this.view(site, role);
  }

  async create(caller: Caller, organizationId: string, input: SiteInput): Promise<SiteView> {
    const org = await this.access.organizations.find(organizationId);
    const role = await caller.access.requireOrganization(org, 'create');
    const { store } = this.deps;
    const title = input.title ?? 'Docs';
    const site = await store.tx(async () => {
      const now = nowIso(this.deps);
      const record: SiteRecord = {
        id: newId(),
        organizationId: org.id,
        type: input.type ?? 'basic',
        title,
        visibility: input.visibility ?? 'public',
        basename: await this.freeBasename(title),
        proxy: null,
        published: false,
        adaptiveContent: false,
        agentsContext: 'included',
        defaultSectionId: null,
        defaultSiteSpaceId: null,
        defaultLevel: 'inherit',
        customization: null,
        createdAt: now,
        updatedAt: now,
      };
      await store.sites.put(record);
      for (const spaceId of input.spaces ?? []) {
        const space = await this.siteSpaces.space(caller, record, spaceId, 'spaces');
        await this.siteSpaces.insert(record, await this.access.tree(caller, record), space, null);
      }
      return (await store.sites.get(record.id))!;
    });
    return await this.view(site, role);
  }

  async update(caller: Caller, organizationId: string, siteId: string, patch: SitePatch): Promise<SiteView> {
    if (patch.styleguide) throw invalidInput("styleguide: style guides run on GitBook's cloud AI; this server keeps none (send null or leave it out)");
    const { site, role } = await this.access.require(caller, organizationId, siteId, 'create');
    if (patch.defaultLevel !== undefined && !atLeast(role, 'admin')) {
      throw forbidden(`defaultLevel: who reaches the site ${site.id} is for its admins to set; you have ${role}`);
    }
    const next = await this.deps.store.tx(async () => {
      // The site as it is now: a record read before the transaction would undo another writer's change.
      const current = await this.access.find(organizationId, siteId);
      const tree = await this.access.tree(caller, current);
      const out: SiteRecord = { ...current };
      if (patch.title !== undefined) out.title = patch.title;
      if (patch.visibility !== undefined) out.visibility = patch.visibility;
      if (patch.basename !== undefined) out.basename = await this.checkBasename(patch.basename, site.id);
      if (patch.adaptiveContent !== undefined) out.adaptiveContent = patch.adaptiveContent.enabled;
      if (patch.agentsContext !== undefined) out.agentsContext = patch.agentsContext;
      if (patch.proxy !== undefined) out.proxy = patch.proxy;
      if (patch.defaultLevel !== undefined) out.defaultLevel = patch.defaultLevel;
      if (patch.defaultSiteSection !== undefined) {
        if (!tree.sections.some((s) => s.record.id === patch.defaultSiteSection)) {
          throw invalidInput(`defaultSiteSection: no section ${patch.defaultSiteSection} in the site ${site.id}`);
        }
        out.defaultSectionId = patch.defaultSiteSection;
      }
      if (patch.defaultSiteSpace !== undefined) await this.setDefaultSiteSpace(out, patch.defaultSiteSpace);
      return await this.access.save(out);
    });
    return await this.view(next, role);
  }

  /**
   * `duplicateSiteSpace`: a full copy of the site space's space (as `duplicateSpace` makes it), shown right after the
   * original: in a new section after the original's when it is the only variant of its section, else as a variant
   * beside it. Quire keeps no drafts of a site's structure: `draft: true` is refused.
   */
  async duplicateSiteSpace(caller: Caller, organizationId: string, siteId: string, siteSpaceId: string, draft = false): Promise<SiteSpaceView> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    refuseDraft(draft, 'site space');
    const tree = await this.access.tree(caller, site);
    const node = tree.siteSpaces.find((n) => n.record.id === siteSpaceId);
    if (!node) throw notFound(`No matching site space ${siteSpaceId} in the site ${site.id}`);
    const section = tree.sections.find((s) => s.record.id === node.record.sectionId);
    const copy = await this.access.spaces.duplicate(caller, node.spaceId);
    if (section && section.siteSpaces.length === 1) {
      const added = await this.sections.add(caller, organizationId, siteId, { spaceId: copy.space.id, title: `${section.record.title} (copy)` });
      await this.sort.sort(
        caller,
        organizationId,
        siteId,
        { type: 'site-section', id: added.record.id },
        { after: { type: 'site-section', id: section.record.id } },
      );
      return added.siteSpaces[0]!;
    }
    const added = await this.siteSpaces.add(caller, organizationId, siteId, { spaceId: copy.space.id, ...(section ? { sectionId: section.record.id } : {}) });
    return (await this.sort.sort(
      caller,
      organizationId,
      siteId,
      { type: 'site-space', id: added.record.id },
      { after: { type: 'site-space', id: node.record.id } },
    )) as SiteSpaceView;
  }

  /**
   * `applyTemplateToSite`: an empty site gets a space made from the built-in product documentation template (home,
   * quickstart, guides, reference), titled as the site, as its content. 409 when the site shows spaces already.
   */
  async applyTemplate(caller: Caller, organizationId: string, siteId: string): Promise<SiteView> {
    const { site, role } = await this.access.require(caller, organizationId, siteId, 'create');
    if ((await this.access.tree(null, site)).siteSpaces.length) throw conflict(`The site ${site.id} has content already: a template fills an empty site`);
    const space = await this.access.spaces.create(caller, organizationId, { title: site.title, template: { id: 'product-docs' } });
    await this.siteSpaces.add(caller, organizationId, siteId, { spaceId: space.space.id });
    return await this.view((await this.deps.store.sites.get(site.id))!, role);
  }

  /** At the root, or in the default section when the site has sections. */
  private async setDefaultSiteSpace(site: SiteRecord, siteSpaceId: string): Promise<void> {
    const { store } = this.deps;
    const tree = await this.access.tree(null, site);
    const node = tree.siteSpaces.find((n) => n.record.id === siteSpaceId);
    if (!node) throw invalidInput(`defaultSiteSpace: no site space ${siteSpaceId} in the site ${site.id}`);
    if (tree.type === 'siteSpaces') {
      site.defaultSiteSpaceId = siteSpaceId;
      return;
    }
    const section = tree.sections.find((s) => s.default)!;
    if (node.record.sectionId !== section.record.id) {
      throw invalidInput(`defaultSiteSpace: the site space ${siteSpaceId} is not in the default section ${section.record.id}`);
    }
    await store.sites.putSection({ ...section.record, defaultSiteSpaceId: siteSpaceId });
  }

  /** Needs the admin role on the site; for a site that is not there, the organization's. */
  async delete(caller: Caller, organizationId: string, siteId: string): Promise<boolean> {
    const org = await this.access.organizations.find(organizationId);
    const { store } = this.deps;
    const site = await store.sites.get(siteId);
    if (!site || site.organizationId !== organizationId) {
      await caller.access.requireOrganization(org, 'admin');
      return false;
    }
    await this.access.require(caller, organizationId, siteId, 'admin');
    return await store.tx(async () => {
      for (const grant of await store.grants.on('site', site.id)) await store.grants.remove('site', site.id, grant.principalKind, grant.principalId);
      return await store.sites.delete(site.id);
    });
  }

  async publish(caller: Caller, organizationId: string, siteId: string, published: boolean): Promise<SiteView> {
    const { site, role } = await this.access.require(caller, organizationId, siteId, 'create');
    return await this.view(site.published === published ? site : await this.access.change(site.id, (current) => ({ ...current, published })), role);
  }

  /** The site's tree as the caller sees it: what the API lists and the builder walks. */
  async structure(caller: Caller | null, siteId: string): Promise<SiteStructureView> {
    const site = await this.deps.store.sites.get(siteId);
    if (!site) throw notFound(`No matching site found for the ID ${siteId}`);
    if (caller) await this.access.require(caller, site.organizationId, siteId, 'read');
    return await this.access.tree(caller, site);
  }

  /** `getSiteStructure` and the lists of sections, groups and site spaces. */
  async tree(caller: Caller, organizationId: string, siteId: string): Promise<SiteStructureView> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'read');
    return await this.access.tree(caller, site);
  }

  /** Sections in display order (groups expanded in place). */
  async listSections(caller: Caller, organizationId: string, siteId: string, request: PageRequest): Promise<Page<SiteSectionView>> {
    return inOrder((await this.tree(caller, organizationId, siteId)).sections, request);
  }

  async listGroups(caller: Caller, organizationId: string, siteId: string, request: PageRequest): Promise<Page<SiteSectionGroupView>> {
    return inOrder((await this.tree(caller, organizationId, siteId)).groups, request);
  }

  /** `isDefault`: only the default site space of each section (or of the root), or only the others. */
  async listSiteSpaces(caller: Caller, organizationId: string, siteId: string, request: PageRequest & { isDefault?: boolean }): Promise<Page<SiteSpaceView>> {
    const nodes = (await this.tree(caller, organizationId, siteId)).siteSpaces;
    return inOrder(request.isDefault === undefined ? nodes : nodes.filter((n) => n.default === request.isDefault), request);
  }

  async published(caller: Caller, organizationId: string, siteId: string): Promise<PublishedSiteView> {
    const { site, role } = await this.access.require(caller, organizationId, siteId, 'read');
    if (!site.published) throw notFound(`No matching site found: the site ${site.id} is not published`);
    // What is published: draft external links are left out.
    const records = await this.access.records(site);
    const structure = await this.access.tree(caller, site, { ...records, links: (records.links ?? []).filter((l) => !l.draft) });
    return {
      site: await this.view(site, role),
      structure,
      customization: siteCustomization(site),
      siteSpaceCustomizations: Object.fromEntries(structure.siteSpaces.map((n) => [n.record.id, n.customization])),
    };
  }

  async view(site: SiteRecord, role: RoleName | null): Promise<SiteView> {
    const { content } = this.deps.store;
    const live = async (spaceId: string) => ((await content.space(spaceId))?.deletedAt === null ? true : undefined);
    return { site, role, siteSpaces: buildTree(await this.access.records(site), live).siteSpaces.length };
  }

  private async freeBasename(title: string): Promise<string> {
    const taken = new Set<string>(RESERVED_BASENAMES);
    const base = freePath(title, [], 'site');
    let candidate = base;
    for (let n = 1; taken.has(candidate) || (await this.deps.store.sites.byBasename(candidate)); n++) candidate = `${base}-${n}`;
    return candidate;
  }

  private async checkBasename(basename: string, siteId: string): Promise<string> {
    checkSegment('basename', basename);
    if (RESERVED_BASENAMES.has(basename.toLowerCase())) throw invalidInput(`basename: "${basename}" is reserved for the server's own routes`);
    const other = await this.deps.store.sites.byBasename(basename);
    if (other && other.id !== siteId) throw conflict(`basename: "${basename}" is already the basename of another site`);
    return basename;
  }
}

/** Pages through structure items in display order. */
function inOrder<T extends { record: { id: string } }>(items: T[], request: PageRequest): Page<T> {
  const order = new Map(items.map((item, index) => [item.record.id, index]));
  return paginate(items, request, (item) => [order.get(item.record.id)!, item.record.id]);
}
