import type { TeamMemberRecord } from '../../model/index.js';
import type { Caller, Deps } from '../core/context.js';
import { invalidInput, notFound } from '../core/errors.js';
import type { MemberView, Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { Teams, TeamView } from './teams.js';
import { memberOf } from './resolve.js';

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

  list(caller: Caller, organizationId: string, teamId: string, request: PageRequest): Page<TeamMemberView> {
    const team = this.teams.requireVisible(caller, organizationId, teamId);
    const { organizations } = this.deps.store;
    const records = organizations.teamMembers(team.id).filter((m) => organizations.member(team.organizationId, m.userId));
    const page = paginate(records, request, (m) => [m.userId]);
    return { ...page, items: page.items.map((m) => ({ member: this.memberView(team.organizationId, m.userId), role: m.role })) };
  }

  /**
   * The member as `getMemberInOrganizationById` shows them. Counted from the member's own grants and teams, not by
   * scanning the organization's spaces, so that a page of a large team stays cheap.
   */
  private memberView(organizationId: string, userId: string): MemberView {
    const { store } = this.deps;
    const spaces = store.grants
      .forPrincipals(userId, [])
      .filter((g) => g.resourceKind === 'space' && store.content.space(g.resourceId)?.organizationId === organizationId).length;
    const teams = store.organizations.teamIdsOf(userId).filter((id) => store.organizations.team(id)?.organizationId === organizationId).length;
    return { member: store.organizations.member(organizationId, userId)!, user: store.users.get(userId)!, spaces, teams };
  }

  /** Adds the member, or changes their role; without a role, a new member is a `member` and an existing one keeps theirs. */
  add(caller: Caller, organizationId: string, teamId: string, userId: string, role?: TeamRole): void {
    const team = this.teams.requireManager(caller, organizationId, teamId);
    const { organizations } = this.deps.store;
    if (!organizations.member(team.organizationId, userId)) throw notFound(`No member ${userId} in the organization ${team.organizationId}`);
    const next = role ?? this.teams.roleOf(team.id, userId) ?? 'member';
    organizations.setTeamMember({ teamId: team.id, userId, role: next });
  }

  /** Managers remove anyone; members may leave by themselves. */
  remove(caller: Caller, organizationId: string, teamId: string, userId: string): boolean {
    const team =
      userId === caller.user.id ? this.teams.requireVisible(caller, organizationId, teamId) : this.teams.requireManager(caller, organizationId, teamId);
    return this.deps.store.organizations.removeTeamMember(team.id, userId);
  }

  /** Checks every user first, then applies the whole change at once. */
  update(caller: Caller, organizationId: string, teamId: string, change: TeamMembersUpdate): void {
    const team = this.teams.requireManager(caller, organizationId, teamId);
    const { store } = this.deps;
    const org = team.organizationId;
    const removed = new Set(
      (change.remove ?? []).map((who, i) => {
        const user = store.users.get(who) ?? (who.includes('@') ? store.users.byEmail(who) : undefined);
        if (!user) throw invalidInput(`remove[${i}]: no user ${who}`);
        return user.id;
      }),
    );
    const roles = new Map<string, TeamRole>();
    (change.add ?? []).forEach((who, i) => {
      const { userId } = memberOf(store, org, who, `add[${i}]`);
      roles.set(userId, roles.get(userId) ?? this.teams.roleOf(team.id, userId) ?? 'member');
    });
    for (const [who, membership] of Object.entries(change.memberships ?? {})) {
      roles.set(memberOf(store, org, who, `memberships.${who}`).userId, membership.role);
    }
    store.tx(() => {
      for (const [userId, role] of roles) if (!removed.has(userId)) store.organizations.setTeamMember({ teamId: team.id, userId, role });
      for (const userId of removed) store.organizations.removeTeamMember(team.id, userId);
    });
  }

  /** The teams a member belongs to; theirs to see, or anyone's who sees the teams. */
  teamsOf(caller: Caller, organizationId: string, userId: string, query: PageRequest & { title?: string }): Page<MemberTeamView> {
    const org = this.organizations.find(organizationId);
    if (userId === caller.user.id) caller.access.requireOrganization(org, 'member');
    else this.teams.requireReader(caller, org.id);
    const { organizations } = this.deps.store;
    if (!organizations.member(org.id, userId)) throw notFound(`No member ${userId} in the organization ${org.id}`);
    const title = query.title?.toLowerCase();
    const mine = new Set(organizations.teamIdsOf(userId));
    const teams = organizations.teams(org.id).filter((t) => mine.has(t.id) && (!title || t.title.toLowerCase().includes(title)));
    const page = paginate(teams, query, (t) => [t.createdAt, t.id]);
    return { ...page, items: page.items.map((t) => ({ team: this.teams.view(caller, t), role: this.teams.roleOf(t.id, userId)! })) };
  }
}
