import { newId, type SiteSectionGroupRecord } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, notFound } from '../core/errors.js';
import type { SpaceView } from '../spaces/spaces.js';
import type { SiteAccess } from './access.js';
import { siblingsIn } from './structure.js';
import { refuseDraft } from './live-structure.js';
import { placeUnder } from './placement.js';
import { type GroupNode, positionAmong, type SiteTree } from './structure.js';

export interface GroupInput {
  title: string;
  icon?: string | null;
  sections?: string[];
  parent?: string;
  draft?: boolean;
}

export interface GroupPatch {
  title?: string;
  icon?: string | null;
  localizedTitle?: Record<string, string> | null;
  /** Moves the group, last, into this group; null: to the site's root. */
  parentSectionGroupId?: string | null;
  draft?: boolean;
}

/** Section groups: named sets of sections (and of other groups) in the site's header. */
export class SiteSectionGroups {
  constructor(private readonly access: SiteAccess) {}

  async add(caller: Caller, organizationId: string, siteId: string, input: GroupInput): Promise<GroupNode<SpaceView>> {
    refuseDraft(input.draft, 'section group');
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    const id = await store.tx(async () => {
      const tree = await this.access.tree(caller, site);
      if (tree.type !== 'sections') throw invalidInput(`The site ${site.id} has no sections yet: add a section before grouping sections`);
      const parentId = input.parent ?? null;
      if (parentId !== null && !tree.groups.some((g) => g.record.id === parentId))
        throw invalidInput(`parent: no section group ${parentId} in the site ${site.id}`);
      for (const sectionId of input.sections ?? []) {
        if (!tree.sections.some((s) => s.record.id === sectionId)) throw invalidInput(`sections: no section ${sectionId} in the site ${site.id}`);
      }
      const group: SiteSectionGroupRecord = {
        id: newId(),
        siteId: site.id,
        parentId,
        title: input.title,
        localizedTitle: null,
        icon: input.icon ?? null,
        position: positionAmong(siblingsIn(tree, parentId)),
        createdAt: nowIso(this.access.deps),
      };
      await store.sites.putGroup(group);
      const sections = await store.sites.sections(site.id);
      for (const [index, sectionId] of (input.sections ?? []).entries()) {
        await store.sites.putSection({ ...sections.find((s) => s.id === sectionId)!, groupId: group.id, position: index + 1 });
      }
      await this.access.change(site.id);
      return group.id;
    });
    return await this.node(caller, siteId, id);
  }

  async update(caller: Caller, organizationId: string, siteId: string, groupId: string, patch: GroupPatch): Promise<GroupNode<SpaceView>> {
    refuseDraft(patch.draft, 'section group');
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    await store.tx(async () => {
      const tree = await this.access.tree(caller, site);
      const node = this.find(tree, groupId);
      const next = {
        ...node.record,
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.icon !== undefined ? { icon: patch.icon } : {}),
        ...(patch.localizedTitle !== undefined ? { localizedTitle: patch.localizedTitle } : {}),
      };
      await store.sites.putGroup(next);
      if (patch.parentSectionGroupId !== undefined && patch.parentSectionGroupId !== next.parentId) {
        await placeUnder(this.access, tree, { ...node, record: next }, patch.parentSectionGroupId);
      }
      await this.access.change(site.id);
    });
    return await this.node(caller, siteId, groupId);
  }

  /** Removes the group; what it held moves up to the group's place. True when it was there. */
  async delete(caller: Caller, organizationId: string, siteId: string, groupId: string): Promise<boolean> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    return await store.tx(async () => {
      const tree = await this.access.tree(caller, site);
      const node = tree.groups.find((g) => g.record.id === groupId);
      if (!node) return false;
      let previous = node.record.id;
      for (const child of node.children) {
        const siblings = siblingsIn(await this.access.tree(caller, site), node.record.parentId).filter((s) => s.id !== child.record.id);
        const position = positionAmong(siblings, { after: previous });
        if (child.kind === 'section') await store.sites.putSection({ ...child.record, groupId: node.record.parentId, position });
        else if (child.kind === 'link') await store.externalLinks.put({ ...child.record, groupId: node.record.parentId, position });
        else await store.sites.putGroup({ ...child.record, parentId: node.record.parentId, position });
        previous = child.record.id;
      }
      await store.sites.deleteGroup(groupId);
      await this.access.change(site.id);
      return true;
    });
  }

  async addSection(caller: Caller, organizationId: string, siteId: string, groupId: string, sectionId: string): Promise<GroupNode<SpaceView>> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    await store.tx(async () => {
      const tree = await this.access.tree(caller, site);
      this.find(tree, groupId);
      const section = tree.sections.find((s) => s.record.id === sectionId);
      if (!section) throw invalidInput(`sectionId: no section ${sectionId} in the site ${site.id}`);
      const siblings = siblingsIn(tree, groupId).filter((s) => s.id !== sectionId);
      await store.sites.putSection({ ...section.record, groupId, position: positionAmong(siblings) });
      await this.access.change(site.id);
    });
    return await this.node(caller, siteId, groupId);
  }

  /** Moves the section out of the group, right after it. True when the section was in the group. */
  async removeSection(caller: Caller, organizationId: string, siteId: string, groupId: string, sectionId: string): Promise<boolean> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    return await store.tx(async () => {
      const tree = await this.access.tree(caller, site);
      const group = this.find(tree, groupId).record;
      const section = tree.sections.find((s) => s.record.id === sectionId && s.record.groupId === groupId);
      if (!section) return false;
      const siblings = siblingsIn(tree, group.parentId);
      await store.sites.putSection({ ...section.record, groupId: group.parentId, position: positionAmong(siblings, { after: group.id }) });
      await this.access.change(site.id);
      return true;
    });
  }

  find<S>(tree: SiteTree<S>, groupId: string): GroupNode<S> {
    const node = tree.groups.find((g) => g.record.id === groupId);
    if (!node) throw notFound(`No matching site section group ${groupId} in the site ${tree.site.id}`);
    return node;
  }

  async node(caller: Caller, siteId: string, groupId: string): Promise<GroupNode<SpaceView>> {
    return this.find(await this.access.tree(caller, (await this.access.deps.store.sites.get(siteId))!), groupId);
  }
}
