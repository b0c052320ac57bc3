import type {
  SiteRecord,
  SiteSectionGroupRecord,
  SiteSectionRecord,
  SiteSpaceRecord,
  SiteShareLinkRecord,
  SiteRedirectRecord,
  SitePublishingAuthRecord,
  SiteAdaptiveSchemaRecord,
} from '../model/sites.js';

/** Sites, their sections, section groups and site spaces, share links and redirects. A site's structure is small: read whole. */
export interface SiteRepo {
  get(id: string): Promise<SiteRecord | undefined>;
  byBasename(basename: string): Promise<SiteRecord | undefined>;
  in(organizationId: string): Promise<SiteRecord[]>;
  /** Ids of the sites that show a space. */
  sitesShowing(spaceId: string): Promise<string[]>;
  put(s: SiteRecord): Promise<void>;
  delete(id: string): Promise<boolean>;
  groups(siteId: string): Promise<SiteSectionGroupRecord[]>;
  putGroup(g: SiteSectionGroupRecord): Promise<void>;
  deleteGroup(id: string): Promise<boolean>;
  sections(siteId: string): Promise<SiteSectionRecord[]>;
  putSection(s: SiteSectionRecord): Promise<void>;
  deleteSection(id: string): Promise<boolean>;
  siteSpaces(siteId: string): Promise<SiteSpaceRecord[]>;
  putSiteSpace(s: SiteSpaceRecord): Promise<void>;
  deleteSiteSpace(id: string): Promise<boolean>;
  shareLinks(siteId: string): Promise<SiteShareLinkRecord[]>;
  shareLinkByKey(key: string): Promise<SiteShareLinkRecord | undefined>;
  putShareLink(l: SiteShareLinkRecord): Promise<void>;
  deleteShareLink(siteId: string, id: string): Promise<boolean>;
  redirects(siteId: string): Promise<SiteRedirectRecord[]>;
  redirectBySource(siteId: string, source: string): Promise<SiteRedirectRecord | undefined>;
  putRedirect(r: SiteRedirectRecord): Promise<void>;
  deleteRedirect(siteId: string, id: string): Promise<boolean>;
  publishingAuth(siteId: string): Promise<SitePublishingAuthRecord | undefined>;
  putPublishingAuth(a: SitePublishingAuthRecord): Promise<void>;
  adaptiveSchema(siteId: string): Promise<SiteAdaptiveSchemaRecord | undefined>;
  putAdaptiveSchema(a: SiteAdaptiveSchemaRecord): Promise<void>;
}
