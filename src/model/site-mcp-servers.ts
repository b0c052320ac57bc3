export interface SiteMcpServerRecord {
  id: string;
  siteId: string;
  name: string;
  url: string;
  transport: 'sse' | 'http';
  /** The headers as JSON, sealed with the store's secret box. */
  sealedHeaders: string;
  createdAt: string;
}
