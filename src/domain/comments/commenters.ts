import type { Store } from '../../store/index.js';
import type { MemberView } from '../organizations/organizations.js';

/** The organization members among `userIds`, in that order, as the member list shows them. */
export async function commenterViews(store: Store, organizationId: string, userIds: readonly string[]): Promise<MemberView[]> {
  const orgTeams = new Set((await store.organizations.teams(organizationId)).map((t) => t.id));
  const spaceIds = new Set((await store.content.spacesIn(organizationId)).map((s) => s.id));
  return (
    await Promise.all(
      userIds.map(async (userId) => {
        const member = await store.organizations.member(organizationId, userId);
        const user = await store.users.get(userId);
        if (!member || !user) return [];
        const spaces = (await store.grants.forPrincipals(userId, [])).filter((g) => g.resourceKind === 'space' && spaceIds.has(g.resourceId)).length;
        const teams = (await store.organizations.teamIdsOf(userId)).filter((t) => orgTeams.has(t)).length;
        return [{ member, user, spaces, teams, sites: 0 }];
      }),
    )
  ).flat();
}
