import type { Caller } from '../core/context.js';
import { invalidInput, notFound } from '../core/errors.js';
import type { SpaceView } from '../spaces/spaces.js';
import type { SiteAccess } from './access.js';
import { freePath } from './paths.js';
import { placeUnder } from './placement.js';
import { takenPaths } from './site-spaces.js';
import { positionAmong, type StructureNode, type SiteTree } from './structure.js';

export type StructureItemType = 'site-space' | 'site-section' | 'site-section-group' | 'site-external-link';

export interface StructurePointer {
  type: StructureItemType;
  id: string;
}

export interface StructurePosition {
  before?: StructurePointer;
  after?: StructurePointer;
}

const INVALID = 'Invalid move position provided';

/**
 * Reorders a site's structure (`sortSiteStructure`, and the deprecated per-kind moves): an item goes before
 * or after another of the same family (site spaces among site spaces; sections and groups among sections
 * and groups), taking that item's parent; with no position it goes to the end of its current parent.
 */
export class SiteStructureSort {
  constructor(private readonly access: SiteAccess) {}

  async sort(
    caller: Caller,
    organizationId: string,
    siteId: string,
    item: StructurePointer,
    position: StructurePosition = {},
  ): Promise<StructureNode<SpaceView>> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    await store.tx(async () => {
      const tree = await this.access.tree(caller, site);
      const moving = lookup(tree, item);
      if (!moving) throw notFound(`No matching item found: no ${item.type} ${item.id} in the site ${site.id}`);
      const anchor = position.before ?? position.after;
      const target = anchor ? lookup(tree, anchor) : undefined;
      if (anchor && !target) throw invalidInput(`${INVALID}: no ${anchor.type} ${anchor.id} in the site ${site.id}`);
      if (target && target.record.id === moving.record.id) return;
      const placement = position.before ? { before: position.before.id } : position.after ? { after: position.after.id } : {};

      if (moving.kind === 'site-space') {
        if (target && target.kind !== 'site-space') throw invalidInput(`${INVALID}: a site space moves next to another site space`);
        const sectionId = target ? target.record.sectionId : moving.record.sectionId;
        const siblings = tree.siteSpaces.filter((n) => n.record.sectionId === sectionId && n.record.id !== moving.record.id).map((n) => n.record);
        const path = sectionId === moving.record.sectionId ? moving.record.path : freePath(moving.record.path, takenPaths(tree, sectionId), 'space');
        await store.sites.putSiteSpace({ ...moving.record, sectionId, path, position: positionAmong(siblings, placement) });
      } else {
        if (target && target.kind === 'site-space') throw invalidInput(`${INVALID}: sections, section groups and external links move among one another`);
        await placeUnder(this.access, tree, moving, target ? parentOf(target) : parentOf(moving), placement);
      }
      await this.access.change(site.id);
    });
    const after = await this.access.tree(caller, (await store.sites.get(siteId))!);
    return lookup(after, item)!;
  }
}

function lookup<S>(tree: SiteTree<S>, pointer: StructurePointer): StructureNode<S> | undefined {
  if (pointer.type === 'site-space') return tree.siteSpaces.find((n) => n.record.id === pointer.id);
  if (pointer.type === 'site-section') return tree.sections.find((n) => n.record.id === pointer.id);
  if (pointer.type === 'site-external-link') return tree.links.find((n) => n.record.id === pointer.id);
  return tree.groups.find((n) => n.record.id === pointer.id);
}

function parentOf(node: StructureNode<unknown>): string | null {
  if (node.kind === 'section') return node.record.groupId;
  if (node.kind === 'group') return node.record.parentId;
  if (node.kind === 'link') return node.record.groupId;
  return null;
}
