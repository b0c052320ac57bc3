// The organizations accepting an email domain. A caller sees those they already belong to, and those they could join
// (the domain is their own email's): asking about another domain tells nothing about organizations they are not in.
import type { OrganizationRecord } from '../../model/index.js';
import type { Caller, Deps } from '../core/context.js';
import { invalidInput } from '../core/errors.js';

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export async function organizationsForEmailDomain(deps: Deps, caller: Caller, emailDomain: string): Promise<OrganizationRecord[]> {
  const domain = emailDomain.trim().toLowerCase();
  if (!DOMAIN.test(domain)) throw invalidInput(`emailDomain: "${emailDomain}" is not an email domain (like example.com)`);
  const own = caller.user.email.split('@').pop()!.toLowerCase() === domain;
  const memberships = new Set((await deps.store.organizations.membershipsOf(caller.user.id)).filter((m) => !m.disabled).map((m) => m.organizationId));
  return (await deps.store.organizations.all()).filter((org) => org.emailDomains.some((d) => d.toLowerCase() === domain) && (own || memberships.has(org.id)));
}
