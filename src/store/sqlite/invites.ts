import { optStr, str } from './codec.js';
import type { Db, Row, Sync } from './db.js';
import type { RoleName } from '../../model/index.js';
import type { InviteLinkRecord, InviteTarget } from '../../model/invites.js';
import type { InviteRepo } from '../invites.js';
const toInvite = (r: Row): InviteLinkRecord => ({
  id: str(r.id),
  organizationId: str(r.organization_id),
  target: str(r.resource_kind) as InviteTarget,
  resourceId: optStr(r.resource_id),
  role: optStr(r.role) as RoleName | null,
  createdBy: str(r.created_by),
  createdAt: str(r.created_at),
});

export class SqliteInviteRepo implements Sync<InviteRepo> {
  constructor(private readonly db: Db) {}

  get(id: string): InviteLinkRecord | undefined {
    const row = this.db.get('SELECT * FROM invite_links WHERE id = ?', id);
    return row && toInvite(row);
  }

  inOrganization(organizationId: string): InviteLinkRecord[] {
    return this.db.all('SELECT * FROM invite_links WHERE organization_id = ? ORDER BY created_at, id', organizationId).map(toInvite);
  }

  put(i: InviteLinkRecord): void {
    this.db.run(
      `INSERT INTO invite_links (id, organization_id, resource_kind, resource_id, role, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET role = excluded.role`,
      i.id,
      i.organizationId,
      i.target,
      i.resourceId,
      i.role,
      i.createdBy,
      i.createdAt,
    );
  }

  delete(organizationId: string, id: string): boolean {
    return this.db.run('DELETE FROM invite_links WHERE id = ? AND organization_id = ?', id, organizationId) > 0;
  }
}
