import { Caller, type Deps } from '../core/context.js';
import { notFound } from '../core/errors.js';
import type { Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import { atLeast, type RoleName } from '../core/roles.js';
import type { Spaces, SpaceView } from './spaces.js';

export interface MemberSpaceView {
  /** The member's role on the space, from every source (organization, collections, teams, invitations). */
  permission: RoleName;
  /** The space as the caller sees it. */
  space: SpaceView;
}

/** `listSpacesForOrganizationMember`: the spaces a member can reach. Theirs to see, or an organization admin's. */
export class MemberSpaces {
  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
    private readonly spaces: Spaces,
  ) {}

  async list(caller: Caller, organizationId: string, userId: string, query: PageRequest & { order?: 'asc' | 'desc' }): Promise<Page<MemberSpaceView>> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, userId === caller.user.id ? 'member' : 'admin');
    const { store } = this.deps;
    const user = (await store.organizations.member(org.id, userId)) && (await store.users.get(userId));
    if (!user) throw notFound(`No member ${userId} in the organization ${org.id}`);
    const theirs = new Caller(store, user).access;
    const collections = await store.content.collectionsIn(org.id);
    theirs.primeCollections(collections);
    caller.access.primeCollections(collections);
    const reachable = (
      await Promise.all(
        (
          await store.content.spacesIn(org.id)
        )
          .filter((s) => !s.deletedAt)
          .map(async (space) => {
            const permission = await theirs.spaceRole(space);
            return permission && atLeast(permission, 'read') ? [{ space, permission }] : [];
          }),
      )
    ).flat();
    const page = paginate(reachable, query, (r) => [r.space.createdAt, r.space.id], (query.order ?? 'desc') === 'desc');
    return {
      ...page,
      items: await Promise.all(
        page.items.map(async (r) => ({ permission: r.permission, space: await this.spaces.view(r.space, await caller.access.spaceRole(r.space)) })),
      ),
    };
  }
}
