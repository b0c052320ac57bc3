import { newId, type SiteMcpServerRecord, type SiteRecord } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, notFound } from '../core/errors.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { SiteAccess } from './access.js';

export interface McpServerInput {
  name: string;
  url: string;
  /** How the assistant connects: Server-Sent Events (the default) or streamable HTTP. */
  transport?: 'sse' | 'http';
  headers: Record<string, string>;
}

export interface McpServerView {
  site: SiteRecord;
  server: SiteMcpServerRecord;
  headers: Record<string, string>;
}

/** The MCP servers a site's assistant may call, with the headers (usually credentials) sent to them, sealed at rest. */
export class SiteMcpServers {
  constructor(private readonly access: SiteAccess) {}

  async list(caller: Caller, organizationId: string, siteId: string, request: PageRequest): Promise<Page<McpServerView>> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'admin');
    const views = (await this.store.mcpServers.inSite(site.id)).map((server) => this.view(site, server));
    return paginate(views, request, (v) => [v.server.createdAt, v.server.id]);
  }

  async get(caller: Caller, organizationId: string, siteId: string, serverId: string): Promise<McpServerView> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'admin');
    return this.view(site, await this.find(site, serverId));
  }

  async create(caller: Caller, organizationId: string, siteId: string, input: McpServerInput): Promise<McpServerView> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'admin');
    const server: SiteMcpServerRecord = {
      id: newId(),
      siteId: site.id,
      name: input.name,
      url: checkUrl(input.url),
      transport: input.transport ?? 'sse',
      sealedHeaders: this.seal(input.headers),
      createdAt: nowIso(this.access.deps),
    };
    await this.store.mcpServers.put(server);
    return this.view(site, server);
  }

  async update(caller: Caller, organizationId: string, siteId: string, serverId: string, patch: Partial<McpServerInput>): Promise<McpServerView> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'admin');
    // Read and written in one transaction: another patch's fields stay, and a server deleted meanwhile stays deleted.
    const next = await this.store.tx(async () => {
      const server = await this.find(site, serverId);
      const next: SiteMcpServerRecord = {
        ...server,
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.url !== undefined ? { url: checkUrl(patch.url) } : {}),
        ...(patch.transport !== undefined ? { transport: patch.transport } : {}),
        ...(patch.headers !== undefined ? { sealedHeaders: this.seal(patch.headers) } : {}),
      };
      await this.store.mcpServers.put(next);
      return next;
    });
    return this.view(site, next);
  }

  async delete(caller: Caller, organizationId: string, siteId: string, serverId: string): Promise<boolean> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'admin');
    return await this.store.mcpServers.delete(site.id, serverId);
  }

  private get store() {
    return this.access.deps.store;
  }

  private async find(site: SiteRecord, serverId: string): Promise<SiteMcpServerRecord> {
    const server = await this.store.mcpServers.get(site.id, serverId);
    if (!server) throw notFound(`No MCP server ${serverId} in the site ${site.id}`);
    return server;
  }

  private seal(headers: Record<string, string>): string {
    for (const name of Object.keys(headers)) {
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw invalidInput(`headers: "${name}" is not a valid HTTP header name`);
    }
    return this.store.secrets.seal(JSON.stringify(headers));
  }

  private view(site: SiteRecord, server: SiteMcpServerRecord): McpServerView {
    const opened = this.store.secrets.open(server.sealedHeaders);
    return { site, server, headers: opened === undefined ? {} : (JSON.parse(opened) as Record<string, string>) };
  }
}

function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidInput(`url: "${url}" is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw invalidInput(`url: an MCP server is reached over http(s), not ${parsed.protocol}`);
  return parsed.href;
}
