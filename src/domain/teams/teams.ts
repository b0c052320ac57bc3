import { newId, type OrganizationRecord, type TeamRecord } from '../../model/index.js';
import type { Caller, Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, conflict, forbidden, notFound } from '../core/errors.js';
import type { Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import { atLeast } from '../core/roles.js';
import { TeamMembers } from './members.js';
import { memberOf } from './resolve.js';

export type { TeamMemberView, MemberTeamView, TeamMembersUpdate } from './members.js';

export interface TeamView {
  team: TeamRecord;
  members: number;
  spaces: number;
  /** The caller manages the team: an organization admin, or an owner of the team. */
  canAdmin: boolean;
}

export interface TeamQuery extends PageRequest {
  /** Only the teams this member can manage. */
  owner?: string;
  /** Case-insensitive part of the title. */
  title?: string;
}

export const TEAM_TITLE_MAX = 64;

/**
 * Teams: named groups of organization members. Roles given to a team on spaces and collections apply to
 * each of its members (see access.ts). Organization members with at least `read` see the teams; admins
 * create, rename and delete them; admins and the team's owners manage its members.
 */
export class Teams {
  readonly members: TeamMembers;

  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
  ) {
    this.members = new TeamMembers(deps, organizations, this);
  }

  find(organizationId: string, teamId: string): TeamRecord {
    const team = this.deps.store.organizations.team(teamId);
    if (!team || team.organizationId !== organizationId) throw notFound(`No team ${teamId} in the organization ${organizationId}`);
    return team;
  }

  list(caller: Caller, organizationId: string, query: TeamQuery): Page<TeamView> {
    const org = this.requireReader(caller, organizationId);
    const { store } = this.deps;
    const title = query.title?.toLowerCase();
    let teams = store.organizations.teams(org.id).filter((t) => !title || t.title.toLowerCase().includes(title));
    if (query.owner !== undefined) {
      const owner = store.organizations.member(org.id, query.owner);
      if (!owner) throw invalidInput(`owner: no member ${query.owner} in the organization ${org.id}`);
      if (owner.role !== 'admin' || owner.disabled) teams = teams.filter((t) => this.roleOf(t.id, owner.userId) === 'owner');
    }
    const page = paginate(teams, query, (t) => [t.createdAt, t.id]);
    return { ...page, items: page.items.map((t) => this.view(caller, t)) };
  }

  get(caller: Caller, organizationId: string, teamId: string): TeamView {
    this.requireReader(caller, organizationId);
    return this.view(caller, this.find(organizationId, teamId));
  }

  create(caller: Caller, organizationId: string, input: { title: string; members?: string[] }): TeamView {
    const org = this.organizations.find(organizationId);
    caller.access.requireOrganization(org, 'admin');
    const { store } = this.deps;
    const title = this.checkTitle(org, input.title);
    const userIds = [...new Set((input.members ?? []).map((m, i) => memberOf(store, org.id, m, `members[${i}]`).userId))];
    const team: TeamRecord = { id: newId(), organizationId: org.id, title, createdAt: nowIso(this.deps) };
    store.tx(() => {
      store.organizations.insertTeam(team);
      for (const userId of userIds) store.organizations.setTeamMember({ teamId: team.id, userId, role: 'member' });
    });
    return this.view(caller, team);
  }

  update(caller: Caller, organizationId: string, teamId: string, patch: { title: string }): TeamView {
    const team = this.requireManager(caller, organizationId, teamId);
    const title = this.checkTitle(this.organizations.find(organizationId), patch.title, team.id);
    const next = { ...team, title };
    if (title !== team.title) this.deps.store.organizations.updateTeam(next);
    return this.view(caller, next);
  }

  /** Also takes away every role given to the team. */
  delete(caller: Caller, organizationId: string, teamId: string): boolean {
    const org = this.organizations.find(organizationId);
    caller.access.requireOrganization(org, 'admin');
    const team = this.deps.store.organizations.team(teamId);
    if (!team || team.organizationId !== org.id) return false;
    const { store } = this.deps;
    return store.tx(() => store.organizations.deleteTeam(team.id));
  }

  view(caller: Caller, team: TeamRecord): TeamView {
    const { store } = this.deps;
    const members = store.organizations.teamMembers(team.id);
    const isAdmin = atLeast(caller.access.organizationRole(team.organizationId), 'admin');
    return {
      team,
      members: members.length,
      spaces: store.grants.countFor('team', team.id, 'space'),
      canAdmin: isAdmin || members.some((m) => m.userId === caller.user.id && m.role === 'owner'),
    };
  }

  /** The team, once the caller is known to see it (organization role `read` or more). */
  requireVisible(caller: Caller, organizationId: string, teamId: string): TeamRecord {
    this.requireReader(caller, organizationId);
    return this.find(organizationId, teamId);
  }

  /** The team, once the caller is known to manage it. */
  requireManager(caller: Caller, organizationId: string, teamId: string): TeamRecord {
    const team = this.requireVisible(caller, organizationId, teamId);
    if (!this.view(caller, team).canAdmin) {
      throw forbidden(`Only organization admins and owners of the team ${team.id} can manage it`);
    }
    return team;
  }

  roleOf(teamId: string, userId: string): 'owner' | 'member' | undefined {
    return this.deps.store.organizations.teamMembers(teamId).find((m) => m.userId === userId)?.role;
  }

  requireReader(caller: Caller, organizationId: string): OrganizationRecord {
    const org = this.organizations.find(organizationId);
    const role = caller.access.requireOrganization(org, 'member');
    if (!atLeast(role, 'read')) throw forbidden(`Guests cannot see the teams of the organization ${org.id}`);
    return org;
  }

  /** Trimmed, not blank, and unique in the organization (ignoring case). */
  private checkTitle(org: OrganizationRecord, raw: string, exceptId?: string): string {
    const title = raw.trim();
    if (!title) throw invalidInput('title: must not be blank');
    if (title.length > TEAM_TITLE_MAX) throw invalidInput(`title: at most ${TEAM_TITLE_MAX} characters`);
    const clash = this.deps.store.organizations.teams(org.id).find((t) => t.id !== exceptId && t.title.toLowerCase() === title.toLowerCase());
    if (clash) throw conflict(`title: the organization ${org.id} already has a team named "${clash.title}"`);
    return title;
  }
}
