import { created, deleted, ok, pageOf, type Handlers } from '../handler.js';
import { agentInstructions, list, listAsync, member, organization } from '../present.js';

export const organizationHandlers: Handlers = {
  listOrganizationsForAuthenticatedUser: async ({ caller, domain, query, urls }) =>
    ok(
      await listAsync(await domain.organizations.listForCaller(caller, pageOf(query)), async (o) =>
        organization(urls, o, await caller.access.organizationRole(o.id)),
      ),
    ),

  createOrganization: async ({ caller, domain, body, query, urls }) => {
    const org = await domain.organizations.create(caller, body);
    if (query.withDefaultSite) await domain.sites.create(caller, org.id, { title: org.title });
    return created(organization(urls, org, 'admin'), urls.api(`/orgs/${org.id}`));
  },

  getOrganizationById: async ({ caller, domain, params, urls }) => {
    const org = await domain.organizations.get(caller, params.organizationId);
    return ok(organization(urls, org, await caller.access.organizationRole(org.id)));
  },

  getOrganizationsForEmailDomain: async ({ caller, domain, params, urls }) => {
    const orgs = await domain.organizations.forEmailDomain(caller, params.emailDomain);
    return ok({ organizations: await Promise.all(orgs.map(async (o) => organization(urls, o, await caller.access.organizationRole(o.id)))) });
  },

  getOrganizationAgentInstructions: async ({ caller, domain, params, urls }) =>
    ok(agentInstructions(urls, await domain.organizations.agentInstructions(caller, params.organizationId))),

  updateOrganizationAgentInstructions: async ({ caller, domain, params, body, urls }) =>
    ok(agentInstructions(urls, await domain.organizations.setAgentInstructions(caller, params.organizationId, body.instructions as Record<string, unknown>))),

  updateOrganizationById: async ({ caller, domain, params, body, urls }) => {
    const org = await domain.organizations.update(caller, params.organizationId, body);
    return ok(organization(urls, org, await caller.access.organizationRole(org.id)));
  },

  listMembersInOrganizationById: async ({ caller, domain, params, query, urls }) =>
    ok(list(await domain.organizations.listMembers(caller, params.organizationId, { ...pageOf(query), ...query }), (m) => member(urls, m))),

  getMemberInOrganizationById: async ({ caller, domain, params, urls }) =>
    ok(member(urls, await domain.organizations.getMember(caller, params.organizationId, params.userId))),

  updateMemberInOrganizationById: async ({ caller, domain, params, body, urls }) => {
    const { role } = body;
    return ok(member(urls, await domain.organizations.updateMember(caller, params.organizationId, params.userId, role)));
  },

  removeMemberFromOrganizationById: async ({ caller, domain, params }) =>
    deleted(await domain.organizations.removeMember(caller, params.organizationId, params.userId)),
};
