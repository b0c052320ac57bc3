import type { MemberRecord } from '../../model/index.js';
import type { Store } from '../../store/index.js';
import type { MemberView } from './organizations.js';

/**
 * The member as the member list shows them: the spaces and sites of the organization they were given a role on, and
 * its teams they belong to. Counted from the member's own grants and teams, so a page of a large list stays cheap.
 */
export async function memberView(store: Store, member: MemberRecord): Promise<MemberView> {
  const { organizationId, userId } = member;
  const grants = await store.grants.forPrincipals(userId, []);
  const inOrganization = async (kind: 'space' | 'site', id: string) =>
    ((kind === 'space' ? await store.content.space(id) : await store.sites.get(id))?.organizationId ?? null) === organizationId;
  let spaces = 0;
  let sites = 0;
  for (const grant of grants) {
    if (grant.resourceKind === 'space' && (await inOrganization('space', grant.resourceId))) spaces++;
    if (grant.resourceKind === 'site' && (await inOrganization('site', grant.resourceId))) sites++;
  }
  let teams = 0;
  for (const teamId of await store.organizations.teamIdsOf(userId)) if ((await store.organizations.team(teamId))?.organizationId === organizationId) teams++;
  return { member, user: (await store.users.get(userId))!, spaces, teams, sites };
}
