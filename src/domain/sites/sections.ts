import { newId, type SiteRecord, type SiteSectionRecord } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, notFound } from '../core/errors.js';
import type { SpaceView } from '../spaces/spaces.js';
import type { SiteAccess } from './access.js';
import { refuseCustomHomePage, refuseDraft } from './live-structure.js';
import { placeUnder } from './placement.js';
import { checkSegment, checkUnique, freePath } from './paths.js';
import type { SiteSpaces } from './site-spaces.js';
import { positionAmong, type SectionNode, siblingsIn, type SiteTree } from './structure.js';
import { checkCondition } from './conditions.js';

export interface SectionInput {
  spaceId: string;
  title?: string | null;
  icon?: string | null;
  /** The section group to add it to; none: the site's root. */
  siteSectionGroupId?: string | null;
  draft?: boolean;
  pageId?: string | null;
}

export interface SectionPatch {
  title?: string;
  path?: string;
  defaultSiteSpace?: string;
  condition?: string | null;
  icon?: string | null;
  description?: string | null;
  localizedTitle?: Record<string, string> | null;
  localizedDescription?: Record<string, string> | null;
  /** Moves the section, last, into this group; null: to the site's root. */
  siteSectionGroupId?: string | null;
  draft?: boolean;
}

const TITLE_MIN = 2;

/** Paths a section may not take: the other sections', and those of the default section's site spaces (both sit right under the site root). */
function takenBySections(tree: SiteTree<unknown>, exceptId?: string): string[] {
  const others = tree.sections.filter((s) => s.record.id !== exceptId);
  const inDefault = tree.sections.find((s) => s.default && s.record.id !== exceptId)?.siteSpaces.filter((n) => !n.default) ?? [];
  return [...others.map((s) => s.record.path), ...inDefault.map((n) => n.record.path)];
}

/** The sections of a site. The first section added to a site that already shows spaces takes those spaces in. */
export class SiteSections {
  constructor(
    private readonly access: SiteAccess,
    private readonly siteSpaces: SiteSpaces,
  ) {}

  async add(caller: Caller, organizationId: string, siteId: string, input: SectionInput): Promise<SectionNode<SpaceView>> {
    refuseDraft(input.draft, 'section');
    refuseCustomHomePage(input.pageId);
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const space = await this.siteSpaces.space(caller, site, input.spaceId, 'spaceId');
    const { store } = this.access.deps;
    const id = await store.tx(async () => {
      let tree = await this.access.tree(caller, site);
      if (tree.type === 'siteSpaces' && tree.siteSpaces.length) {
        const first = tree.siteSpaces.find((n) => n.default) ?? tree.siteSpaces[0]!;
        const section = await this.insert(site, tree, first.space.space.title, null, first.record.id);
        for (const node of tree.siteSpaces) await store.sites.putSiteSpace({ ...node.record, sectionId: section.id });
        await this.access.save({ ...(await store.sites.get(site.id))!, defaultSectionId: section.id, defaultSiteSpaceId: null });
        tree = await this.access.tree(caller, (await store.sites.get(site.id))!);
      }
      const title = input.title ?? space.title;
      const section = await this.insert(site, tree, title.length >= TITLE_MIN ? title : `${title} section`.trim(), input.icon ?? null, null);
      await this.siteSpaces.insert(site, await this.access.tree(caller, (await store.sites.get(site.id))!), space, section.id);
      const current = (await store.sites.get(site.id))!;
      if (!current.defaultSectionId) await this.access.save({ ...current, defaultSectionId: section.id });
      if (input.siteSectionGroupId) {
        const now = await this.access.tree(caller, (await store.sites.get(site.id))!);
        await placeUnder(this.access, now, this.find(now, section.id), input.siteSectionGroupId);
      }
      return section.id;
    });
    return await this.node(caller, siteId, id);
  }

  private async insert(
    site: SiteRecord,
    tree: SiteTree<unknown>,
    title: string,
    icon: string | null,
    defaultSiteSpaceId: string | null,
  ): Promise<SiteSectionRecord> {
    const record: SiteSectionRecord = {
      id: newId(),
      siteId: site.id,
      groupId: null,
      title,
      localizedTitle: null,
      path: freePath(title, takenBySections(tree), 'section'),
      description: null,
      localizedDescription: null,
      icon,
      condition: null,
      defaultSiteSpaceId,
      position: positionAmong(siblingsIn(tree, null)),
      createdAt: nowIso(this.access.deps),
    };
    await this.access.deps.store.sites.putSection(record);
    return record;
  }

  async update(caller: Caller, organizationId: string, siteId: string, sectionId: string, patch: SectionPatch): Promise<SectionNode<SpaceView>> {
    refuseDraft(patch.draft, 'section');
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    await store.tx(async () => {
      const tree = await this.access.tree(caller, site);
      const node = this.find(tree, sectionId);
      const next: SiteSectionRecord = { ...node.record };
      if (patch.title !== undefined) next.title = patch.title;
      if (patch.path !== undefined) {
        checkSegment('path', patch.path);
        checkUnique('path', patch.path, takenBySections(tree, sectionId));
        next.path = patch.path;
      }
      if (patch.defaultSiteSpace !== undefined) {
        if (!node.siteSpaces.some((n) => n.record.id === patch.defaultSiteSpace)) {
          throw invalidInput(`defaultSiteSpace: no site space ${patch.defaultSiteSpace} in the section ${sectionId}`);
        }
        next.defaultSiteSpaceId = patch.defaultSiteSpace;
      }
      if (patch.condition !== undefined) next.condition = checkCondition(patch.condition);
      if (patch.icon !== undefined) next.icon = patch.icon;
      if (patch.description !== undefined) next.description = patch.description;
      if (patch.localizedTitle !== undefined) next.localizedTitle = patch.localizedTitle;
      if (patch.localizedDescription !== undefined) next.localizedDescription = patch.localizedDescription;
      await store.sites.putSection(next);
      if (patch.siteSectionGroupId !== undefined && patch.siteSectionGroupId !== next.groupId) {
        await placeUnder(this.access, tree, { ...node, record: next }, patch.siteSectionGroupId);
      }
      await this.access.change(site.id);
    });
    return await this.node(caller, siteId, sectionId);
  }

  /** Removes the section and its site spaces; true when it was there. */
  async delete(caller: Caller, organizationId: string, siteId: string, sectionId: string): Promise<boolean> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    return await store.tx(async () => {
      if (!(await store.sites.sections(site.id)).some((s) => s.id === sectionId)) return false;
      await store.sites.deleteSection(sectionId);
      await this.access.change(site.id, (current) => (current.defaultSectionId === sectionId ? { ...current, defaultSectionId: null } : current));
      return true;
    });
  }

  find<S>(tree: SiteTree<S>, sectionId: string): SectionNode<S> {
    const node = tree.sections.find((s) => s.record.id === sectionId);
    if (!node) throw notFound(`No matching site section ${sectionId} in the site ${tree.site.id}`);
    return node;
  }

  async node(caller: Caller, siteId: string, sectionId: string): Promise<SectionNode<SpaceView>> {
    return this.find(await this.access.tree(caller, (await this.access.deps.store.sites.get(siteId))!), sectionId);
  }
}
