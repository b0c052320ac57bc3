import { newId, type SiteSectionGroupRecord } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, notFound } from '../core/errors.js';
import type { SpaceView } from '../spaces/spaces.js';
import type { SiteAccess } from './access.js';
import { siblingsIn } from './sections.js';
import { type GroupNode, positionAmong, type SiteTree } from './structure.js';

export interface GroupInput {
  title: string;
  icon?: string | null;
  sections?: string[];
  parent?: string;
}

export interface GroupPatch {
  title?: string;
  icon?: string | null;
}

/** Section groups: named sets of sections (and of other groups) in the site's header. */
export class SiteSectionGroups {
  constructor(private readonly access: SiteAccess) {}

  add(caller: Caller, organizationId: string, siteId: string, input: GroupInput): GroupNode<SpaceView> {
    const { site } = this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    const id = store.tx(() => {
      const tree = this.access.tree(caller, site);
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
        icon: input.icon ?? null,
        position: positionAmong(siblingsIn(tree, parentId)),
        createdAt: nowIso(this.access.deps),
      };
      store.sites.putGroup(group);
      const sections = store.sites.sections(site.id);
      (input.sections ?? []).forEach((sectionId, index) => {
        store.sites.putSection({ ...sections.find((s) => s.id === sectionId)!, groupId: group.id, position: index + 1 });
      });
      this.access.save(site);
      return group.id;
    });
    return this.node(caller, siteId, id);
  }

  update(caller: Caller, organizationId: string, siteId: string, groupId: string, patch: GroupPatch): GroupNode<SpaceView> {
    const { site } = this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    const group = this.find(this.access.tree(caller, site), groupId).record;
    store.tx(() => {
      store.sites.putGroup({
        ...group,
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.icon !== undefined ? { icon: patch.icon } : {}),
      });
      this.access.save(site);
    });
    return this.node(caller, siteId, groupId);
  }

  /** Removes the group; what it held moves up to the group's place. True when it was there. */
  delete(caller: Caller, organizationId: string, siteId: string, groupId: string): boolean {
    const { site } = this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    return store.tx(() => {
      const tree = this.access.tree(caller, site);
      const node = tree.groups.find((g) => g.record.id === groupId);
      if (!node) return false;
      let previous = node.record.id;
      for (const child of node.children) {
        const siblings = siblingsIn(this.access.tree(caller, site), node.record.parentId).filter((s) => s.id !== child.record.id);
        const position = positionAmong(siblings, { after: previous });
        if (child.kind === 'section') store.sites.putSection({ ...child.record, groupId: node.record.parentId, position });
        else store.sites.putGroup({ ...child.record, parentId: node.record.parentId, position });
        previous = child.record.id;
      }
      store.sites.deleteGroup(groupId);
      this.access.save(site);
      return true;
    });
  }

  addSection(caller: Caller, organizationId: string, siteId: string, groupId: string, sectionId: string): GroupNode<SpaceView> {
    const { site } = this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    store.tx(() => {
      const tree = this.access.tree(caller, site);
      this.find(tree, groupId);
      const section = tree.sections.find((s) => s.record.id === sectionId);
      if (!section) throw invalidInput(`sectionId: no section ${sectionId} in the site ${site.id}`);
      const siblings = siblingsIn(tree, groupId).filter((s) => s.id !== sectionId);
      store.sites.putSection({ ...section.record, groupId, position: positionAmong(siblings) });
      this.access.save(site);
    });
    return this.node(caller, siteId, groupId);
  }

  /** Moves the section out of the group, right after it. True when the section was in the group. */
  removeSection(caller: Caller, organizationId: string, siteId: string, groupId: string, sectionId: string): boolean {
    const { site } = this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    return store.tx(() => {
      const tree = this.access.tree(caller, site);
      const group = this.find(tree, groupId).record;
      const section = tree.sections.find((s) => s.record.id === sectionId && s.record.groupId === groupId);
      if (!section) return false;
      const siblings = siblingsIn(tree, group.parentId);
      store.sites.putSection({ ...section.record, groupId: group.parentId, position: positionAmong(siblings, { after: group.id }) });
      this.access.save(site);
      return true;
    });
  }

  find<S>(tree: SiteTree<S>, groupId: string): GroupNode<S> {
    const node = tree.groups.find((g) => g.record.id === groupId);
    if (!node) throw notFound(`No matching site section group ${groupId} in the site ${tree.site.id}`);
    return node;
  }

  node(caller: Caller, siteId: string, groupId: string): GroupNode<SpaceView> {
    return this.find(this.access.tree(caller, this.access.deps.store.sites.get(siteId)!), groupId);
  }
}
