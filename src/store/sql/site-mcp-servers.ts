import type { SiteMcpServerRecord } from '../../model/site-mcp-servers.js';
import type { SiteMcpServerRepo } from '../site-mcp-servers.js';
import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';

export class SqlSiteMcpServerRepo implements Queries<SiteMcpServerRepo> {
  private readonly serverRows: Table<SiteMcpServerRecord>;
  constructor() {
    this.serverRows = new Table<SiteMcpServerRecord>('site_mcp_servers');
  }

  *inSite(siteId: string): Query<SiteMcpServerRecord[]> {
    return yield* this.serverRows.many('SELECT * FROM site_mcp_servers WHERE site_id = ? ORDER BY created_at, id', siteId);
  }

  *get(siteId: string, id: string): Query<SiteMcpServerRecord | undefined> {
    return yield* this.serverRows.one('SELECT * FROM site_mcp_servers WHERE id = ? AND site_id = ?', id, siteId);
  }

  *put(s: SiteMcpServerRecord): Query<void> {
    yield* this.serverRows.upsert(s, ['id'], ['siteId', 'createdAt']);
  }

  *delete(siteId: string, id: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM site_mcp_servers WHERE id = ? AND site_id = ?', id, siteId)) > 0;
  }
}
