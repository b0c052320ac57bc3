import type { OrganizationRecord, MemberRecord, TeamRecord, TeamMemberRecord } from '../model/index.js';

export interface OrganizationRepo {
  get(id: string): OrganizationRecord | undefined;
  byTitle(title: string): OrganizationRecord | undefined;
  all(): OrganizationRecord[];
  insert(o: OrganizationRecord): void;
  update(o: OrganizationRecord): void;
  member(organizationId: string, userId: string): MemberRecord | undefined;
  members(organizationId: string): MemberRecord[];
  membershipsOf(userId: string): MemberRecord[];
  countAdmins(organizationId: string): number;
  upsertMember(m: MemberRecord): void;
  removeMember(organizationId: string, userId: string): boolean;
  team(id: string): TeamRecord | undefined;
  teams(organizationId: string): TeamRecord[];
  insertTeam(t: TeamRecord): void;
  updateTeam(t: TeamRecord): void;
  deleteTeam(id: string): boolean;
  teamMembers(teamId: string): TeamMemberRecord[];
  teamIdsOf(userId: string): string[];
  setTeamMember(m: TeamMemberRecord): void;
  removeTeamMember(teamId: string, userId: string): boolean;
  /** Leaving an organization also leaves its teams. */
  removeUserFromTeamsOf(organizationId: string, userId: string): void;
}
