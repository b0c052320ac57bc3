import type { Db, Row, Sync } from './db.js';
import { str } from './codec.js';
import type { GrantRecord, PrincipalKind, ResourceKind, RoleName } from '../../model/index.js';
import type { GrantRepo } from '../grants.js';

const toGrant = (r: Row): GrantRecord => ({
  resourceKind: r.resource_kind as ResourceKind,
  resourceId: str(r.resource_id),
  principalKind: r.principal_kind as PrincipalKind,
  principalId: str(r.principal_id),
  role: (r.role as RoleName | null) ?? null,
  createdAt: str(r.created_at),
});

/** Roles given on a space or collection to a user or a team. */
export class SqliteGrantRepo implements Sync<GrantRepo> {
  constructor(private readonly db: Db) {}

  on(kind: ResourceKind, resourceId: string): GrantRecord[] {
    return this.db.all('SELECT * FROM grants WHERE resource_kind = ? AND resource_id = ? ORDER BY created_at, principal_id', kind, resourceId).map(toGrant);
  }

  get(kind: ResourceKind, resourceId: string, principal: PrincipalKind, principalId: string): GrantRecord | undefined {
    const row = this.db.get(
      'SELECT * FROM grants WHERE resource_kind = ? AND resource_id = ? AND principal_kind = ? AND principal_id = ?',
      kind,
      resourceId,
      principal,
      principalId,
    );
    return row && toGrant(row);
  }

  /** Grants to any of the principals, on any of the resources. */
  forPrincipals(userId: string, teamIds: string[]): GrantRecord[] {
    const teams = teamIds.length ? ` OR (principal_kind = 'team' AND principal_id IN (${teamIds.map(() => '?').join(', ')}))` : '';
    return this.db.all(`SELECT * FROM grants WHERE (principal_kind = 'user' AND principal_id = ?)${teams}`, userId, ...teamIds).map(toGrant);
  }

  countFor(principal: PrincipalKind, principalId: string, kind: ResourceKind): number {
    return (
      this.db.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM grants WHERE principal_kind = ? AND principal_id = ? AND resource_kind = ?',
        principal,
        principalId,
        kind,
      )?.n ?? 0
    );
  }

  put(g: GrantRecord): void {
    this.db.run(
      `INSERT INTO grants (resource_kind, resource_id, principal_kind, principal_id, role, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (resource_kind, resource_id, principal_kind, principal_id) DO UPDATE SET role = excluded.role`,
      g.resourceKind,
      g.resourceId,
      g.principalKind,
      g.principalId,
      g.role,
      g.createdAt,
    );
  }

  remove(kind: ResourceKind, resourceId: string, principal: PrincipalKind, principalId: string): boolean {
    return (
      this.db.run(
        'DELETE FROM grants WHERE resource_kind = ? AND resource_id = ? AND principal_kind = ? AND principal_id = ?',
        kind,
        resourceId,
        principal,
        principalId,
      ) > 0
    );
  }

  removeUserIn(userId: string, kind: ResourceKind, resourceIds: string[]): void {
    for (const id of resourceIds) this.remove(kind, id, 'user', userId);
  }
}
