import type { MemberRecord } from '../../model/index.js';
import type { Store } from '../../store/index.js';
import { invalidInput } from '../core/errors.js';

/** A member of the organization named by user id or email; 400 naming `field` otherwise. */
export function memberOf(store: Store, organizationId: string, idOrEmail: string, field: string): MemberRecord {
  const user = store.users.get(idOrEmail) ?? (idOrEmail.includes('@') ? store.users.byEmail(idOrEmail) : undefined);
  const member = user && store.organizations.member(organizationId, user.id);
  if (!member) throw invalidInput(`${field}: ${idOrEmail} is not a member of the organization ${organizationId}`);
  return member;
}
