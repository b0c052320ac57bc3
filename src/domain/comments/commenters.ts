import type { Store } from '../../store/index.js';
import type { MemberView } from '../organizations/organizations.js';
import { memberView } from '../organizations/member-view.js';

/** The organization members among `userIds`, in that order, as the member list shows them. */
export async function commenterViews(store: Store, organizationId: string, userIds: readonly string[]): Promise<MemberView[]> {
  const members = await Promise.all(userIds.map((userId) => store.organizations.member(organizationId, userId)));
  return await Promise.all(members.filter((member) => member !== undefined).map((member) => memberView(store, member)));
}
