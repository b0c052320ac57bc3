import type { SiteMcpServerRecord } from '../../model/site-mcp-servers.js';
import type { SiteMcpServerRepo } from '../site-mcp-servers.js';
import { str } from './codec.js';
import type { Db, Row, Sync } from './db.js';
const toServer = (r: Row): SiteMcpServerRecord => ({
  id: str(r.id),
  siteId: str(r.site_id),
  name: str(r.name),
  url: str(r.url),
  sealedHeaders: str(r.sealed_headers),
  createdAt: str(r.created_at),
});

export class SqliteSiteMcpServerRepo implements Sync<SiteMcpServerRepo> {
  constructor(private readonly db: Db) {}

  inSite(siteId: string): SiteMcpServerRecord[] {
    return this.db.all('SELECT * FROM site_mcp_servers WHERE site_id = ? ORDER BY created_at, id', siteId).map(toServer);
  }

  get(siteId: string, id: string): SiteMcpServerRecord | undefined {
    const row = this.db.get('SELECT * FROM site_mcp_servers WHERE id = ? AND site_id = ?', id, siteId);
    return row && toServer(row);
  }

  put(s: SiteMcpServerRecord): void {
    this.db.run(
      `INSERT INTO site_mcp_servers (id, site_id, name, url, sealed_headers, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, url = excluded.url, sealed_headers = excluded.sealed_headers`,
      s.id,
      s.siteId,
      s.name,
      s.url,
      s.sealedHeaders,
      s.createdAt,
    );
  }

  delete(siteId: string, id: string): boolean {
    return this.db.run('DELETE FROM site_mcp_servers WHERE id = ? AND site_id = ?', id, siteId) > 0;
  }
}
