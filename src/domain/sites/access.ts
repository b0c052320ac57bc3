import type { SiteRecord } from '../../model/index.js';
import type { Caller, Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { forbidden, notFound } from '../core/errors.js';
import type { Organizations } from '../organizations/organizations.js';
import { atLeast, type RoleName } from '../core/roles.js';
import type { Spaces, SpaceView } from '../spaces/spaces.js';
import { buildTree, type SiteRecords, type SiteTree } from './structure.js';

/**
 * What each site operation needs: read a site of an organization, check the caller's role, load its tree.
 * A site belongs to its organization: members read it (`read`), creators edit it (`create`: structure,
 * customization, redirects, share links, publishing), admins delete it. A role granted on the site (to a user or a
 * team, `inviteToSite`) counts as well: see `Access.siteRole`.
 */
export class SiteAccess {
  constructor(
    readonly deps: Deps,
    readonly organizations: Organizations,
    readonly spaces: Spaces,
  ) {}

  /** The site, when it belongs to the organization; 404 otherwise. */
  async find(organizationId: string, siteId: string): Promise<SiteRecord> {
    const site = await this.deps.store.sites.get(siteId);
    if (!site || site.organizationId !== organizationId) throw notFound(`No matching site found for the ID ${siteId}`);
    return site;
  }

  async role(caller: Caller, site: SiteRecord): Promise<RoleName | null> {
    return await caller.access.siteRole(site);
  }

  /** The site, after checking the caller has at least `needed` in its organization. */
  async require(caller: Caller, organizationId: string, siteId: string, needed: RoleName): Promise<{ site: SiteRecord; role: RoleName }> {
    await this.organizations.find(organizationId);
    const site = await this.find(organizationId, siteId);
    const role = await this.role(caller, site);
    if (!atLeast(role, needed)) {
      throw forbidden(role ? `This needs the ${needed} role on the site ${site.id}; you have ${role}` : `You do not have access to the site ${site.id}`);
    }
    return { site, role: role! };
  }

  async records(site: SiteRecord): Promise<SiteRecords> {
    const { sites } = this.deps.store;
    return {
      site,
      sections: await sites.sections(site.id),
      groups: await sites.groups(site.id),
      siteSpaces: await sites.siteSpaces(site.id),
      links: await this.deps.store.externalLinks.inSite(site.id),
    };
  }

  /** The tree with each site space's space as the caller sees it. Site spaces of deleted spaces are left out. */
  async tree(caller: Caller | null, site: SiteRecord, given?: SiteRecords): Promise<SiteTree<SpaceView>> {
    const records = given ?? (await this.records(site));
    const spaceIds = [...new Set(records.siteSpaces.map((ss) => ss.spaceId))];
    const views = await Promise.all(
      spaceIds.map(async (spaceId) => {
        const space = await this.deps.store.content.space(spaceId);
        if (!space || space.deletedAt) return undefined;
        return await this.spaces.view(space, caller ? await caller.access.spaceRole(space) : null);
      }),
    );
    const byId = new Map(spaceIds.map((id, i) => [id, views[i]]));
    return buildTree(records, (spaceId) => byId.get(spaceId));
  }

  /** Saves the site with a new `updatedAt` and returns it. Only for a record read in the same transaction: else `change`. */
  async save(site: SiteRecord): Promise<SiteRecord> {
    const next = { ...site, updatedAt: nowIso(this.deps) };
    await this.deps.store.sites.put(next);
    return next;
  }

  /**
   * Saves `change` of the site as it is now (read in the caller's transaction, or in one of its own), with a new
   * `updatedAt`: a record read before the transaction would undo what another writer saved meanwhile, or bring back
   * a deleted site. Without `change`, only `updatedAt` moves. 404 when the site is gone.
   */
  async change(siteId: string, change: (site: SiteRecord) => SiteRecord | Promise<SiteRecord> = (site) => site): Promise<SiteRecord> {
    const { store } = this.deps;
    return await store.tx(async () => {
      const current = await store.sites.get(siteId);
      if (!current) throw notFound(`No matching site found for the ID ${siteId}`);
      return await this.save(await change(current));
    });
  }
}
