import type { Db, Sync } from './db.js';
import { Table } from './table.js';
import type { GrantRecord, PrincipalKind, ResourceKind } from '../../model/index.js';
import type { GrantRepo } from '../grants.js';

export class SqliteGrantRepo implements Sync<GrantRepo> {
  private readonly grantRows: Table<GrantRecord>;

  constructor(private readonly db: Db) {
    this.grantRows = new Table<GrantRecord>(db, 'grants');
  }

  on(kind: ResourceKind, resourceId: string): GrantRecord[] {
    return this.grantRows.many('SELECT * FROM grants WHERE resource_kind = ? AND resource_id = ? ORDER BY created_at, principal_id', kind, resourceId);
  }

  get(kind: ResourceKind, resourceId: string, principal: PrincipalKind, principalId: string): GrantRecord | undefined {
    return this.grantRows.one(
      'SELECT * FROM grants WHERE resource_kind = ? AND resource_id = ? AND principal_kind = ? AND principal_id = ?',
      kind,
      resourceId,
      principal,
      principalId,
    );
  }

  /** Grants to any of the principals, on any of the resources. */
  forPrincipals(userId: string, teamIds: string[]): GrantRecord[] {
    const teams = teamIds.length ? ` OR (principal_kind = 'team' AND principal_id IN (${teamIds.map(() => '?').join(', ')}))` : '';
    return this.grantRows.many(`SELECT * FROM grants WHERE (principal_kind = 'user' AND principal_id = ?)${teams}`, userId, ...teamIds);
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
    this.grantRows.insert(g, 'ON CONFLICT (resource_kind, resource_id, principal_kind, principal_id) DO UPDATE SET role = excluded.role');
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
