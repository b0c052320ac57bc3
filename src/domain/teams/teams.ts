import { newId, type OrganizationRecord, type TeamRecord } from '../../model/index.js';
import type { Caller, Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, conflict, forbidden, notFound } from '../core/errors.js';
import type { Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import { atLeast } from '../core/roles.js';
import { TeamMembers } from './members.js';
import { memberOf } from './resolve.js';
import { filterAsync } from '../core/async.js';

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

  async find(organizationId: string, teamId: string): Promise<TeamRecord> {
    const team = await this.deps.store.organizations.team(teamId);
    if (!team || team.organizationId !== organizationId) throw notFound(`No team ${teamId} in the organization ${organizationId}`);
    return team;
  }

  async list(caller: Caller, organizationId: string, query: TeamQuery): Promise<Page<TeamView>> {
    const org = await this.requireReader(caller, organizationId);
    const { store } = this.deps;
    const title = query.title?.toLowerCase();
    let teams = (await store.organizations.teams(org.id)).filter((t) => !title || t.title.toLowerCase().includes(title));
    if (query.owner !== undefined) {
      const owner = await store.organizations.member(org.id, query.owner);
      if (!owner) throw invalidInput(`owner: no member ${query.owner} in the organization ${org.id}`);
      if (owner.role !== 'admin' || owner.disabled) teams = await filterAsync(teams, async (t) => (await this.roleOf(t.id, owner.userId)) === 'owner');
    }
    const page = paginate(teams, query, (t) => [t.createdAt, t.id]);
    return { ...page, items: await Promise.all(page.items.map(async (t) => await this.view(caller, t))) };
  }

  async get(caller: Caller, organizationId: string, teamId: string): Promise<TeamView> {
    await this.requireReader(caller, organizationId);
    return await this.view(caller, await this.find(organizationId, teamId));
  }

  async create(caller: Caller, organizationId: string, input: { title: string; members?: string[] }): Promise<TeamView> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'admin');
    const { store } = this.deps;
    const userIds = [...new Set(await Promise.all((input.members ?? []).map(async (m, i) => (await memberOf(store, org.id, m, `members[${i}]`)).userId)))];
    const team = await store.tx(async () => {
      // The title is checked in the transaction that inserts: two teams created at once cannot take one title.
      const team: TeamRecord = { id: newId(), organizationId: org.id, title: await this.checkTitle(org, input.title), createdAt: nowIso(this.deps) };
      await store.organizations.insertTeam(team);
      for (const userId of userIds) await store.organizations.setTeamMember({ teamId: team.id, userId, role: 'member' });
      return team;
    });
    return await this.view(caller, team);
  }

  async update(caller: Caller, organizationId: string, teamId: string, patch: { title: string }): Promise<TeamView> {
    const team = await this.requireManager(caller, organizationId, teamId);
    const org = await this.organizations.find(organizationId);
    // Checked in the transaction that renames: two teams renamed at once cannot take one title.
    const next = await this.deps.store.tx(async () => {
      const next = { ...team, title: await this.checkTitle(org, patch.title, team.id) };
      if (next.title !== team.title) await this.deps.store.organizations.updateTeam(next);
      return next;
    });
    return await this.view(caller, next);
  }

  /** Also takes away every role given to the team. */
  async delete(caller: Caller, organizationId: string, teamId: string): Promise<boolean> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'admin');
    const team = await this.deps.store.organizations.team(teamId);
    if (!team || team.organizationId !== org.id) return false;
    const { store } = this.deps;
    return await store.tx(async () => await store.organizations.deleteTeam(team.id));
  }

  async view(caller: Caller, team: TeamRecord): Promise<TeamView> {
    const { store } = this.deps;
    const members = await store.organizations.teamMembers(team.id);
    const isAdmin = atLeast(await caller.access.organizationRole(team.organizationId), 'admin');
    return {
      team,
      members: members.length,
      spaces: await store.grants.countFor('team', team.id, 'space'),
      canAdmin: isAdmin || members.some((m) => m.userId === caller.user.id && m.role === 'owner'),
    };
  }

  /** The team, once the caller is known to see it (organization role `read` or more). */
  async requireVisible(caller: Caller, organizationId: string, teamId: string): Promise<TeamRecord> {
    await this.requireReader(caller, organizationId);
    return await this.find(organizationId, teamId);
  }

  /** The team, once the caller is known to manage it. */
  async requireManager(caller: Caller, organizationId: string, teamId: string): Promise<TeamRecord> {
    const team = await this.requireVisible(caller, organizationId, teamId);
    if (!(await this.view(caller, team)).canAdmin) {
      throw forbidden(`Only organization admins and owners of the team ${team.id} can manage it`);
    }
    return team;
  }

  async roleOf(teamId: string, userId: string): Promise<'owner' | 'member' | undefined> {
    return (await this.deps.store.organizations.teamMembers(teamId)).find((m) => m.userId === userId)?.role;
  }

  async requireReader(caller: Caller, organizationId: string): Promise<OrganizationRecord> {
    const org = await this.organizations.find(organizationId);
    const role = await caller.access.requireOrganization(org, 'member');
    if (!atLeast(role, 'read')) throw forbidden(`Guests cannot see the teams of the organization ${org.id}`);
    return org;
  }

  /** Trimmed, not blank, and unique in the organization (ignoring case). */
  private async checkTitle(org: OrganizationRecord, raw: string, exceptId?: string): Promise<string> {
    const title = raw.trim();
    if (!title) throw invalidInput('title: must not be blank');
    if (title.length > TEAM_TITLE_MAX) throw invalidInput(`title: at most ${TEAM_TITLE_MAX} characters`);
    const clash = (await this.deps.store.organizations.teams(org.id)).find((t) => t.id !== exceptId && t.title.toLowerCase() === title.toLowerCase());
    if (clash) throw conflict(`title: the organization ${org.id} already has a team named "${clash.title}"`);
    return title;
  }
}
