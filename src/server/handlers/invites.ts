import { searchResult } from '../present-content.js';
import { inviteLink } from '../present-invites.js';
import { list, member } from '../present.js';
import { created, deleted, noContent, ok, pageOf, type Handlers, type WithParams } from '../handler.js';

const org = (ctx: WithParams<'organizationId'>) => [ctx.caller, ctx.params.organizationId] as const;

/** Joining an organization (invites, invite links, email domains), member activity, and organization-wide search. */
export const inviteHandlers: Handlers = {
  inviteUsersToOrganization: (ctx) => ok(ctx.domain.invites.inviteUsers(...org(ctx), ctx.body)),

  listOrganizationInviteLinks: (ctx) => ok(list(ctx.domain.invites.listLinks(...org(ctx), pageOf(ctx.query)), (v) => inviteLink(ctx.urls, ctx.domain, v))),

  createOrganizationInvite: (ctx) => {
    const view = ctx.domain.invites.createLink(...org(ctx), ctx.body);
    return created(inviteLink(ctx.urls, ctx.domain, view), ctx.urls.api(`/orgs/${view.invite.organizationId}/link-invites/${view.invite.id}`));
  },

  getOrganizationInviteLink: (ctx) => ok(inviteLink(ctx.urls, ctx.domain, ctx.domain.invites.getLink(...org(ctx), ctx.params.inviteId))),

  updateOrganizationInviteById: (ctx) => ok(inviteLink(ctx.urls, ctx.domain, ctx.domain.invites.updateLink(...org(ctx), ctx.params.inviteId, ctx.body))),

  deleteOrganizationInviteById: (ctx) => deleted(ctx.domain.invites.deleteLink(...org(ctx), ctx.params.inviteId)),

  joinOrganizationWithInvite: (ctx) => {
    ctx.domain.invites.joinWithInvite(...org(ctx), ctx.params.inviteId);
    return ok({});
  },

  joinOrganization: (ctx) => {
    ctx.domain.invites.joinByEmailDomain(...org(ctx));
    return noContent();
  },

  updateOrganizationMemberLastSeenAt: (ctx) => {
    ctx.domain.invites.ping(...org(ctx));
    return ok({});
  },

  setUserAsSSOMemberForOrganization: (ctx) => {
    ctx.domain.invites.setSso(...org(ctx), ctx.params.userId);
    return ok(member(ctx.urls, ctx.domain.organizations.getMember(...org(ctx), ctx.params.userId)));
  },

  searchOrganizationContent: (ctx) => {
    const results = ctx.domain.organizationSearch.search(...org(ctx), ctx.query.query, pageOf(ctx.query));
    return ok(list(results, (r) => ({ id: r.view.space.id, title: r.view.space.title, pages: r.hits.map((hit) => searchResult(ctx.urls, r.view, hit)) })));
  },
};
