import type { SiteMcpServerRecord } from '../../model/site-mcp-servers.js';
import type { SiteMcpServerRepo } from '../site-mcp-servers.js';
import type { Db, Sync } from './db.js';
import { Table } from './table.js';

export class SqliteSiteMcpServerRepo implements Sync<SiteMcpServerRepo> {
  private readonly serverRows: Table<SiteMcpServerRecord>;
  constructor(private readonly db: Db) {
    this.serverRows = new Table<SiteMcpServerRecord>(db, 'site_mcp_servers');
  }

  inSite(siteId: string): SiteMcpServerRecord[] {
    return this.serverRows.many('SELECT * FROM site_mcp_servers WHERE site_id = ? ORDER BY created_at, id', siteId);
  }

  get(siteId: string, id: string): SiteMcpServerRecord | undefined {
    return this.serverRows.one('SELECT * FROM site_mcp_servers WHERE id = ? AND site_id = ?', id, siteId);
  }

  put(s: SiteMcpServerRecord): void {
    this.serverRows.upsert(s, ['id'], ['siteId', 'createdAt']);
  }

  delete(siteId: string, id: string): boolean {
    return this.db.run('DELETE FROM site_mcp_servers WHERE id = ? AND site_id = ?', id, siteId) > 0;
  }
}
