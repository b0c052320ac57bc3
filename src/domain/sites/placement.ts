import { invalidInput } from '../core/errors.js';
import type { SiteAccess } from './access.js';
import { positionAmong, siblingsIn, type SiteTree, type StructureNode } from './structure.js';

const INVALID = 'Invalid move position provided';

/**
 * Puts a section, group or external link under `parentId` (a group, or null: the site's root), at `placement` among
 * what is there (default: last). Inside the caller's transaction; the tree is the site's as it read it.
 */
export async function placeUnder(
  access: SiteAccess,
  tree: SiteTree<unknown>,
  moving: StructureNode<unknown>,
  parentId: string | null,
  placement: { before?: string; after?: string } = {},
): Promise<void> {
  if (moving.kind === 'site-space') throw invalidInput(`${INVALID}: a site space belongs to a section, not to a section group`);
  if (parentId !== null && !tree.groups.some((g) => g.record.id === parentId)) throw invalidInput(`${INVALID}: no section group ${parentId} in the site`);
  if (moving.kind === 'group' && parentId !== null && containsGroup(moving, parentId)) {
    throw invalidInput(`${INVALID}: a section group cannot move into itself`);
  }
  const { store } = access.deps;
  const siblings = siblingsIn(tree, parentId).filter((s) => s.id !== moving.record.id);
  const at = positionAmong(siblings, placement);
  if (moving.kind === 'section') await store.sites.putSection({ ...moving.record, groupId: parentId, position: at });
  else if (moving.kind === 'link') await store.externalLinks.put({ ...moving.record, groupId: parentId, position: at });
  else await store.sites.putGroup({ ...moving.record, parentId, position: at });
}

function containsGroup(group: StructureNode<unknown>, groupId: string): boolean {
  if (group.kind !== 'group') return false;
  if (group.record.id === groupId) return true;
  return group.children.some((child) => containsGroup(child, groupId));
}
