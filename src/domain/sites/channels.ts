import { newId, type SiteChannelRecord, type SiteChannelRole, type SiteChannelType, type SiteRecord } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { notFound } from '../core/errors.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { SiteAccess } from './access.js';

export interface ChannelSetup {
  type: SiteChannelType;
  setupSettings: Record<string, unknown>;
}

export interface ChannelView {
  site: SiteRecord;
  channel: SiteChannelRecord;
}

/**
 * A site's agent channels (Slack, Linear, GitHub, Discord): which tool, which of its channels, teams or repositories
 * the agent may act in, and its role there. Quire keeps them for the tools that read them; it connects to none itself,
 * so a channel stays `pending`. Members read them; the site's admins change them, as they install integrations.
 */
export class SiteChannels {
  constructor(private readonly access: SiteAccess) {}

  async list(caller: Caller, organizationId: string, siteId: string, request: PageRequest): Promise<Page<ChannelView>> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'read');
    const views = (await this.access.deps.store.channels.inSite(site.id)).map((channel) => ({ site, channel }));
    return paginate(views, request, (v) => [v.channel.createdAt, v.channel.id]);
  }

  async get(caller: Caller, organizationId: string, siteId: string, channelId: string): Promise<ChannelView> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'read');
    return { site, channel: await this.find(site, channelId) };
  }

  async create(caller: Caller, organizationId: string, siteId: string, input: ChannelSetup & { role?: SiteChannelRole }): Promise<ChannelView> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'admin');
    const channel: SiteChannelRecord = {
      id: newId(),
      siteId: site.id,
      type: input.type,
      setupSettings: input.setupSettings,
      role: input.role ?? 'support',
      createdAt: nowIso(this.access.deps),
    };
    await this.access.deps.store.channels.put(channel);
    return { site, channel };
  }

  async update(
    caller: Caller,
    organizationId: string,
    siteId: string,
    channelId: string,
    patch: Partial<ChannelSetup> & { role?: SiteChannelRole },
  ): Promise<ChannelView> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'admin');
    const { store } = this.access.deps;
    // Read and written in one transaction: a channel deleted meanwhile stays deleted.
    return await store.tx(async () => {
      const current = await this.find(site, channelId);
      const next: SiteChannelRecord = {
        ...current,
        ...(patch.type !== undefined && patch.setupSettings !== undefined ? { type: patch.type, setupSettings: patch.setupSettings } : {}),
        ...(patch.role !== undefined ? { role: patch.role } : {}),
      };
      await store.channels.put(next);
      return { site, channel: next };
    });
  }

  async delete(caller: Caller, organizationId: string, siteId: string, channelId: string): Promise<boolean> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'admin');
    return await this.access.deps.store.channels.delete(site.id, channelId);
  }

  private async find(site: SiteRecord, channelId: string): Promise<SiteChannelRecord> {
    const channel = await this.access.deps.store.channels.get(site.id, channelId);
    if (!channel) throw notFound(`No matching channel ${channelId} in the site ${site.id}`);
    return channel;
  }
}
