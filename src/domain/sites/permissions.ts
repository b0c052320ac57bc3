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
   * Everyone who can reach the site: members with their organization role, and guests with the best role
   * they hold on one of the site's spaces.
   */
  async list(caller: Caller, organizationId: string, siteId: string, request: PageRequest): Promise<Page<SitePermission>> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'read');
    const { store } = this.access.deps;
    const spaces = (await this.access.tree(null, site)).siteSpaces.map((n) => n.space.space);
    const items: SitePermission[] = [];
    for (const member of await store.organizations.members(site.organizationId)) {
      if (member.disabled) continue;
      const user = await store.users.get(member.userId);
      if (!user) continue;
      if (member.role) {
        items.push({ permission: member.role, user, origin: { type: 'organization', organization: site.organizationId } });
        continue;
      }
      const access = new Caller(store, user).access;
      let best: { role: RoleName; space: string } | undefined;
      for (const space of spaces) {
        const role = await access.spaceRole(space);
        if (role && maxRole(role, best?.role) === role && role !== best?.role) best = { role, space: space.id };
      }
      if (best) items.push({ permission: best.role, user, origin: { type: 'space', space: best.space } });
    }
    return paginate(items, request, (p) => [p.user.id]);
  }
}
