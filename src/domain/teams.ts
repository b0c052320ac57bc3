import { newId, type TeamRecord } from '../store/index.js';
import type { Caller, Deps } from './context.js';
import { nowIso } from './context.js';
import { badRequest, notFound } from './errors.js';
import type { Organizations } from './organizations.js';
import { atLeast } from './roles.js';

export interface TeamView {
  team: TeamRecord;
  members: number;
  spaces: number;
  canAdmin: boolean;
}

export class Teams {
  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
  ) {}

  find(organizationId: string, teamId: string): TeamRecord {
    const team = this.deps.store.organizations.team(teamId);
    if (!team || team.organizationId !== organizationId) throw notFound(`No team ${teamId} in the organization ${organizationId}`);
    return team;
  }

  create(caller: Caller, organizationId: string, input: { title: string; members?: string[] }): TeamView {
    const org = this.organizations.find(organizationId);
    caller.access.requireOrganization(org, 'admin');
    const { store } = this.deps;
    for (const userId of input.members ?? []) {
      if (!store.organizations.member(org.id, userId)) throw badRequest(`members: ${userId} is not a member of the organization ${org.id}`);
    }
    const team: TeamRecord = { id: newId(), organizationId: org.id, title: input.title, createdAt: nowIso(this.deps) };
    store.tx(() => {
      store.organizations.insertTeam(team);
      for (const userId of input.members ?? []) store.organizations.setTeamMember({ teamId: team.id, userId, role: 'member' });
    });
    return this.view(caller, team);
  }

  view(caller: Caller, team: TeamRecord): TeamView {
    const { store } = this.deps;
    return {
      team,
      members: store.organizations.teamMembers(team.id).length,
      spaces: store.grants.countFor('team', team.id, 'space'),
      canAdmin: atLeast(caller.access.organizationRole(team.organizationId), 'admin'),
    };
  }
}
