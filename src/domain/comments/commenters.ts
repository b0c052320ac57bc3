import type { Store } from '../../store/index.js';
import type { MemberView } from '../organizations/organizations.js';

/** The organization members among `userIds`, in that order, as the member list shows them. */
export function commenterViews(store: Store, organizationId: string, userIds: readonly string[]): MemberView[] {
  const orgTeams = new Set(store.organizations.teams(organizationId).map((t) => t.id));
  const spaceIds = new Set(store.content.spacesIn(organizationId).map((s) => s.id));
  return userIds.flatMap((userId) => {
    const member = store.organizations.member(organizationId, userId);
    const user = store.users.get(userId);
    if (!member || !user) return [];
    const spaces = store.grants.forPrincipals(userId, []).filter((g) => g.resourceKind === 'space' && spaceIds.has(g.resourceId)).length;
    const teams = store.organizations.teamIdsOf(userId).filter((t) => orgTeams.has(t)).length;
    return [{ member, user, spaces, teams }];
  });
}
