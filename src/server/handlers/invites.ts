import { spaceSearchResult } from '../present-content.js';
import { inviteLink } from '../present-invites.js';
import { list, listAsync, member } from '../present.js';
import { created, deleted, noContent, ok, pageOf, type Handlers, type WithParams } from '../handler.js';

const org = (ctx: WithParams<'organizationId'>) => [ctx.caller, ctx.params.organizationId] as const;

/** Joining an organization (invites, invite links, email domains), member activity, and organization-wide search. */
export const inviteHandlers: Handlers = {
  inviteUsersToOrganization: async (ctx) => ok(await ctx.domain.invites.inviteUsers(...org(ctx), ctx.body)),

  listOrganizationInviteLinks: async (ctx) =>
    ok(await listAsync(await ctx.domain.invites.listLinks(...org(ctx), pageOf(ctx.query)), async (v) => await inviteLink(ctx.urls, ctx.domain, v))),

  createOrganizationInvite: async (ctx) => {
    const view = await ctx.domain.invites.createLink(...org(ctx), ctx.body);
    return created(await inviteLink(ctx.urls, ctx.domain, view), ctx.urls.api(`/orgs/${view.invite.organizationId}/link-invites/${view.invite.id}`));
  },

  getOrganizationInviteLink: async (ctx) => ok(await inviteLink(ctx.urls, ctx.domain, await ctx.domain.invites.getLink(...org(ctx), ctx.params.inviteId))),

  updateOrganizationInviteById: async (ctx) =>
    ok(await inviteLink(ctx.urls, ctx.domain, await ctx.domain.invites.updateLink(...org(ctx), ctx.params.inviteId, ctx.body))),

  deleteOrganizationInviteById: async (ctx) => deleted(await ctx.domain.invites.deleteLink(...org(ctx), ctx.params.inviteId)),

  joinOrganizationWithInvite: async (ctx) => {
    await ctx.domain.invites.joinWithInvite(...org(ctx), ctx.params.inviteId);
    return ok({});
  },

  joinOrganization: async (ctx) => {
    await ctx.domain.invites.joinByEmailDomain(...org(ctx));
    return noContent();
  },

  updateOrganizationMemberLastSeenAt: async (ctx) => {
    await ctx.domain.invites.ping(...org(ctx));
    return ok({});
  },

  setUserAsSSOMemberForOrganization: async (ctx) => {
    await ctx.domain.invites.setSso(...org(ctx), ctx.params.userId);
    return ok(member(ctx.urls, await ctx.domain.organizations.getMember(...org(ctx), ctx.params.userId)));
  },

  searchOrganizationContent: async (ctx) => {
    const results = await ctx.domain.organizationSearch.search(...org(ctx), ctx.query.query, pageOf(ctx.query));
    return ok(list(results, (r) => spaceSearchResult(ctx.urls, r)));
  },
};
