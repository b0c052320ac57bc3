import type { AuditEventRecord } from '../../model/audit.js';
import type { AuditFilter, AuditRepo } from '../audit.js';
import { asJson } from './codec.js';
import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';

export class SqlAuditRepo implements Queries<AuditRepo> {
  private readonly eventRows = new Table<AuditEventRecord>('audit_events', { codecs: { payload: asJson } });

  *insert(e: AuditEventRecord): Query<void> {
    yield* this.eventRows.insert(e);
  }

  *get(organizationId: string, id: string): Query<AuditEventRecord | undefined> {
    return yield* this.eventRows.one('SELECT * FROM audit_events WHERE id = ? AND organization_id = ?', id, organizationId);
  }

  *list(filter: AuditFilter, page: { after?: [string, string]; limit: number }): Query<{ items: AuditEventRecord[]; count: number; more: boolean }> {
    const where = ['organization_id = ?'];
    const params: unknown[] = [filter.organizationId];
    const exact: [keyof AuditFilter, string][] = [
      ['action', 'action'],
      ['actorId', 'actor_id'],
      ['targetId', 'target_id'],
    ];
    for (const [field, column] of exact) {
      if (filter[field] === undefined) continue;
      where.push(`${column} = ?`);
      params.push(filter[field]);
    }
    if (filter.from !== undefined) {
      where.push('occurred_at >= ?');
      params.push(filter.from);
    }
    if (filter.to !== undefined) {
      where.push('occurred_at <= ?');
      params.push(filter.to);
    }
    const count = Number((yield* sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM audit_events WHERE ${where.join(' AND ')}`, ...params))?.n ?? 0);
    if (page.after) {
      where.push('(occurred_at < ? OR (occurred_at = ? AND id < ?))');
      params.push(page.after[0], page.after[0], page.after[1]);
    }
    const rows = yield* this.eventRows.many(
      `SELECT * FROM audit_events WHERE ${where.join(' AND ')} ORDER BY occurred_at DESC, id DESC LIMIT ?`,
      ...params,
      page.limit + 1,
    );
    return { items: rows.slice(0, page.limit), count, more: rows.length > page.limit };
  }

  *deleteBefore(before: string): Query<number> {
    return yield* sql.run('DELETE FROM audit_events WHERE occurred_at < ?', before);
  }
}
