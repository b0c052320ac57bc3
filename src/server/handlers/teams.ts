import type { TeamMembersUpdate, TeamQuery } from '../../domain/teams/teams.js';
import { created, deleted, noContent, ok, pageOf, type Context, type Handlers } from '../handler.js';
import { list } from '../present.js';
import { memberSpace, memberTeam, team, teamMember } from '../present-teams.js';

const org = (ctx: Context) => ctx.params.organizationId!;
const teamId = (ctx: Context) => ctx.params.teamId!;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export const teamHandlers: Handlers = {
  listTeamsInOrganizationById: (ctx) => {
    const query: TeamQuery = { ...pageOf(ctx.query), ...(text(ctx.query.owner) !== undefined ? { owner: text(ctx.query.owner) } : {}), ...(text(ctx.query.title) !== undefined ? { title: text(ctx.query.title) } : {}) };
    return ok(list(ctx.domain.teams.list(ctx.caller, org(ctx), query), team));
  },

  createOrganizationTeam: (ctx) => {
    const view = ctx.domain.teams.create(ctx.caller, org(ctx), ctx.body as { title: string; members?: string[] });
    return created(team(view), ctx.urls.api(`/orgs/${view.team.organizationId}/teams/${view.team.id}`));
  },

  getTeamInOrganizationById: (ctx) => ok(team(ctx.domain.teams.get(ctx.caller, org(ctx), teamId(ctx)))),

  updateTeamInOrganizationById: (ctx) => ok(team(ctx.domain.teams.update(ctx.caller, org(ctx), teamId(ctx), ctx.body as { title: string }))),

  removeTeamFromOrganizationById: (ctx) => deleted(ctx.domain.teams.delete(ctx.caller, org(ctx), teamId(ctx))),

  listTeamMembersInOrganizationById: (ctx) =>
    ok(list(ctx.domain.teams.members.list(ctx.caller, org(ctx), teamId(ctx), pageOf(ctx.query)), (m) => teamMember(ctx.urls, m))),

  updateMembersInOrganizationTeam: (ctx) => {
    ctx.domain.teams.members.update(ctx.caller, org(ctx), teamId(ctx), ctx.body as TeamMembersUpdate);
    return noContent();
  },

  addMemberToOrganizationTeamById: (ctx) => {
    const { role } = (ctx.body ?? {}) as { role?: 'owner' | 'member' };
    ctx.domain.teams.members.add(ctx.caller, org(ctx), teamId(ctx), ctx.params.userId!, role);
    return noContent();
  },

  deleteMemberFromOrganizationTeamById: (ctx) => deleted(ctx.domain.teams.members.remove(ctx.caller, org(ctx), teamId(ctx), ctx.params.userId!)),

  listTeamsForOrganizationMember: (ctx) => {
    const title = text(ctx.query.title);
    const page = ctx.domain.teams.members.teamsOf(ctx.caller, org(ctx), ctx.params.userId!, { ...pageOf(ctx.query), ...(title !== undefined ? { title } : {}) });
    return ok(list(page, memberTeam));
  },

  listSpacesForOrganizationMember: (ctx) => {
    const order = ctx.query.order === 'asc' ? 'asc' : 'desc';
    return ok(list(ctx.domain.memberSpaces.list(ctx.caller, org(ctx), ctx.params.userId!, { ...pageOf(ctx.query), order }), (v) => memberSpace(ctx.urls, v)));
  },
};
