import { deleted, ok, pageOf, type Handlers } from '../handler.js';
import { list, member, organization } from '../present.js';

export const organizationHandlers: Handlers = {
  listOrganizationsForAuthenticatedUser: ({ caller, domain, query, urls }) =>
    ok(list(domain.organizations.listForCaller(caller, pageOf(query)), (o) => organization(urls, o, caller.access.organizationRole(o.id)))),

  getOrganizationById: ({ caller, domain, params, urls }) => {
    const org = domain.organizations.get(caller, params.organizationId);
    return ok(organization(urls, org, caller.access.organizationRole(org.id)));
  },

  updateOrganizationById: ({ caller, domain, params, body, urls }) => {
    const org = domain.organizations.update(caller, params.organizationId, body);
    return ok(organization(urls, org, caller.access.organizationRole(org.id)));
  },

  listMembersInOrganizationById: ({ caller, domain, params, query, urls }) =>
    ok(list(domain.organizations.listMembers(caller, params.organizationId, { ...pageOf(query), ...query }), (m) => member(urls, m))),

  getMemberInOrganizationById: ({ caller, domain, params, urls }) =>
    ok(member(urls, domain.organizations.getMember(caller, params.organizationId, params.userId))),

  updateMemberInOrganizationById: ({ caller, domain, params, body, urls }) => {
    const { role } = body;
    return ok(member(urls, domain.organizations.updateMember(caller, params.organizationId, params.userId, role)));
  },

  removeMemberFromOrganizationById: ({ caller, domain, params }) => deleted(domain.organizations.removeMember(caller, params.organizationId, params.userId)),
};
