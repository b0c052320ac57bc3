import { created, deleted, noContent, ok, pageOf, type Handlers, type WithParams } from '../handler.js';
import { list } from '../present.js';
import { memberSpace, memberTeam, team, teamMember } from '../present-teams.js';

const org = (ctx: WithParams<'organizationId'>) => ctx.params.organizationId;
const teamId = (ctx: WithParams<'teamId'>) => ctx.params.teamId;

export const teamHandlers: Handlers = {
  listTeamsInOrganizationById: async (ctx) => {
    const { owner, title } = ctx.query;
    const query = { ...pageOf(ctx.query), ...(owner !== undefined ? { owner } : {}), ...(title !== undefined ? { title } : {}) };
    return ok(list(await ctx.domain.teams.list(ctx.caller, org(ctx), query), team));
  },

  createOrganizationTeam: async (ctx) => {
    const view = await ctx.domain.teams.create(ctx.caller, org(ctx), ctx.body);
    return created(team(view), ctx.urls.api(`/orgs/${view.team.organizationId}/teams/${view.team.id}`));
  },

  getTeamInOrganizationById: async (ctx) => ok(team(await ctx.domain.teams.get(ctx.caller, org(ctx), teamId(ctx)))),

  updateTeamInOrganizationById: async (ctx) => ok(team(await ctx.domain.teams.update(ctx.caller, org(ctx), teamId(ctx), ctx.body))),

  removeTeamFromOrganizationById: async (ctx) => deleted(await ctx.domain.teams.delete(ctx.caller, org(ctx), teamId(ctx))),

  listTeamMembersInOrganizationById: async (ctx) =>
    ok(list(await ctx.domain.teams.members.list(ctx.caller, org(ctx), teamId(ctx), pageOf(ctx.query)), (m) => teamMember(ctx.urls, m))),

  updateMembersInOrganizationTeam: async (ctx) => {
    await ctx.domain.teams.members.update(ctx.caller, org(ctx), teamId(ctx), ctx.body);
    return noContent();
  },

  addMemberToOrganizationTeamById: async (ctx) => {
    const { role } = ctx.body ?? {};
    await ctx.domain.teams.members.add(ctx.caller, org(ctx), teamId(ctx), ctx.params.userId, role);
    return noContent();
  },

  deleteMemberFromOrganizationTeamById: async (ctx) => deleted(await ctx.domain.teams.members.remove(ctx.caller, org(ctx), teamId(ctx), ctx.params.userId)),

  listTeamsForOrganizationMember: async (ctx) => {
    const { title } = ctx.query;
    const page = await ctx.domain.teams.members.teamsOf(ctx.caller, org(ctx), ctx.params.userId, {
      ...pageOf(ctx.query),
      ...(title !== undefined ? { title } : {}),
    });
    return ok(list(page, memberTeam));
  },

  listSpacesForOrganizationMember: async (ctx) => {
    const order = ctx.query.order === 'asc' ? 'asc' : 'desc';
    return ok(
      list(await ctx.domain.memberSpaces.list(ctx.caller, org(ctx), ctx.params.userId, { ...pageOf(ctx.query), order }), (v) => memberSpace(ctx.urls, v)),
    );
  },
};
