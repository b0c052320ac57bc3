import type { Db, Sync } from './db.js';
import { Table } from './table.js';
import type { InviteLinkRecord } from '../../model/invites.js';
import type { InviteRepo } from '../invites.js';

export class SqliteInviteRepo implements Sync<InviteRepo> {
  private readonly inviteRows: Table<InviteLinkRecord>;
  constructor(private readonly db: Db) {
    this.inviteRows = new Table<InviteLinkRecord>(db, 'invite_links', { fields: { target: 'resource_kind' } });
  }

  get(id: string): InviteLinkRecord | undefined {
    return this.inviteRows.one('SELECT * FROM invite_links WHERE id = ?', id);
  }

  inOrganization(organizationId: string): InviteLinkRecord[] {
    return this.inviteRows.many('SELECT * FROM invite_links WHERE organization_id = ? ORDER BY created_at, id', organizationId);
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
