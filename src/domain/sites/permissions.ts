import type { UserRecord } from '../../model/index.js';
import { Caller } from '../core/context.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import { maxRole, type RoleName } from '../core/roles.js';
import type { SiteAccess } from './access.js';

export interface SitePermission {
  permission: RoleName | null;
  user: UserRecord;
  origin: { type: 'organization'; organization: string } | { type: 'space'; space: string };
}

/** Who can reach a site (`listPermissionsAggregateInSite`). */
export class SitePermissions {
  constructor(private readonly access: SiteAccess) {}

  /**
   * Everyone who can reach the site: members with their organization role, or the role granted on the site when it is
   * higher; guests with the best role granted on the site or held on one of the site's spaces. A role granted on the
   * site has the organization as its origin: 0.202.0 has a `site` origin, 0.143.2 does not, and both must accept it.
   */
  async list(caller: Caller, organizationId: string, siteId: string, request: PageRequest): Promise<Page<SitePermission>> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'read');
    const { store } = this.access.deps;
    const spaces = (await this.access.tree(null, site)).siteSpaces.map((n) => n.space.space);
    const organization = { type: 'organization' as const, organization: site.organizationId };
    const items: SitePermission[] = [];
    for (const member of await store.organizations.members(site.organizationId)) {
      if (member.disabled) continue;
      const user = await store.users.get(member.userId);
      if (!user) continue;
      const access = new Caller(store, user).access;
      const siteRole = await access.siteRole(site);
      if (member.role) {
        items.push({ permission: siteRole, user, origin: organization });
        continue;
      }
      let best: { role: RoleName; origin: SitePermission['origin'] } | undefined = siteRole ? { role: siteRole, origin: organization } : undefined;
      for (const space of spaces) {
        const role = await access.spaceRole(space);
        if (role && maxRole(role, best?.role) === role && role !== best?.role) best = { role, origin: { type: 'space', space: space.id } };
      }
      if (best) items.push({ permission: best.role, user, origin: best.origin });
    }
    return paginate(items, request, (p) => [p.user.id]);
  }
}
