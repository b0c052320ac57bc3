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
 * customization, redirects, share links, publishing), admins delete it.
 */
export class SiteAccess {
  constructor(
    readonly deps: Deps,
    readonly organizations: Organizations,
    readonly spaces: Spaces,
  ) {}

  /** The site, when it belongs to the organization; 404 otherwise. */
  find(organizationId: string, siteId: string): SiteRecord {
    const site = this.deps.store.sites.get(siteId);
    if (!site || site.organizationId !== organizationId) throw notFound(`No matching site found for the ID ${siteId}`);
    return site;
  }

  role(caller: Caller, site: SiteRecord): RoleName | null {
    return caller.access.organizationRole(site.organizationId) ?? null;
  }

  /** The site, after checking the caller has at least `needed` in its organization. */
  require(caller: Caller, organizationId: string, siteId: string, needed: RoleName): { site: SiteRecord; role: RoleName } {
    this.organizations.find(organizationId);
    const site = this.find(organizationId, siteId);
    const role = this.role(caller, site);
    if (!atLeast(role, needed)) {
      throw forbidden(role ? `This needs the ${needed} role on the site ${site.id}; you have ${role}` : `You do not have access to the site ${site.id}`);
    }
    return { site, role: role! };
  }

  records(site: SiteRecord): SiteRecords {
    const { sites } = this.deps.store;
    return { site, sections: sites.sections(site.id), groups: sites.groups(site.id), siteSpaces: sites.siteSpaces(site.id) };
  }

  /** The tree with each site space's space as the caller sees it. Site spaces of deleted spaces are left out. */
  tree(caller: Caller | null, site: SiteRecord, records = this.records(site)): SiteTree<SpaceView> {
    return buildTree(records, (spaceId) => {
      const space = this.deps.store.content.space(spaceId);
      if (!space || space.deletedAt) return undefined;
      return this.spaces.view(space, caller ? caller.access.spaceRole(space) : null);
    });
  }

  /** Saves the site with a new `updatedAt` and returns it. */
  save(site: SiteRecord): SiteRecord {
    const next = { ...site, updatedAt: nowIso(this.deps) };
    this.deps.store.sites.put(next);
    return next;
  }
}
