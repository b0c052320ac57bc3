import { newId, type SiteExternalLinkRecord } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, notFound } from '../core/errors.js';
import type { SiteAccess } from './access.js';
import { checkCondition } from './conditions.js';
import { siblingsIn } from './structure.js';
import { type LinkNode, positionAmong, type SiteTree } from './structure.js';

export interface ExternalLinkInput {
  title: string;
  localizedTitle?: Record<string, string> | null;
  description?: string | null;
  localizedDescription?: Record<string, string> | null;
  icon?: string | null;
  url: string;
  /** A section group; null or left out: the site root. */
  parent?: string | null;
  draft?: boolean;
  condition?: string | null;
}

/**
 * External links: entries of a site's navigation that open an absolute http(s) URL. They sit among sections and
 * section groups (at the root or in a group, never in a section), so the site must have sections. Editing them is
 * editing the structure: the `create` role.
 */
export class SiteExternalLinks {
  constructor(private readonly access: SiteAccess) {}

  async add(caller: Caller, organizationId: string, siteId: string, input: ExternalLinkInput): Promise<LinkNode> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    const url = checkUrl(input.url);
    const condition = checkCondition(input.condition ?? null);
    return await store.tx(async () => {
      const tree = await this.access.tree(null, site);
      const groupId = parentIn(tree, input.parent ?? null);
      const link: SiteExternalLinkRecord = {
        id: newId(),
        siteId: site.id,
        groupId,
        title: input.title,
        localizedTitle: input.localizedTitle ?? null,
        description: input.description ?? null,
        localizedDescription: input.localizedDescription ?? null,
        icon: input.icon ?? null,
        url,
        draft: input.draft ?? false,
        condition,
        position: positionAmong(siblingsIn(tree, groupId)),
        createdAt: nowIso(this.access.deps),
      };
      await store.externalLinks.put(link);
      await this.access.change(site.id);
      return { kind: 'link', record: link };
    });
  }

  async update(caller: Caller, organizationId: string, siteId: string, linkId: string, patch: Partial<ExternalLinkInput>): Promise<LinkNode> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    const url = patch.url !== undefined ? checkUrl(patch.url) : undefined;
    const condition = patch.condition !== undefined ? checkCondition(patch.condition) : undefined;
    return await store.tx(async () => {
      const tree = await this.access.tree(null, site);
      const current = tree.links.find((l) => l.record.id === linkId)?.record;
      if (!current) throw notFound(`No matching external link ${linkId} in the site ${site.id}`);
      const next: SiteExternalLinkRecord = { ...current };
      if (patch.title !== undefined) next.title = patch.title;
      if (patch.localizedTitle !== undefined) next.localizedTitle = patch.localizedTitle;
      if (patch.description !== undefined) next.description = patch.description;
      if (patch.localizedDescription !== undefined) next.localizedDescription = patch.localizedDescription;
      if (patch.icon !== undefined) next.icon = patch.icon;
      if (url !== undefined) next.url = url;
      if (patch.draft !== undefined) next.draft = patch.draft;
      if (condition !== undefined) next.condition = condition;
      if (patch.parent !== undefined && (patch.parent ?? null) !== current.groupId) {
        next.groupId = parentIn(tree, patch.parent ?? null);
        next.position = positionAmong(siblingsIn(tree, next.groupId));
      }
      await store.externalLinks.put(next);
      await this.access.change(site.id);
      return { kind: 'link', record: next };
    });
  }

  async delete(caller: Caller, organizationId: string, siteId: string, linkId: string): Promise<boolean> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    return await store.tx(async () => {
      const deleted = await store.externalLinks.delete(site.id, linkId);
      if (deleted) await this.access.change(site.id);
      return deleted;
    });
  }
}

/** The group a link goes in (null: the root), once the site is known to have sections. */
function parentIn(tree: SiteTree<unknown>, parent: string | null): string | null {
  if (tree.type !== 'sections') throw invalidInput(`The site ${tree.site.id} has no sections: external links sit among sections, add a section first`);
  if (parent !== null && !tree.groups.some((g) => g.record.id === parent)) {
    throw invalidInput(`parent: no section group ${parent} in the site ${tree.site.id} (an external link goes at the root or in a section group)`);
  }
  return parent;
}

function checkUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidInput(`url: "${value}" is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalidInput(`url: only http and https URLs are allowed, not ${url.protocol}`);
  return value;
}
