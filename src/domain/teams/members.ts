import type { TeamMemberRecord } from '../../model/index.js';
import type { Caller, Deps } from '../core/context.js';
import { invalidInput, notFound } from '../core/errors.js';
import type { MemberView, Organizations } from '../organizations/organizations.js';
import { memberView } from '../organizations/member-view.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { Teams, TeamView } from './teams.js';
import { memberOf } from './resolve.js';
import { filterAsync } from '../core/async.js';

type TeamRole = TeamMemberRecord['role'];

export interface TeamMemberView {
  member: MemberView;
  role: TeamRole;
}

export interface MemberTeamView {
  team: TeamView;
  role: TeamRole;
}

/** `updateMembersInOrganizationTeam`: users by id or email; `remove` wins over `add` and `memberships`. */
export interface TeamMembersUpdate {
  add?: string[];
  memberships?: Record<string, { role: TeamRole }>;
  remove?: string[];
}

/** Who is in a team, with which team role (`owner` manages the team, `member` belongs to it). */
export class TeamMembers {
  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
    private readonly teams: Teams,
  ) {}

  async list(caller: Caller, organizationId: string, teamId: string, request: PageRequest): Promise<Page<TeamMemberView>> {
    const team = await this.teams.requireVisible(caller, organizationId, teamId);
    const { organizations } = this.deps.store;
    const records = await filterAsync(
      await organizations.teamMembers(team.id),
      async (m) => (await organizations.member(team.organizationId, m.userId)) !== undefined,
    );
    const page = paginate(records, request, (m) => [m.userId]);
    return { ...page, items: await Promise.all(page.items.map(async (m) => ({ member: await this.memberView(team.organizationId, m.userId), role: m.role }))) };
  }

  private async memberView(organizationId: string, userId: string): Promise<MemberView> {
    return await memberView(this.deps.store, (await this.deps.store.organizations.member(organizationId, userId))!);
  }

  /** Adds the member, or changes their role; without a role, a new member is a `member` and an existing one keeps theirs. */
  async add(caller: Caller, organizationId: string, teamId: string, userId: string, role?: TeamRole): Promise<void> {
    return await this.deps.store.tx(async () => {
      const team = await this.teams.requireManager(caller, organizationId, teamId);
      const { organizations } = this.deps.store;
      if (!(await organizations.member(team.organizationId, userId))) throw notFound(`No member ${userId} in the organization ${team.organizationId}`);
      const next = role ?? (await this.teams.roleOf(team.id, userId)) ?? 'member';
      await organizations.setTeamMember({ teamId: team.id, userId, role: next });
    });
  }

  /** Managers remove anyone; members may leave by themselves. */
  async remove(caller: Caller, organizationId: string, teamId: string, userId: string): Promise<boolean> {
    const team =
      userId === caller.user.id
        ? await this.teams.requireVisible(caller, organizationId, teamId)
        : await this.teams.requireManager(caller, organizationId, teamId);
    return await this.deps.store.organizations.removeTeamMember(team.id, userId);
  }

  /** Checks every user first, then applies the whole change at once. */
  async update(caller: Caller, organizationId: string, teamId: string, change: TeamMembersUpdate): Promise<void> {
    const team = await this.teams.requireManager(caller, organizationId, teamId);
    const { store } = this.deps;
    const org = team.organizationId;
    const removed = new Set(
      await Promise.all(
        (change.remove ?? []).map(async (who, i) => {
          const user = (await store.users.get(who)) ?? (who.includes('@') ? await store.users.byEmail(who) : undefined);
          if (!user) throw invalidInput(`remove[${i}]: no user ${who}`);
          return user.id;
        }),
      ),
    );
    const added: string[] = [];
    for (const [i, who] of (change.add ?? []).entries()) added.push((await memberOf(store, org, who, `add[${i}]`)).userId);
    const given = new Map<string, TeamRole>();
    for (const [who, membership] of Object.entries(change.memberships ?? {})) {
      given.set((await memberOf(store, org, who, `memberships.${who}`)).userId, membership.role);
    }
    await store.tx(async () => {
      // An added member keeps the role they have when the change lands (not one read before: it may have changed since).
      const roles = new Map<string, TeamRole>();
      for (const userId of added) roles.set(userId, roles.get(userId) ?? (await this.teams.roleOf(team.id, userId)) ?? 'member');
      for (const [userId, role] of given) roles.set(userId, role);
      for (const [userId, role] of roles) if (!removed.has(userId)) await store.organizations.setTeamMember({ teamId: team.id, userId, role });
      for (const userId of removed) await store.organizations.removeTeamMember(team.id, userId);
    });
  }

  /** The teams a member belongs to; theirs to see, or anyone's who sees the teams. */
  async teamsOf(caller: Caller, organizationId: string, userId: string, query: PageRequest & { title?: string }): Promise<Page<MemberTeamView>> {
    const org = await this.organizations.find(organizationId);
    if (userId === caller.user.id) await caller.access.requireOrganization(org, 'member');
    else await this.teams.requireReader(caller, org.id);
    const { organizations } = this.deps.store;
    if (!(await organizations.member(org.id, userId))) throw notFound(`No member ${userId} in the organization ${org.id}`);
    const title = query.title?.toLowerCase();
    const mine = new Set(await organizations.teamIdsOf(userId));
    const teams = (await organizations.teams(org.id)).filter((t) => mine.has(t.id) && (!title || t.title.toLowerCase().includes(title)));
    const page = paginate(teams, query, (t) => [t.createdAt, t.id]);
    return {
      ...page,
      items: await Promise.all(page.items.map(async (t) => ({ team: await this.teams.view(caller, t), role: (await this.teams.roleOf(t.id, userId))! }))),
    };
  }
}
