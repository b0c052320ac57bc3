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
import { asJson, asFlag, asLevel } from './codec.js';
import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';

/** Sites, their sections, section groups and site spaces, share links and redirects. A site's structure is small: read whole. */
export class SqlSiteRepo implements Queries<SiteRepo> {
  private readonly siteRows: Table<SiteRecord>;
  private readonly groupRows: Table<SiteSectionGroupRecord>;
  private readonly sectionRows: Table<SiteSectionRecord>;
  private readonly siteSpaceRows: Table<SiteSpaceRecord>;
  private readonly shareLinkRows: Table<SiteShareLinkRecord>;
  private readonly redirectRows: Table<SiteRedirectRecord>;
  private readonly publishingAuthRows: Table<SitePublishingAuthRecord>;
  private readonly adaptiveSchemaRows: Table<SiteAdaptiveSchemaRecord>;
  constructor() {
    this.siteRows = new Table<SiteRecord>('sites', { codecs: { published: asFlag, adaptiveContent: asFlag, customization: asJson, defaultLevel: asLevel } });
    this.groupRows = new Table<SiteSectionGroupRecord>('site_section_groups', { codecs: { localizedTitle: asJson } });
    this.sectionRows = new Table<SiteSectionRecord>('site_sections', { codecs: { localizedTitle: asJson, localizedDescription: asJson } });
    this.siteSpaceRows = new Table<SiteSpaceRecord>('site_spaces', { codecs: { hidden: asFlag, customization: asJson } });
    this.shareLinkRows = new Table<SiteShareLinkRecord>('site_share_links', { fields: { key: 'share_key' }, codecs: { active: asFlag } });
    this.redirectRows = new Table<SiteRedirectRecord>('site_redirects', { codecs: { destination: asJson } });
    this.publishingAuthRows = new Table<SitePublishingAuthRecord>('site_publishing_auth', { codecs: { settings: asJson } });
    this.adaptiveSchemaRows = new Table<SiteAdaptiveSchemaRecord>('site_adaptive_schemas', { codecs: { jsonSchema: asJson } });
  }

  *get(id: string): Query<SiteRecord | undefined> {
    return yield* this.siteRows.one('SELECT * FROM sites WHERE id = ?', id);
  }

  *byBasename(basename: string): Query<SiteRecord | undefined> {
    return yield* this.siteRows.one('SELECT * FROM sites WHERE basename = ?', basename);
  }

  *in(organizationId: string): Query<SiteRecord[]> {
    return yield* this.siteRows.many('SELECT * FROM sites WHERE organization_id = ? ORDER BY created_at, id', organizationId);
  }

  /** Ids of the sites that show a space. */
  *sitesShowing(spaceId: string): Query<string[]> {
    return (yield* sql.all<{ site_id: string }>('SELECT DISTINCT site_id FROM site_spaces WHERE space_id = ?', spaceId)).map((r) => r.site_id);
  }

  *put(s: SiteRecord): Query<void> {
    yield* this.siteRows.upsert(s, ['id'], ['organizationId', 'createdAt']);
  }

  *delete(id: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM sites WHERE id = ?', id)) > 0;
  }

  *groups(siteId: string): Query<SiteSectionGroupRecord[]> {
    return yield* this.groupRows.many('SELECT * FROM site_section_groups WHERE site_id = ? ORDER BY position, id', siteId);
  }

  *putGroup(g: SiteSectionGroupRecord): Query<void> {
    yield* this.groupRows.upsert(g, ['id'], ['siteId', 'createdAt']);
  }

  *deleteGroup(id: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM site_section_groups WHERE id = ?', id)) > 0;
  }

  *sections(siteId: string): Query<SiteSectionRecord[]> {
    return yield* this.sectionRows.many('SELECT * FROM site_sections WHERE site_id = ? ORDER BY position, id', siteId);
  }

  *putSection(s: SiteSectionRecord): Query<void> {
    yield* this.sectionRows.upsert(s, ['id'], ['siteId', 'createdAt']);
  }

  *deleteSection(id: string): Query<boolean> {
    yield* sql.run('DELETE FROM site_spaces WHERE section_id = ?', id);
    return (yield* sql.run('DELETE FROM site_sections WHERE id = ?', id)) > 0;
  }

  *siteSpaces(siteId: string): Query<SiteSpaceRecord[]> {
    return yield* this.siteSpaceRows.many('SELECT * FROM site_spaces WHERE site_id = ? ORDER BY position, id', siteId);
  }

  *putSiteSpace(s: SiteSpaceRecord): Query<void> {
    yield* this.siteSpaceRows.upsert(s, ['id'], ['siteId', 'createdAt']);
  }

  *deleteSiteSpace(id: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM site_spaces WHERE id = ?', id)) > 0;
  }

  *shareLinks(siteId: string): Query<SiteShareLinkRecord[]> {
    return yield* this.shareLinkRows.many('SELECT * FROM site_share_links WHERE site_id = ? ORDER BY created_at, id', siteId);
  }

  *shareLinkByKey(key: string): Query<SiteShareLinkRecord | undefined> {
    return yield* this.shareLinkRows.one('SELECT * FROM site_share_links WHERE share_key = ?', key);
  }

  *putShareLink(l: SiteShareLinkRecord): Query<void> {
    yield* this.shareLinkRows.upsert(l, ['id'], ['siteId', 'key', 'createdAt']);
  }

  *deleteShareLink(siteId: string, id: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM site_share_links WHERE id = ? AND site_id = ?', id, siteId)) > 0;
  }

  *redirects(siteId: string): Query<SiteRedirectRecord[]> {
    return yield* this.redirectRows.many('SELECT * FROM site_redirects WHERE site_id = ? ORDER BY source, id', siteId);
  }

  *redirectBySource(siteId: string, source: string): Query<SiteRedirectRecord | undefined> {
    return yield* this.redirectRows.one('SELECT * FROM site_redirects WHERE site_id = ? AND source = ?', siteId, source);
  }

  *putRedirect(r: SiteRedirectRecord): Query<void> {
    yield* this.redirectRows.upsert(r, ['id'], ['siteId', 'createdAt']);
  }

  *deleteRedirect(siteId: string, id: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM site_redirects WHERE id = ? AND site_id = ?', id, siteId)) > 0;
  }

  *publishingAuth(siteId: string): Query<SitePublishingAuthRecord | undefined> {
    return yield* this.publishingAuthRows.one('SELECT * FROM site_publishing_auth WHERE site_id = ?', siteId);
  }

  *putPublishingAuth(a: SitePublishingAuthRecord): Query<void> {
    yield* this.publishingAuthRows.upsert(a, ['siteId']);
  }

  *adaptiveSchema(siteId: string): Query<SiteAdaptiveSchemaRecord | undefined> {
    return yield* this.adaptiveSchemaRows.one('SELECT * FROM site_adaptive_schemas WHERE site_id = ?', siteId);
  }

  *putAdaptiveSchema(a: SiteAdaptiveSchemaRecord): Query<void> {
    yield* this.adaptiveSchemaRows.upsert(a, ['siteId']);
  }
}
