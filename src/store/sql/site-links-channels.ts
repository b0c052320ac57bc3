import type { SiteChannelRecord, SiteExternalLinkRecord } from '../../model/site-links-channels.js';
import type { SiteChannelRepo, SiteExternalLinkRepo } from '../site-links-channels.js';
import { asFlag, asJson } from './codec.js';
import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';

export class SqlSiteExternalLinkRepo implements Queries<SiteExternalLinkRepo> {
  private readonly linkRows = new Table<SiteExternalLinkRecord>('site_external_links', {
    codecs: { draft: asFlag, localizedTitle: asJson, localizedDescription: asJson },
  });

  *inSite(siteId: string): Query<SiteExternalLinkRecord[]> {
    return yield* this.linkRows.many('SELECT * FROM site_external_links WHERE site_id = ? ORDER BY position, id', siteId);
  }

  *put(l: SiteExternalLinkRecord): Query<void> {
    yield* this.linkRows.upsert(l, ['id'], ['siteId', 'createdAt']);
  }

  *delete(siteId: string, id: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM site_external_links WHERE id = ? AND site_id = ?', id, siteId)) > 0;
  }
}

export class SqlSiteChannelRepo implements Queries<SiteChannelRepo> {
  private readonly channelRows = new Table<SiteChannelRecord>('site_channels', { codecs: { setupSettings: asJson } });

  *inSite(siteId: string): Query<SiteChannelRecord[]> {
    return yield* this.channelRows.many('SELECT * FROM site_channels WHERE site_id = ? ORDER BY created_at, id', siteId);
  }

  *get(siteId: string, id: string): Query<SiteChannelRecord | undefined> {
    return yield* this.channelRows.one('SELECT * FROM site_channels WHERE id = ? AND site_id = ?', id, siteId);
  }

  *put(c: SiteChannelRecord): Query<void> {
    yield* this.channelRows.upsert(c, ['id'], ['siteId', 'createdAt']);
  }

  *delete(siteId: string, id: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM site_channels WHERE id = ? AND site_id = ?', id, siteId)) > 0;
  }
}
