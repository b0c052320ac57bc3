import type { Db, Row, Sync } from './db.js';
import { bool, decodeLevel, int, json, optStr, str } from './codec.js';
import type { MemberRecord, OrganizationRecord, RoleName, TeamMemberRecord, TeamRecord } from '../../model/index.js';
import type { OrganizationRepo } from '../organizations.js';

const toOrganization = (r: Row): OrganizationRecord => ({
  id: str(r.id),
  title: str(r.title),
  hostname: optStr(r.hostname),
  emailDomains: json<string[]>(r.email_domains),
  defaultRole: decodeLevel(r.default_role) as RoleName | null,
  useCase: optStr(r.use_case),
  inviteLinks: bool(r.invite_links),
  sso: bool(r.sso),
  ai: bool(r.ai),
  logo: optStr(r.logo),
  defaultContent: r.default_content === null ? null : json(r.default_content),
  mergeRules: json(r.merge_rules),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

const toMember = (r: Row): MemberRecord => ({
  organizationId: str(r.organization_id),
  userId: str(r.user_id),
  role: (r.role as RoleName | null) ?? null,
  disabled: bool(r.disabled),
  sso: bool(r.sso),
  joinedAt: str(r.joined_at),
  lastSeenAt: optStr(r.last_seen_at),
});

const toTeam = (r: Row): TeamRecord => ({
  id: str(r.id),
  organizationId: str(r.organization_id),
  title: str(r.title),
  createdAt: str(r.created_at),
});

export class SqliteOrganizationRepo implements Sync<OrganizationRepo> {
  constructor(private readonly db: Db) {}

  get(id: string): OrganizationRecord | undefined {
    const row = this.db.get('SELECT * FROM organizations WHERE id = ?', id);
    return row && toOrganization(row);
  }

  byTitle(title: string): OrganizationRecord | undefined {
    const row = this.db.get('SELECT * FROM organizations WHERE title = ?', title);
    return row && toOrganization(row);
  }

  all(): OrganizationRecord[] {
    return this.db.all('SELECT * FROM organizations ORDER BY created_at, id').map(toOrganization);
  }

  insert(o: OrganizationRecord): void {
    this.db.run(
      `INSERT INTO organizations (id, title, hostname, email_domains, default_role, use_case, invite_links, sso, ai, logo,
         default_content, merge_rules, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ...this.values(o),
      o.createdAt,
      o.updatedAt,
    );
  }

  update(o: OrganizationRecord): void {
    this.db.run(
      `UPDATE organizations SET id = ?, title = ?, hostname = ?, email_domains = ?, default_role = ?, use_case = ?, invite_links = ?,
         sso = ?, ai = ?, logo = ?, default_content = ?, merge_rules = ?, updated_at = ?
       WHERE id = ?`,
      ...this.values(o),
      o.updatedAt,
      o.id,
    );
  }

  private values(o: OrganizationRecord): unknown[] {
    return [
      o.id,
      o.title,
      o.hostname,
      JSON.stringify(o.emailDomains),
      o.defaultRole ?? 'none',
      o.useCase,
      int(o.inviteLinks),
      int(o.sso),
      int(o.ai),
      o.logo,
      o.defaultContent && JSON.stringify(o.defaultContent),
      JSON.stringify(o.mergeRules),
    ];
  }

  // Members

  member(organizationId: string, userId: string): MemberRecord | undefined {
    const row = this.db.get('SELECT * FROM members WHERE organization_id = ? AND user_id = ?', organizationId, userId);
    return row && toMember(row);
  }

  members(organizationId: string): MemberRecord[] {
    return this.db.all('SELECT * FROM members WHERE organization_id = ?', organizationId).map(toMember);
  }

  membershipsOf(userId: string): MemberRecord[] {
    return this.db.all('SELECT * FROM members WHERE user_id = ?', userId).map(toMember);
  }

  countAdmins(organizationId: string): number {
    const row = this.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM members WHERE organization_id = ? AND role = 'admin' AND disabled = 0", organizationId);
    return row?.n ?? 0;
  }

  upsertMember(m: MemberRecord): void {
    this.db.run(
      `INSERT INTO members (organization_id, user_id, role, disabled, sso, joined_at, last_seen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (organization_id, user_id) DO UPDATE SET role = excluded.role, disabled = excluded.disabled,
         sso = excluded.sso, last_seen_at = excluded.last_seen_at`,
      m.organizationId,
      m.userId,
      m.role,
      int(m.disabled),
      int(m.sso),
      m.joinedAt,
      m.lastSeenAt,
    );
  }

  removeMember(organizationId: string, userId: string): boolean {
    return this.db.run('DELETE FROM members WHERE organization_id = ? AND user_id = ?', organizationId, userId) > 0;
  }

  // Teams

  team(id: string): TeamRecord | undefined {
    const row = this.db.get('SELECT * FROM teams WHERE id = ?', id);
    return row && toTeam(row);
  }

  teams(organizationId: string): TeamRecord[] {
    return this.db.all('SELECT * FROM teams WHERE organization_id = ? ORDER BY created_at, id', organizationId).map(toTeam);
  }

  insertTeam(t: TeamRecord): void {
    this.db.run('INSERT INTO teams (id, organization_id, title, created_at) VALUES (?, ?, ?, ?)', t.id, t.organizationId, t.title, t.createdAt);
  }

  updateTeam(t: TeamRecord): void {
    this.db.run('UPDATE teams SET title = ? WHERE id = ?', t.title, t.id);
  }

  deleteTeam(id: string): boolean {
    this.db.run("DELETE FROM grants WHERE principal_kind = 'team' AND principal_id = ?", id);
    return this.db.run('DELETE FROM teams WHERE id = ?', id) > 0;
  }

  teamMembers(teamId: string): TeamMemberRecord[] {
    return this.db
      .all('SELECT * FROM team_members WHERE team_id = ? ORDER BY user_id', teamId)
      .map((r) => ({ teamId: str(r.team_id), userId: str(r.user_id), role: r.role as 'owner' | 'member' }));
  }

  teamIdsOf(userId: string): string[] {
    return this.db.all<{ team_id: string }>('SELECT team_id FROM team_members WHERE user_id = ?', userId).map((r) => r.team_id);
  }

  setTeamMember(m: TeamMemberRecord): void {
    this.db.run(
      `INSERT INTO team_members (team_id, user_id, role) VALUES (?, ?, ?)
       ON CONFLICT (team_id, user_id) DO UPDATE SET role = excluded.role`,
      m.teamId,
      m.userId,
      m.role,
    );
  }

  removeTeamMember(teamId: string, userId: string): boolean {
    return this.db.run('DELETE FROM team_members WHERE team_id = ? AND user_id = ?', teamId, userId) > 0;
  }

  /** Leaving an organization also leaves its teams. */
  removeUserFromTeamsOf(organizationId: string, userId: string): void {
    this.db.run('DELETE FROM team_members WHERE user_id = ? AND team_id IN (SELECT id FROM teams WHERE organization_id = ?)', userId, organizationId);
  }
}
