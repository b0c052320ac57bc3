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
import { asJson, asFlag } from './codec.js';
import type { Db, Sync } from './db.js';
import { Table } from './table.js';

/** Sites, their sections, section groups and site spaces, share links and redirects. A site's structure is small: read whole. */
export class SqliteSiteRepo implements Sync<SiteRepo> {
  private readonly siteRows: Table<SiteRecord>;
  private readonly groupRows: Table<SiteSectionGroupRecord>;
  private readonly sectionRows: Table<SiteSectionRecord>;
  private readonly siteSpaceRows: Table<SiteSpaceRecord>;
  private readonly shareLinkRows: Table<SiteShareLinkRecord>;
  private readonly redirectRows: Table<SiteRedirectRecord>;
  private readonly publishingAuthRows: Table<SitePublishingAuthRecord>;
  private readonly adaptiveSchemaRows: Table<SiteAdaptiveSchemaRecord>;
  constructor(private readonly db: Db) {
    this.siteRows = new Table<SiteRecord>(db, 'sites', { codecs: { published: asFlag, adaptiveContent: asFlag, customization: asJson } });
    this.groupRows = new Table<SiteSectionGroupRecord>(db, 'site_section_groups');
    this.sectionRows = new Table<SiteSectionRecord>(db, 'site_sections');
    this.siteSpaceRows = new Table<SiteSpaceRecord>(db, 'site_spaces', { codecs: { hidden: asFlag, customization: asJson } });
    this.shareLinkRows = new Table<SiteShareLinkRecord>(db, 'site_share_links', { fields: { key: 'share_key' }, codecs: { active: asFlag } });
    this.redirectRows = new Table<SiteRedirectRecord>(db, 'site_redirects', { codecs: { destination: asJson } });
    this.publishingAuthRows = new Table<SitePublishingAuthRecord>(db, 'site_publishing_auth', { codecs: { settings: asJson } });
    this.adaptiveSchemaRows = new Table<SiteAdaptiveSchemaRecord>(db, 'site_adaptive_schemas', { codecs: { jsonSchema: asJson } });
  }

  get(id: string): SiteRecord | undefined {
    return this.siteRows.one('SELECT * FROM sites WHERE id = ?', id);
  }

  byBasename(basename: string): SiteRecord | undefined {
    return this.siteRows.one('SELECT * FROM sites WHERE basename = ?', basename);
  }

  in(organizationId: string): SiteRecord[] {
    return this.siteRows.many('SELECT * FROM sites WHERE organization_id = ? ORDER BY created_at, id', organizationId);
  }

  /** Ids of the sites that show a space. */
  sitesShowing(spaceId: string): string[] {
    return this.db.all<{ site_id: string }>('SELECT DISTINCT site_id FROM site_spaces WHERE space_id = ?', spaceId).map((r) => r.site_id);
  }

  put(s: SiteRecord): void {
    this.siteRows.upsert(s, ['id'], ['organizationId', 'createdAt']);
  }

  delete(id: string): boolean {
    return this.db.run('DELETE FROM sites WHERE id = ?', id) > 0;
  }

  groups(siteId: string): SiteSectionGroupRecord[] {
    return this.groupRows.many('SELECT * FROM site_section_groups WHERE site_id = ? ORDER BY position, id', siteId);
  }

  putGroup(g: SiteSectionGroupRecord): void {
    this.groupRows.upsert(g, ['id'], ['siteId', 'createdAt']);
  }

  deleteGroup(id: string): boolean {
    return this.db.run('DELETE FROM site_section_groups WHERE id = ?', id) > 0;
  }

  sections(siteId: string): SiteSectionRecord[] {
    return this.sectionRows.many('SELECT * FROM site_sections WHERE site_id = ? ORDER BY position, id', siteId);
  }

  putSection(s: SiteSectionRecord): void {
    this.sectionRows.upsert(s, ['id'], ['siteId', 'createdAt']);
  }

  deleteSection(id: string): boolean {
    this.db.run('DELETE FROM site_spaces WHERE section_id = ?', id);
    return this.db.run('DELETE FROM site_sections WHERE id = ?', id) > 0;
  }

  siteSpaces(siteId: string): SiteSpaceRecord[] {
    return this.siteSpaceRows.many('SELECT * FROM site_spaces WHERE site_id = ? ORDER BY position, id', siteId);
  }

  putSiteSpace(s: SiteSpaceRecord): void {
    this.siteSpaceRows.upsert(s, ['id'], ['siteId', 'createdAt']);
  }

  deleteSiteSpace(id: string): boolean {
    return this.db.run('DELETE FROM site_spaces WHERE id = ?', id) > 0;
  }

  shareLinks(siteId: string): SiteShareLinkRecord[] {
    return this.shareLinkRows.many('SELECT * FROM site_share_links WHERE site_id = ? ORDER BY created_at, id', siteId);
  }

  shareLinkByKey(key: string): SiteShareLinkRecord | undefined {
    return this.shareLinkRows.one('SELECT * FROM site_share_links WHERE share_key = ?', key);
  }

  putShareLink(l: SiteShareLinkRecord): void {
    this.shareLinkRows.upsert(l, ['id'], ['siteId', 'key', 'createdAt']);
  }

  deleteShareLink(siteId: string, id: string): boolean {
    return this.db.run('DELETE FROM site_share_links WHERE id = ? AND site_id = ?', id, siteId) > 0;
  }

  redirects(siteId: string): SiteRedirectRecord[] {
    return this.redirectRows.many('SELECT * FROM site_redirects WHERE site_id = ? ORDER BY source, id', siteId);
  }

  redirectBySource(siteId: string, source: string): SiteRedirectRecord | undefined {
    return this.redirectRows.one('SELECT * FROM site_redirects WHERE site_id = ? AND source = ?', siteId, source);
  }

  putRedirect(r: SiteRedirectRecord): void {
    this.redirectRows.upsert(r, ['id'], ['siteId', 'createdAt']);
  }

  deleteRedirect(siteId: string, id: string): boolean {
    return this.db.run('DELETE FROM site_redirects WHERE id = ? AND site_id = ?', id, siteId) > 0;
  }

  publishingAuth(siteId: string): SitePublishingAuthRecord | undefined {
    return this.publishingAuthRows.one('SELECT * FROM site_publishing_auth WHERE site_id = ?', siteId);
  }

  putPublishingAuth(a: SitePublishingAuthRecord): void {
    this.publishingAuthRows.upsert(a, ['siteId']);
  }

  adaptiveSchema(siteId: string): SiteAdaptiveSchemaRecord | undefined {
    return this.adaptiveSchemaRows.one('SELECT * FROM site_adaptive_schemas WHERE site_id = ?', siteId);
  }

  putAdaptiveSchema(a: SiteAdaptiveSchemaRecord): void {
    this.adaptiveSchemaRows.upsert(a, ['siteId']);
  }
}
