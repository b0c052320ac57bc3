import type { DefaultLevel } from './roles.js';

export interface SiteRecord {
  id: string;
  organizationId: string;
  type: SiteType;
  title: string;
  visibility: SiteVisibility;
  /** The site's URL segment on this server: `/<basename>/...`. Unique across the server. */
  basename: string;
  /** Where the site is served instead, e.g. `company.com/docs`. */
  proxy: string | null;
  published: boolean;
  adaptiveContent: boolean;
  agentsContext: 'excluded' | 'included';
  defaultSectionId: string | null;
  /** The default site space at the root, when the site has no sections. */
  defaultSiteSpaceId: string | null;
  /** The role the organization's members have on the site; `inherit`: their organization role. */
  defaultLevel: DefaultLevel;
  /** Full customization settings; null means the defaults. */
  customization: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

export interface SiteSectionGroupRecord {
  id: string;
  siteId: string;
  /** The enclosing group; null at the root of the site. */
  parentId: string | null;
  title: string;
  /** The title by locale (`{fr: 'Guides'}`); null: the title in every locale. */
  localizedTitle: Record<string, string> | null;
  icon: string | null;
  position: number;
  createdAt: string;
}

export interface SiteSectionRecord {
  id: string;
  siteId: string;
  groupId: string | null;
  title: string;
  localizedTitle: Record<string, string> | null;
  path: string;
  description: string | null;
  localizedDescription: Record<string, string> | null;
  icon: string | null;
  condition: string | null;
  defaultSiteSpaceId: string | null;
  position: number;
  createdAt: string;
}

export interface SiteSpaceRecord {
  id: string;
  siteId: string;
  /** Null when the site space sits at the root of a site without sections. */
  sectionId: string | null;
  spaceId: string;
  path: string;
  condition: string | null;
  hidden: boolean;
  /** Only the customization members this site space overrides; null when none. */
  customization: Record<string, unknown> | null;
  position: number;
  createdAt: string;
}

export interface SiteShareLinkRecord {
  id: string;
  siteId: string;
  /** The secret a visitor presents; never the id. */
  key: string;
  name: string;
  active: boolean;
  createdAt: string;
}

/** A `visitor-auth` site's publishing auth: the sealed signing key and its settings (backend, fallback URL). */
export interface SitePublishingAuthRecord {
  siteId: string;
  sealedKey: string;
  settings: { backend: 'custom' | 'integration'; fallbackURL?: string; integration?: string };
  updatedAt: string;
}

export interface SiteAdaptiveSchemaRecord {
  siteId: string;
  jsonSchema: Record<string, unknown>;
  updatedAt: string;
}

export interface SiteRedirectRecord {
  id: string;
  siteId: string;
  source: string;
  destination: SiteRedirectDestination;
  createdAt: string;
}

export type SiteVisibility = 'public' | 'unlisted' | 'share-link' | 'visitor-auth';

export type SiteType = 'basic' | 'premium' | 'ultimate' | 'sponsored' | 'legacy-basic' | 'legacy-premium';

export type SiteRedirectDestination =
  | { kind: 'site-section'; siteSectionId: string }
  | { kind: 'site-space'; siteSpaceId: string }
  | { kind: 'site-page'; siteSpaceId: string; pageId: string };
