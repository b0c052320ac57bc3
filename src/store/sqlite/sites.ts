import type { SiteType, SiteVisibility, SiteRedirectDestination } from '../../model/index.js';
import type {
  SiteRecord,
  SiteSectionGroupRecord,
  SiteSectionRecord,
  SiteSpaceRecord,
  SiteShareLinkRecord,
  SiteRedirectRecord,
  SitePublishingAuthRecord,
  SiteAdaptiveSchemaRecord,
} from '../../model/sites.js';
import type { SiteRepo } from '../sites.js';
import { bool, int, json, optStr, str } from './codec.js';
import type { Db, Row, Sync } from './db.js';
const optJson = <T>(v: unknown): T | null => (v === null || v === undefined ? null : json<T>(v));
const toJson = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

const toSite = (r: Row): SiteRecord => ({
  id: str(r.id),
  organizationId: str(r.organization_id),
  type: r.type as SiteType,
  title: str(r.title),
  visibility: r.visibility as SiteVisibility,
  basename: str(r.basename),
  proxy: optStr(r.proxy),
  published: bool(r.published),
  adaptiveContent: bool(r.adaptive_content),
  agentsContext: r.agents_context as SiteRecord['agentsContext'],
  defaultSectionId: optStr(r.default_section_id),
  defaultSiteSpaceId: optStr(r.default_site_space_id),
  customization: optJson(r.customization),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

const toGroup = (r: Row): SiteSectionGroupRecord => ({
  id: str(r.id),
  siteId: str(r.site_id),
  parentId: optStr(r.parent_id),
  title: str(r.title),
  icon: optStr(r.icon),
  position: Number(r.position),
  createdAt: str(r.created_at),
});

const toSection = (r: Row): SiteSectionRecord => ({
  id: str(r.id),
  siteId: str(r.site_id),
  groupId: optStr(r.group_id),
  title: str(r.title),
  path: str(r.path),
  description: optStr(r.description),
  icon: optStr(r.icon),
  condition: optStr(r.condition),
  defaultSiteSpaceId: optStr(r.default_site_space_id),
  position: Number(r.position),
  createdAt: str(r.created_at),
});

const toSiteSpace = (r: Row): SiteSpaceRecord => ({
  id: str(r.id),
  siteId: str(r.site_id),
  sectionId: optStr(r.section_id),
  spaceId: str(r.space_id),
  path: str(r.path),
  condition: optStr(r.condition),
  hidden: bool(r.hidden),
  customization: optJson(r.customization),
  position: Number(r.position),
  createdAt: str(r.created_at),
});

const toShareLink = (r: Row): SiteShareLinkRecord => ({
  id: str(r.id),
  siteId: str(r.site_id),
  key: str(r.share_key),
  name: str(r.name),
  active: bool(r.active),
  createdAt: str(r.created_at),
});

const toRedirect = (r: Row): SiteRedirectRecord => ({
  id: str(r.id),
  siteId: str(r.site_id),
  source: str(r.source),
  destination: json<SiteRedirectDestination>(r.destination),
  createdAt: str(r.created_at),
});

/** Sites, their sections, section groups and site spaces, share links and redirects. A site's structure is small: read whole. */
export class SqliteSiteRepo implements Sync<SiteRepo> {
  constructor(private readonly db: Db) {}

  get(id: string): SiteRecord | undefined {
    const row = this.db.get('SELECT * FROM sites WHERE id = ?', id);
    return row && toSite(row);
  }

  byBasename(basename: string): SiteRecord | undefined {
    const row = this.db.get('SELECT * FROM sites WHERE basename = ?', basename);
    return row && toSite(row);
  }

  in(organizationId: string): SiteRecord[] {
    return this.db.all('SELECT * FROM sites WHERE organization_id = ? ORDER BY created_at, id', organizationId).map(toSite);
  }

  /** Ids of the sites that show a space. */
  sitesShowing(spaceId: string): string[] {
    return this.db.all<{ site_id: string }>('SELECT DISTINCT site_id FROM site_spaces WHERE space_id = ?', spaceId).map((r) => r.site_id);
  }

  put(s: SiteRecord): void {
    this.db.run(
      `INSERT INTO sites (id, organization_id, type, title, visibility, basename, proxy, published, adaptive_content, agents_context,
         default_section_id, default_site_space_id, customization, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET type = excluded.type, title = excluded.title, visibility = excluded.visibility,
         basename = excluded.basename, proxy = excluded.proxy, published = excluded.published, adaptive_content = excluded.adaptive_content,
         agents_context = excluded.agents_context, default_section_id = excluded.default_section_id,
         default_site_space_id = excluded.default_site_space_id, customization = excluded.customization, updated_at = excluded.updated_at`,
      s.id,
      s.organizationId,
      s.type,
      s.title,
      s.visibility,
      s.basename,
      s.proxy,
      int(s.published),
      int(s.adaptiveContent),
      s.agentsContext,
      s.defaultSectionId,
      s.defaultSiteSpaceId,
      toJson(s.customization),
      s.createdAt,
      s.updatedAt,
    );
  }

  delete(id: string): boolean {
    return this.db.run('DELETE FROM sites WHERE id = ?', id) > 0;
  }

  groups(siteId: string): SiteSectionGroupRecord[] {
    return this.db.all('SELECT * FROM site_section_groups WHERE site_id = ? ORDER BY position, id', siteId).map(toGroup);
  }

  putGroup(g: SiteSectionGroupRecord): void {
    this.db.run(
      `INSERT INTO site_section_groups (id, site_id, parent_id, title, icon, position, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET parent_id = excluded.parent_id, title = excluded.title, icon = excluded.icon, position = excluded.position`,
      g.id,
      g.siteId,
      g.parentId,
      g.title,
      g.icon,
      g.position,
      g.createdAt,
    );
  }

  deleteGroup(id: string): boolean {
    return this.db.run('DELETE FROM site_section_groups WHERE id = ?', id) > 0;
  }

  sections(siteId: string): SiteSectionRecord[] {
    return this.db.all('SELECT * FROM site_sections WHERE site_id = ? ORDER BY position, id', siteId).map(toSection);
  }

  putSection(s: SiteSectionRecord): void {
    this.db.run(
      `INSERT INTO site_sections (id, site_id, group_id, title, path, description, icon, condition, default_site_space_id, position, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET group_id = excluded.group_id, title = excluded.title, path = excluded.path,
         description = excluded.description, icon = excluded.icon, condition = excluded.condition,
         default_site_space_id = excluded.default_site_space_id, position = excluded.position`,
      s.id,
      s.siteId,
      s.groupId,
      s.title,
      s.path,
      s.description,
      s.icon,
      s.condition,
      s.defaultSiteSpaceId,
      s.position,
      s.createdAt,
    );
  }

  deleteSection(id: string): boolean {
    this.db.run('DELETE FROM site_spaces WHERE section_id = ?', id);
    return this.db.run('DELETE FROM site_sections WHERE id = ?', id) > 0;
  }

  siteSpaces(siteId: string): SiteSpaceRecord[] {
    return this.db.all('SELECT * FROM site_spaces WHERE site_id = ? ORDER BY position, id', siteId).map(toSiteSpace);
  }

  putSiteSpace(s: SiteSpaceRecord): void {
    this.db.run(
      `INSERT INTO site_spaces (id, site_id, section_id, space_id, path, condition, hidden, customization, position, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET section_id = excluded.section_id, space_id = excluded.space_id, path = excluded.path,
         condition = excluded.condition, hidden = excluded.hidden, customization = excluded.customization, position = excluded.position`,
      s.id,
      s.siteId,
      s.sectionId,
      s.spaceId,
      s.path,
      s.condition,
      int(s.hidden),
      toJson(s.customization),
      s.position,
      s.createdAt,
    );
  }

  deleteSiteSpace(id: string): boolean {
    return this.db.run('DELETE FROM site_spaces WHERE id = ?', id) > 0;
  }

  shareLinks(siteId: string): SiteShareLinkRecord[] {
    return this.db.all('SELECT * FROM site_share_links WHERE site_id = ? ORDER BY created_at, id', siteId).map(toShareLink);
  }

  shareLinkByKey(key: string): SiteShareLinkRecord | undefined {
    const row = this.db.get('SELECT * FROM site_share_links WHERE share_key = ?', key);
    return row && toShareLink(row);
  }

  putShareLink(l: SiteShareLinkRecord): void {
    this.db.run(
      `INSERT INTO site_share_links (id, site_id, share_key, name, active, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, active = excluded.active`,
      l.id,
      l.siteId,
      l.key,
      l.name,
      int(l.active),
      l.createdAt,
    );
  }

  deleteShareLink(siteId: string, id: string): boolean {
    return this.db.run('DELETE FROM site_share_links WHERE id = ? AND site_id = ?', id, siteId) > 0;
  }

  redirects(siteId: string): SiteRedirectRecord[] {
    return this.db.all('SELECT * FROM site_redirects WHERE site_id = ? ORDER BY source, id', siteId).map(toRedirect);
  }

  redirectBySource(siteId: string, source: string): SiteRedirectRecord | undefined {
    const row = this.db.get('SELECT * FROM site_redirects WHERE site_id = ? AND source = ?', siteId, source);
    return row && toRedirect(row);
  }

  putRedirect(r: SiteRedirectRecord): void {
    this.db.run(
      `INSERT INTO site_redirects (id, site_id, source, destination, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET source = excluded.source, destination = excluded.destination`,
      r.id,
      r.siteId,
      r.source,
      JSON.stringify(r.destination),
      r.createdAt,
    );
  }

  deleteRedirect(siteId: string, id: string): boolean {
    return this.db.run('DELETE FROM site_redirects WHERE id = ? AND site_id = ?', id, siteId) > 0;
  }

  publishingAuth(siteId: string): SitePublishingAuthRecord | undefined {
    const row = this.db.get('SELECT * FROM site_publishing_auth WHERE site_id = ?', siteId);
    return row && { siteId: str(row.site_id), sealedKey: str(row.sealed_key), settings: json(row.settings), updatedAt: str(row.updated_at) };
  }

  putPublishingAuth(a: SitePublishingAuthRecord): void {
    this.db.run(
      `INSERT INTO site_publishing_auth (site_id, sealed_key, settings, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (site_id) DO UPDATE SET sealed_key = excluded.sealed_key, settings = excluded.settings, updated_at = excluded.updated_at`,
      a.siteId,
      a.sealedKey,
      JSON.stringify(a.settings),
      a.updatedAt,
    );
  }

  adaptiveSchema(siteId: string): SiteAdaptiveSchemaRecord | undefined {
    const row = this.db.get('SELECT * FROM site_adaptive_schemas WHERE site_id = ?', siteId);
    return row && { siteId: str(row.site_id), jsonSchema: json(row.json_schema), updatedAt: str(row.updated_at) };
  }

  putAdaptiveSchema(a: SiteAdaptiveSchemaRecord): void {
    this.db.run(
      `INSERT INTO site_adaptive_schemas (site_id, json_schema, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (site_id) DO UPDATE SET json_schema = excluded.json_schema, updated_at = excluded.updated_at`,
      a.siteId,
      JSON.stringify(a.jsonSchema),
      a.updatedAt,
    );
  }
}
