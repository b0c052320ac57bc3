import { newId, type SiteRecord, type SiteSpaceRecord, type SpaceRecord } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, notFound } from '../core/errors.js';
import type { SpaceView } from '../spaces/spaces.js';
import type { SiteAccess } from './access.js';
import { refuseCustomHomePage, refuseDraft } from './live-structure.js';
import { checkSegment, checkUnique, freePath } from './paths.js';
import { positionAmong, type SiteSpaceNode, type SiteTree } from './structure.js';
import { checkCondition } from './conditions.js';

export interface SiteSpaceInput {
  spaceId: string;
  sectionId?: string;
  draft?: boolean;
  pageId?: string | null;
}

export interface SiteSpacePatch {
  path?: string;
  condition?: string | null;
  spaceId?: string;
  hidden?: boolean;
  draft?: boolean;
  pageId?: string | null;
}

/** Paths already used next to a site space in `sectionId`: its siblings', and for the default section the other sections'. */
export function takenPaths(tree: SiteTree<unknown>, sectionId: string | null, exceptId?: string): string[] {
  const siblings = tree.siteSpaces.filter((n) => n.record.sectionId === sectionId && n.record.id !== exceptId).map((n) => n.record.path);
  const inDefault = tree.sections.find((s) => s.record.id === sectionId)?.default ?? false;
  return inDefault ? [...siblings, ...tree.sections.filter((s) => !s.default).map((s) => s.record.path)] : siblings;
}

/** The spaces of a site: add, change, remove. */
export class SiteSpaces {
  constructor(private readonly access: SiteAccess) {}

  /** A space of the site's organization that the caller may read; 400 naming `field` when there is none. */
  async space(caller: Caller, site: SiteRecord, spaceId: string, field: string): Promise<SpaceRecord> {
    const space = await this.access.deps.store.content.space(spaceId);
    if (!space || space.deletedAt || space.organizationId !== site.organizationId) {
      throw invalidInput(`${field}: no space ${spaceId} in the organization ${site.organizationId}`);
    }
    await caller.access.requireSpace(space, 'read');
    return space;
  }

  async add(caller: Caller, organizationId: string, siteId: string, input: SiteSpaceInput): Promise<SiteSpaceNode<SpaceView>> {
    refuseDraft(input.draft, 'site space');
    refuseCustomHomePage(input.pageId);
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const space = await this.space(caller, site, input.spaceId, 'spaceId');
    const { store } = this.access.deps;
    const id = await store.tx(async () => {
      const tree = await this.access.tree(caller, site);
      let sectionId: string | null = null;
      if (input.sectionId !== undefined) {
        if (!tree.sections.some((s) => s.record.id === input.sectionId)) throw invalidInput(`sectionId: no section ${input.sectionId} in the site ${site.id}`);
        sectionId = input.sectionId;
      } else if (tree.type === 'sections') {
        sectionId = tree.sections.find((s) => s.default)?.record.id ?? null;
      }
      return await this.insert(site, tree, space, sectionId);
    });
    return await this.node(caller, siteId, id);
  }

  /** Inserts a site space for `space` at the end of `sectionId` (null: the root), the container's default when it is the first. */
  async insert(site: SiteRecord, tree: SiteTree<unknown>, space: SpaceRecord, sectionId: string | null): Promise<string> {
    const { store } = this.access.deps;
    const siblings = tree.siteSpaces.filter((n) => n.record.sectionId === sectionId).map((n) => n.record);
    const record: SiteSpaceRecord = {
      id: newId(),
      siteId: site.id,
      sectionId,
      spaceId: space.id,
      path: freePath(space.title, takenPaths(tree, sectionId), 'space'),
      condition: null,
      hidden: false,
      customization: null,
      position: positionAmong(siblings),
      createdAt: nowIso(this.access.deps),
    };
    await store.sites.putSiteSpace(record);
    if (siblings.length === 0) {
      if (sectionId === null) await this.access.save({ ...(await store.sites.get(site.id))!, defaultSiteSpaceId: record.id });
      else {
        const section = (await store.sites.sections(site.id)).find((s) => s.id === sectionId)!;
        await store.sites.putSection({ ...section, defaultSiteSpaceId: record.id });
      }
    }
    return record.id;
  }

  async update(caller: Caller, organizationId: string, siteId: string, siteSpaceId: string, patch: SiteSpacePatch): Promise<SiteSpaceNode<SpaceView>> {
    refuseDraft(patch.draft, 'site space');
    refuseCustomHomePage(patch.pageId);
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    await store.tx(async () => {
      const tree = await this.access.tree(caller, site);
      const node = this.find(tree, siteSpaceId);
      const next: SiteSpaceRecord = { ...node.record };
      if (patch.path !== undefined) {
        checkSegment('path', patch.path);
        checkUnique('path', patch.path, takenPaths(tree, node.record.sectionId, node.record.id));
        next.path = patch.path;
      }
      if (patch.condition !== undefined) next.condition = checkCondition(patch.condition);
      if (patch.spaceId !== undefined) next.spaceId = (await this.space(caller, site, patch.spaceId, 'spaceId')).id;
      if (patch.hidden !== undefined) next.hidden = patch.hidden;
      await store.sites.putSiteSpace(next);
      await this.access.change(site.id);
    });
    return await this.node(caller, siteId, siteSpaceId);
  }

  /** True when the site space was there. A default site space hands its role to the next one. */
  async delete(caller: Caller, organizationId: string, siteId: string, siteSpaceId: string): Promise<boolean> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'create');
    const { store } = this.access.deps;
    return await store.tx(async () => {
      const record = (await store.sites.siteSpaces(site.id)).find((ss) => ss.id === siteSpaceId);
      if (!record) return false;
      await store.sites.deleteSiteSpace(record.id);
      const section = (await store.sites.sections(site.id)).find((s) => s.id === record.sectionId);
      if (section?.defaultSiteSpaceId === record.id) await store.sites.putSection({ ...section, defaultSiteSpaceId: null });
      await this.access.change(site.id, (current) => (current.defaultSiteSpaceId === record.id ? { ...current, defaultSiteSpaceId: null } : current));
      return true;
    });
  }

  find<S>(tree: SiteTree<S>, siteSpaceId: string): SiteSpaceNode<S> {
    const node = tree.siteSpaces.find((n) => n.record.id === siteSpaceId);
    if (!node) throw notFound(`No matching site space ${siteSpaceId} in the site ${tree.site.id}`);
    return node;
  }

  async node(caller: Caller, siteId: string, siteSpaceId: string): Promise<SiteSpaceNode<SpaceView>> {
    const site = (await this.access.deps.store.sites.get(siteId))!;
    return this.find(await this.access.tree(caller, site), siteSpaceId);
  }
}
