import type { SiteMcpServerRecord } from '../model/site-mcp-servers.js';

export interface SiteMcpServerRepo {
  inSite(siteId: string): SiteMcpServerRecord[];
  get(siteId: string, id: string): SiteMcpServerRecord | undefined;
  put(s: SiteMcpServerRecord): void;
  delete(siteId: string, id: string): boolean;
}
