import type { SiteMcpServerRecord } from '../model/site-mcp-servers.js';

export interface SiteMcpServerRepo {
  inSite(siteId: string): Promise<SiteMcpServerRecord[]>;
  get(siteId: string, id: string): Promise<SiteMcpServerRecord | undefined>;
  put(s: SiteMcpServerRecord): Promise<void>;
  delete(siteId: string, id: string): Promise<boolean>;
}
