import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';
import type { InviteLinkRecord } from '../../model/invites.js';
import type { InviteRepo } from '../invites.js';

export class SqlInviteRepo implements Queries<InviteRepo> {
  private readonly inviteRows: Table<InviteLinkRecord>;
  constructor() {
    this.inviteRows = new Table<InviteLinkRecord>('invite_links', { fields: { target: 'resource_kind' } });
  }

  *get(id: string): Query<InviteLinkRecord | undefined> {
    return yield* this.inviteRows.one('SELECT * FROM invite_links WHERE id = ?', id);
  }

  *inOrganization(organizationId: string): Query<InviteLinkRecord[]> {
    return yield* this.inviteRows.many('SELECT * FROM invite_links WHERE organization_id = ? ORDER BY created_at, id', organizationId);
  }

  *put(i: InviteLinkRecord): Query<void> {
    yield* sql.run(
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

  *delete(organizationId: string, id: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM invite_links WHERE id = ? AND organization_id = ?', id, organizationId)) > 0;
  }
}
