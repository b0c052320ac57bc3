import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';
import type { GrantRecord, PrincipalKind, ResourceKind } from '../../model/index.js';
import type { GrantRepo } from '../grants.js';

export class SqlGrantRepo implements Queries<GrantRepo> {
  private readonly grantRows: Table<GrantRecord>;

  constructor() {
    this.grantRows = new Table<GrantRecord>('grants');
  }

  *on(kind: ResourceKind, resourceId: string): Query<GrantRecord[]> {
    return yield* this.grantRows.many('SELECT * FROM grants WHERE resource_kind = ? AND resource_id = ? ORDER BY created_at, principal_id', kind, resourceId);
  }

  *get(kind: ResourceKind, resourceId: string, principal: PrincipalKind, principalId: string): Query<GrantRecord | undefined> {
    return yield* this.grantRows.one(
      'SELECT * FROM grants WHERE resource_kind = ? AND resource_id = ? AND principal_kind = ? AND principal_id = ?',
      kind,
      resourceId,
      principal,
      principalId,
    );
  }

  /** Grants to any of the principals, on any of the resources. */
  *forPrincipals(userId: string, teamIds: string[]): Query<GrantRecord[]> {
    const teams = teamIds.length ? ` OR (principal_kind = 'team' AND principal_id IN (${teamIds.map(() => '?').join(', ')}))` : '';
    return yield* this.grantRows.many(`SELECT * FROM grants WHERE (principal_kind = 'user' AND principal_id = ?)${teams}`, userId, ...teamIds);
  }

  *countFor(principal: PrincipalKind, principalId: string, kind: ResourceKind): Query<number> {
    return (
      (yield* sql.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM grants WHERE principal_kind = ? AND principal_id = ? AND resource_kind = ?',
        principal,
        principalId,
        kind,
      ))?.n ?? 0
    );
  }

  *put(g: GrantRecord): Query<void> {
    yield* this.grantRows.insert(g, 'ON CONFLICT (resource_kind, resource_id, principal_kind, principal_id) DO UPDATE SET role = excluded.role');
  }

  *remove(kind: ResourceKind, resourceId: string, principal: PrincipalKind, principalId: string): Query<boolean> {
    return (
      (yield* sql.run(
        'DELETE FROM grants WHERE resource_kind = ? AND resource_id = ? AND principal_kind = ? AND principal_id = ?',
        kind,
        resourceId,
        principal,
        principalId,
      )) > 0
    );
  }

  *removeUserIn(userId: string, kind: ResourceKind, resourceIds: string[]): Query<void> {
    for (const id of resourceIds) yield* this.remove(kind, id, 'user', userId);
  }
}
