import type { SiteFeedbackRecord } from '../../model/site-feedback.js';
import type { SiteFeedbackRepo } from '../site-feedback.js';
import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';

export class SqlSiteFeedbackRepo implements Queries<SiteFeedbackRepo> {
  private readonly rows = new Table<SiteFeedbackRecord>('site_feedback_events');

  *add(events: readonly SiteFeedbackRecord[]): Query<void> {
    for (const event of events) yield* this.rows.insert(event);
  }

  *count(siteId: string, since?: string): Query<number> {
    const row =
      since === undefined
        ? yield* sql.first<{ n: number }>('SELECT COUNT(*) AS n FROM site_feedback_events WHERE site_id = ?', siteId)
        : yield* sql.first<{ n: number }>('SELECT COUNT(*) AS n FROM site_feedback_events WHERE site_id = ? AND created_at >= ?', siteId, since);
    return Number(row?.n ?? 0);
  }

  *between(siteId: string, from: string, to: string): Query<SiteFeedbackRecord[]> {
    return yield* this.rows.many(
      'SELECT * FROM site_feedback_events WHERE site_id = ? AND created_at >= ? AND created_at <= ? ORDER BY created_at, id',
      siteId,
      from,
      to,
    );
  }

  *dropOldest(siteId: string, count: number): Query<void> {
    yield* sql.run(
      'DELETE FROM site_feedback_events WHERE id IN (SELECT id FROM site_feedback_events WHERE site_id = ? ORDER BY created_at, id LIMIT ?)',
      siteId,
      count,
    );
  }

  *prune(siteId: string, before: string): Query<number> {
    return yield* sql.run('DELETE FROM site_feedback_events WHERE site_id = ? AND created_at < ?', siteId, before);
  }
}
