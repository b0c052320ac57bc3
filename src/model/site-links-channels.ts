/** A navigation entry of a site to an absolute URL: at the root or in a section group, among sections and groups. */
export interface SiteExternalLinkRecord {
  id: string;
  siteId: string;
  /** The enclosing section group; null at the root of the site. */
  groupId: string | null;
  title: string;
  localizedTitle: Record<string, string> | null;
  description: string | null;
  localizedDescription: Record<string, string> | null;
  icon: string | null;
  url: string;
  /** Drafts are kept out of the published site. */
  draft: boolean;
  condition: string | null;
  position: number;
  createdAt: string;
}

export type SiteChannelType = 'builtin:slack' | 'builtin:linear' | 'builtin:github' | 'builtin:discord';
export type SiteChannelRole = 'collaborator' | 'support';

/** A tool an agent of the site works in (`SiteChannel`): what it connects to, its allow-lists, and the agent's role there. */
export interface SiteChannelRecord {
  id: string;
  siteId: string;
  type: SiteChannelType;
  setupSettings: Record<string, unknown>;
  role: SiteChannelRole;
  createdAt: string;
}
