import { type Query, type Queries, sql } from './query.js';
import { asJson, asFlag, asLevel, type Codec } from './codec.js';
import { Table } from './table.js';
import type { MemberRecord, OrganizationRecord, RoleName, TeamMemberRecord, TeamRecord } from '../../model/index.js';
import type { OrganizationRepo } from '../organizations.js';

export class SqlOrganizationRepo implements Queries<OrganizationRepo> {
  private readonly organizationRows: Table<OrganizationRecord>;
  private readonly memberRows: Table<MemberRecord>;
  private readonly teamRows: Table<TeamRecord>;
  private readonly teamMemberRows: Table<TeamMemberRecord>;

  constructor() {
    this.organizationRows = new Table<OrganizationRecord>('organizations', {
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
    this.memberRows = new Table<MemberRecord>('members', { codecs: { disabled: asFlag, sso: asFlag } });
    this.teamRows = new Table<TeamRecord>('teams');
    this.teamMemberRows = new Table<TeamMemberRecord>('team_members');
  }

  *get(id: string): Query<OrganizationRecord | undefined> {
    return yield* this.organizationRows.one('SELECT * FROM organizations WHERE id = ?', id);
  }

  *byTitle(title: string): Query<OrganizationRecord | undefined> {
    return yield* this.organizationRows.one('SELECT * FROM organizations WHERE title = ?', title);
  }

  *all(): Query<OrganizationRecord[]> {
    return yield* this.organizationRows.many('SELECT * FROM organizations ORDER BY created_at, id');
  }

  *insert(o: OrganizationRecord): Query<void> {
    yield* this.organizationRows.insert(o);
  }

  *update(o: OrganizationRecord): Query<void> {
    yield* this.organizationRows.update(o, ['id'], ['createdAt']);
  }

  // Members

  *member(organizationId: string, userId: string): Query<MemberRecord | undefined> {
    return yield* this.memberRows.one('SELECT * FROM members WHERE organization_id = ? AND user_id = ?', organizationId, userId);
  }

  *members(organizationId: string): Query<MemberRecord[]> {
    return yield* this.memberRows.many('SELECT * FROM members WHERE organization_id = ?', organizationId);
  }

  *membershipsOf(userId: string): Query<MemberRecord[]> {
    return yield* this.memberRows.many('SELECT * FROM members WHERE user_id = ?', userId);
  }

  *countAdmins(organizationId: string): Query<number> {
    const row = yield* sql.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM members WHERE organization_id = ? AND role = 'admin' AND disabled = 0",
      organizationId,
    );
    return row?.n ?? 0;
  }

  *upsertMember(m: MemberRecord): Query<void> {
    yield* this.memberRows.insert(
      m,
      `ON CONFLICT (organization_id, user_id) DO UPDATE SET role = excluded.role, disabled = excluded.disabled,
         sso = excluded.sso, last_seen_at = excluded.last_seen_at`,
    );
  }

  *removeMember(organizationId: string, userId: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM members WHERE organization_id = ? AND user_id = ?', organizationId, userId)) > 0;
  }

  // Teams

  *team(id: string): Query<TeamRecord | undefined> {
    return yield* this.teamRows.one('SELECT * FROM teams WHERE id = ?', id);
  }

  *teams(organizationId: string): Query<TeamRecord[]> {
    return yield* this.teamRows.many('SELECT * FROM teams WHERE organization_id = ? ORDER BY created_at, id', organizationId);
  }

  *insertTeam(t: TeamRecord): Query<void> {
    yield* this.teamRows.insert(t);
  }

  *updateTeam(t: TeamRecord): Query<void> {
    yield* sql.run('UPDATE teams SET title = ? WHERE id = ?', t.title, t.id);
  }

  *deleteTeam(id: string): Query<boolean> {
    yield* sql.run("DELETE FROM grants WHERE principal_kind = 'team' AND principal_id = ?", id);
    return (yield* sql.run('DELETE FROM teams WHERE id = ?', id)) > 0;
  }

  *teamMembers(teamId: string): Query<TeamMemberRecord[]> {
    return yield* this.teamMemberRows.many('SELECT * FROM team_members WHERE team_id = ? ORDER BY user_id', teamId);
  }

  *teamIdsOf(userId: string): Query<string[]> {
    return (yield* sql.all<{ team_id: string }>('SELECT team_id FROM team_members WHERE user_id = ?', userId)).map((r) => r.team_id);
  }

  *setTeamMember(m: TeamMemberRecord): Query<void> {
    yield* this.teamMemberRows.insert(m, 'ON CONFLICT (team_id, user_id) DO UPDATE SET role = excluded.role');
  }

  *removeTeamMember(teamId: string, userId: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM team_members WHERE team_id = ? AND user_id = ?', teamId, userId)) > 0;
  }

  /** Leaving an organization also leaves its teams. */
  *removeUserFromTeamsOf(organizationId: string, userId: string): Query<void> {
    yield* sql.run('DELETE FROM team_members WHERE user_id = ? AND team_id IN (SELECT id FROM teams WHERE organization_id = ?)', userId, organizationId);
  }
}
