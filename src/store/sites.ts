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
  get(id: string): SiteRecord | undefined;
  byBasename(basename: string): SiteRecord | undefined;
  in(organizationId: string): SiteRecord[];
  /** Ids of the sites that show a space. */
  sitesShowing(spaceId: string): string[];
  put(s: SiteRecord): void;
  delete(id: string): boolean;
  groups(siteId: string): SiteSectionGroupRecord[];
  putGroup(g: SiteSectionGroupRecord): void;
  deleteGroup(id: string): boolean;
  sections(siteId: string): SiteSectionRecord[];
  putSection(s: SiteSectionRecord): void;
  deleteSection(id: string): boolean;
  siteSpaces(siteId: string): SiteSpaceRecord[];
  putSiteSpace(s: SiteSpaceRecord): void;
  deleteSiteSpace(id: string): boolean;
  shareLinks(siteId: string): SiteShareLinkRecord[];
  shareLinkByKey(key: string): SiteShareLinkRecord | undefined;
  putShareLink(l: SiteShareLinkRecord): void;
  deleteShareLink(siteId: string, id: string): boolean;
  redirects(siteId: string): SiteRedirectRecord[];
  redirectBySource(siteId: string, source: string): SiteRedirectRecord | undefined;
  putRedirect(r: SiteRedirectRecord): void;
  deleteRedirect(siteId: string, id: string): boolean;
  publishingAuth(siteId: string): SitePublishingAuthRecord | undefined;
  putPublishingAuth(a: SitePublishingAuthRecord): void;
  adaptiveSchema(siteId: string): SiteAdaptiveSchemaRecord | undefined;
  putAdaptiveSchema(a: SiteAdaptiveSchemaRecord): void;
}
