import type { Db, Sync } from './db.js';
import { asJson, asFlag, asLevel, type Codec } from './codec.js';
import { Table } from './table.js';
import type { MemberRecord, OrganizationRecord, RoleName, TeamMemberRecord, TeamRecord } from '../../model/index.js';
import type { OrganizationRepo } from '../organizations.js';

export class SqliteOrganizationRepo implements Sync<OrganizationRepo> {
  private readonly organizationRows: Table<OrganizationRecord>;
  private readonly memberRows: Table<MemberRecord>;
  private readonly teamRows: Table<TeamRecord>;
  private readonly teamMemberRows: Table<TeamMemberRecord>;

  constructor(private readonly db: Db) {
    this.organizationRows = new Table<OrganizationRecord>(db, 'organizations', {
      codecs: {
        emailDomains: asJson,
        defaultRole: asLevel as Codec<RoleName | null>,
        inviteLinks: asFlag,
        sso: asFlag,
        ai: asFlag,
        defaultContent: asJson,
        mergeRules: asJson,
      },
    });
    this.memberRows = new Table<MemberRecord>(db, 'members', { codecs: { disabled: asFlag, sso: asFlag } });
    this.teamRows = new Table<TeamRecord>(db, 'teams');
    this.teamMemberRows = new Table<TeamMemberRecord>(db, 'team_members');
  }

  get(id: string): OrganizationRecord | undefined {
    return this.organizationRows.one('SELECT * FROM organizations WHERE id = ?', id);
  }

  byTitle(title: string): OrganizationRecord | undefined {
    return this.organizationRows.one('SELECT * FROM organizations WHERE title = ?', title);
  }

  all(): OrganizationRecord[] {
    return this.organizationRows.many('SELECT * FROM organizations ORDER BY created_at, id');
  }

  insert(o: OrganizationRecord): void {
    this.organizationRows.insert(o);
  }

  update(o: OrganizationRecord): void {
    this.organizationRows.update(o, ['id'], ['createdAt']);
  }

  // Members

  member(organizationId: string, userId: string): MemberRecord | undefined {
    return this.memberRows.one('SELECT * FROM members WHERE organization_id = ? AND user_id = ?', organizationId, userId);
  }

  members(organizationId: string): MemberRecord[] {
    return this.memberRows.many('SELECT * FROM members WHERE organization_id = ?', organizationId);
  }

  membershipsOf(userId: string): MemberRecord[] {
    return this.memberRows.many('SELECT * FROM members WHERE user_id = ?', userId);
  }

  countAdmins(organizationId: string): number {
    const row = this.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM members WHERE organization_id = ? AND role = 'admin' AND disabled = 0", organizationId);
    return row?.n ?? 0;
  }

  upsertMember(m: MemberRecord): void {
    this.memberRows.insert(
      m,
      `ON CONFLICT (organization_id, user_id) DO UPDATE SET role = excluded.role, disabled = excluded.disabled,
         sso = excluded.sso, last_seen_at = excluded.last_seen_at`,
    );
  }

  removeMember(organizationId: string, userId: string): boolean {
    return this.db.run('DELETE FROM members WHERE organization_id = ? AND user_id = ?', organizationId, userId) > 0;
  }

  // Teams

  team(id: string): TeamRecord | undefined {
    return this.teamRows.one('SELECT * FROM teams WHERE id = ?', id);
  }

  teams(organizationId: string): TeamRecord[] {
    return this.teamRows.many('SELECT * FROM teams WHERE organization_id = ? ORDER BY created_at, id', organizationId);
  }

  insertTeam(t: TeamRecord): void {
    this.teamRows.insert(t);
  }

  updateTeam(t: TeamRecord): void {
    this.db.run('UPDATE teams SET title = ? WHERE id = ?', t.title, t.id);
  }

  deleteTeam(id: string): boolean {
    this.db.run("DELETE FROM grants WHERE principal_kind = 'team' AND principal_id = ?", id);
    return this.db.run('DELETE FROM teams WHERE id = ?', id) > 0;
  }

  teamMembers(teamId: string): TeamMemberRecord[] {
    return this.teamMemberRows.many('SELECT * FROM team_members WHERE team_id = ? ORDER BY user_id', teamId);
  }

  teamIdsOf(userId: string): string[] {
    return this.db.all<{ team_id: string }>('SELECT team_id FROM team_members WHERE user_id = ?', userId).map((r) => r.team_id);
  }

  setTeamMember(m: TeamMemberRecord): void {
    this.teamMemberRows.insert(m, 'ON CONFLICT (team_id, user_id) DO UPDATE SET role = excluded.role');
  }

  removeTeamMember(teamId: string, userId: string): boolean {
    return this.db.run('DELETE FROM team_members WHERE team_id = ? AND user_id = ?', teamId, userId) > 0;
  }

  /** Leaving an organization also leaves its teams. */
  removeUserFromTeamsOf(organizationId: string, userId: string): void {
    this.db.run('DELETE FROM team_members WHERE user_id = ? AND team_id IN (SELECT id FROM teams WHERE organization_id = ?)', userId, organizationId);
  }
}
