import type { MemberRecord } from '../../model/index.js';
import type { Store } from '../../store/index.js';
import { invalidInput } from '../core/errors.js';

/** A member of the organization named by user id or email; 400 naming `field` otherwise. */
export async function memberOf(store: Store, organizationId: string, idOrEmail: string, field: string): Promise<MemberRecord> {
  const user = (await store.users.get(idOrEmail)) ?? (idOrEmail.includes('@') ? await store.users.byEmail(idOrEmail) : undefined);
  const member = user && (await store.organizations.member(organizationId, user.id));
  if (!member) throw invalidInput(`${field}: ${idOrEmail} is not a member of the organization ${organizationId}`);
  return member;
}
