import type { OrganizationRecord, MemberRecord, TeamRecord, TeamMemberRecord } from '../model/index.js';

export interface OrganizationRepo {
  get(id: string): Promise<OrganizationRecord | undefined>;
  byTitle(title: string): Promise<OrganizationRecord | undefined>;
  all(): Promise<OrganizationRecord[]>;
  insert(o: OrganizationRecord): Promise<void>;
  update(o: OrganizationRecord): Promise<void>;
  member(organizationId: string, userId: string): Promise<MemberRecord | undefined>;
  members(organizationId: string): Promise<MemberRecord[]>;
  membershipsOf(userId: string): Promise<MemberRecord[]>;
  countAdmins(organizationId: string): Promise<number>;
  upsertMember(m: MemberRecord): Promise<void>;
  removeMember(organizationId: string, userId: string): Promise<boolean>;
  team(id: string): Promise<TeamRecord | undefined>;
  teams(organizationId: string): Promise<TeamRecord[]>;
  insertTeam(t: TeamRecord): Promise<void>;
  updateTeam(t: TeamRecord): Promise<void>;
  deleteTeam(id: string): Promise<boolean>;
  teamMembers(teamId: string): Promise<TeamMemberRecord[]>;
  teamIdsOf(userId: string): Promise<string[]>;
  setTeamMember(m: TeamMemberRecord): Promise<void>;
  removeTeamMember(teamId: string, userId: string): Promise<boolean>;
  /** Leaving an organization also leaves its teams. */
  removeUserFromTeamsOf(organizationId: string, userId: string): Promise<void>;
}
