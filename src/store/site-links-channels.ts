import type { SiteChannelRecord, SiteExternalLinkRecord } from '../model/site-links-channels.js';

/** A site's external links (part of its structure: read whole) and its agent channels. */
export interface SiteExternalLinkRepo {
  inSite(siteId: string): Promise<SiteExternalLinkRecord[]>;
  put(l: SiteExternalLinkRecord): Promise<void>;
  delete(siteId: string, id: string): Promise<boolean>;
}

export interface SiteChannelRepo {
  inSite(siteId: string): Promise<SiteChannelRecord[]>;
  get(siteId: string, id: string): Promise<SiteChannelRecord | undefined>;
  put(c: SiteChannelRecord): Promise<void>;
  delete(siteId: string, id: string): Promise<boolean>;
}
