// `getEmbedByUrl` and `getEmbedByUrlInSpace`: a URL as a card (title, site, icon), read from the page itself through
// the guarded fetch. A video page of a player the sites already frame (YouTube, Vimeo, Loom), whose oEmbed says it
// can be embedded, is `rich`: with Quire's own sandboxed <iframe>, never the provider's markup.
import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { FRAME_ALLOW, FRAME_REFERRER, FRAME_SANDBOX, videoPlayer } from '../../content/blocks/embed/render.js';
import type { Caller, Deps } from '../core/context.js';
import { DomainError, invalidInput, tooMany } from '../core/errors.js';
import { type FetchPolicy, fetchUrl } from '../core/fetch.js';
import type { Spaces } from '../spaces/spaces.js';
import { decodeHtml, framesOf, readMetadata } from './metadata.js';

export type Embed = { title: string; site: string; icon?: string } & ({ type: 'link' } | { type: 'rich'; html: string });

export interface EmbedOptions {
  /** A page (or its oEmbed) that has not answered, body included, within this many ms is not embedded. */
  timeoutMs?: number;
  /** Bytes of a page read at most: its head is at the start, the rest is not read. */
  pageBytes?: number;
}

export const EMBED_LIMITS = {
  timeoutMs: 5_000,
  pageBytes: 1024 * 1024,
  oembedBytes: 64 * 1024,
  /** Pages fetched at once, whoever asks. */
  concurrency: 8,
  /** Pages waiting for a fetch slot; past them a new URL is refused (429) until the queue drains. */
  queued: 64,
  cacheEntries: 500,
  cacheTtlMs: 5 * 60_000,
} as const;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

export class Embeds {
  private readonly pagePolicy: FetchPolicy;
  private readonly oembedPolicy: FetchPolicy;
  private readonly cache: LRUCache<string, Embed>;
  /** Resolutions under way, so that callers asking for one URL at once share one fetch. */
  private readonly pending = new Map<string, Promise<Embed>>();
  private readonly limit = pLimit(EMBED_LIMITS.concurrency);

  constructor(
    deps: Deps,
    private readonly spaces: Spaces,
    policy: FetchPolicy,
    options: EmbedOptions = {},
  ) {
    const timeoutMs = options.timeoutMs ?? EMBED_LIMITS.timeoutMs;
    this.pagePolicy = { ...policy, timeoutMs, maxBytes: options.pageBytes ?? EMBED_LIMITS.pageBytes, truncate: true };
    this.oembedPolicy = { ...policy, timeoutMs, maxBytes: EMBED_LIMITS.oembedBytes, maxRedirects: 2 };
    this.cache = new LRUCache({
      max: EMBED_LIMITS.cacheEntries,
      ttl: EMBED_LIMITS.cacheTtlMs,
      ttlResolution: 0,
      perf: { now: () => deps.clock.now().getTime() },
    });
  }

  /** The embed of an http(s) URL; a URL that cannot be read (refused host, HTTP error, timeout, not HTML) is `invalid`. */
  async resolve(raw: string): Promise<Embed> {
    const url = target(raw);
    const cached = this.cache.get(url);
    if (cached) return cached;
    let pending = this.pending.get(url);
    if (!pending) {
      if (this.limit.pendingCount >= EMBED_LIMITS.queued) {
        throw tooMany(`url: the server is already reading ${this.limit.activeCount + this.limit.pendingCount} pages to embed; try again in a few seconds`);
      }
      pending = this.limit(() => this.read(url)).finally(() => this.pending.delete(url));
      this.pending.set(url, pending);
    }
    const embed = await pending;
    this.cache.set(url, embed);
    return embed;
  }

  /** As `resolve`, for a caller who can read the space. */
  async inSpace(caller: Caller, spaceId: string, raw: string): Promise<Embed> {
    await caller.access.requireSpace(await this.spaces.find(spaceId), 'read');
    return await this.resolve(raw);
  }

  private async read(url: string): Promise<Embed> {
    const page = await fetchUrl(url, 'url', this.pagePolicy);
    if (page.contentType ? !HTML_TYPES.has(page.contentType) : !/^\s*</.test(page.bytes.subarray(0, 512).toString('latin1'))) {
      throw invalidInput(`url: ${page.url} is not an HTML page (${page.contentType ?? 'unknown type'}); only web pages can be embedded`);
    }
    const meta = readMetadata(decodeHtml(page.bytes), page.url);
    const final = new URL(page.url);
    const card = {
      title: meta.title ?? url,
      site: meta.site ?? final.hostname,
      icon: meta.icon ?? new URL('/favicon.ico', final.origin).href,
    };
    const player = meta.oembed && sameSite(meta.oembed, final) ? await this.player(meta.oembed) : null;
    if (!player) return { type: 'link', ...card };
    const iframe: Element = {
      type: 'element',
      tagName: 'iframe',
      properties: {
        src: player.src,
        title: `${player.provider} video: ${card.title}`,
        loading: 'lazy',
        sandbox: FRAME_SANDBOX,
        allow: FRAME_ALLOW,
        referrerPolicy: FRAME_REFERRER,
        allowFullScreen: true,
      },
      children: [],
    };
    return { type: 'rich', ...card, html: toHtml(iframe) };
  }

  /**
   * The player of an oEmbed answer: a `video` or `rich` whose HTML is one frame of a player the sites frame. Any other
   * markup is the provider's to run (scripts, widgets), which a docs page must not: the embed stays a link.
   */
  private async player(endpoint: string): Promise<{ provider: string; src: string } | null> {
    let answer: unknown;
    try {
      answer = JSON.parse((await fetchUrl(endpoint, 'oembed', this.oembedPolicy)).bytes.toString('utf8'));
    } catch (error) {
      if (error instanceof DomainError || error instanceof SyntaxError) return null;
      throw error;
    }
    if (!answer || typeof answer !== 'object') return null;
    const { type, html } = answer as { type?: unknown; html?: unknown };
    if ((type !== 'video' && type !== 'rich') || typeof html !== 'string') return null;
    const frames = framesOf(html);
    return frames.length === 1 ? videoPlayer(frames[0]!) : null;
  }
}

/** The URL to embed, without its fragment: http(s) only. */
function target(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalidInput(`url: "${raw.length > 200 ? `${raw.slice(0, 197)}...` : raw}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidInput(`url: only http and https URLs can be embedded, not ${url.protocol}`);
  url.hash = '';
  return url.href;
}

/** The oEmbed endpoint is the page's own host (or its `www.` twin): a page cannot send the server to a third party. */
function sameSite(endpoint: string, page: URL): boolean {
  const host = (h: string) => h.toLowerCase().replace(/^www\./, '');
  return host(new URL(endpoint).hostname) === host(page.hostname);
}
