/**
 * Published sites as `docs serve` shows them: each site built on demand into the store's cache, once per distinct
 * set of things a visitor's claims make visible (site spaces, sections, header links), and rebuilt incrementally
 * when the site or the content it shows moves on. Visitors with the same view share one build.
 */
import { sha1Hex } from '../platform/digest.js';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Domain } from '../domain/index.js';
import type { SiteRecord } from '../model/index.js';
import { apiSite, visibleSiteSpaces } from './api-site.js';
import { siteAssets } from './assets.js';
import { buildSite } from './build.js';
import { stableJson } from './customization.js';
import { siteSources } from './space-site.js';

/** Views kept built; past them, the least recently shown one's folder is removed (a view is one set of claims). */
const VIEWS_KEPT = 256;
/** How long an evicted view's folder stays for the requests already reading it. */
const EVICTED_KEPT_MS = 60_000;

export class SitePublisher {
  /** The stamp each view's folder was built at, by `<site id>/<view>`. */
  private readonly built: LRUCache<string, string>;
  /** The build running in each view's folder: one at a time, and never removed while it runs. */
  private readonly building = new Map<string, { stamp: string; ready: Promise<void> }>();

  constructor(
    private readonly domain: Domain,
    private readonly cacheDir: string,
    options: { viewsKept?: number; evictedKeptMs?: number } = {},
  ) {
    const keptMs = options.evictedKeptMs ?? EVICTED_KEPT_MS;
    this.built = new LRUCache({
      max: options.viewsKept ?? VIEWS_KEPT,
      dispose: (_stamp, key, reason) => {
        if (reason !== 'evict') return;
        // Requests that were given this folder may still be reading it: it goes once they have had time to finish,
        // unless the view was shown (and so rebuilt in place) meanwhile.
        const remove = () => {
          if (!this.building.has(key) && !this.built.has(key)) rmSync(join(this.cacheDir, key), { recursive: true, force: true });
        };
        setTimeout(remove, keptMs).unref();
      },
    });
  }

  /** The version in the URLs of the site assets: at this version their bytes never change. */
  async assetVersion(): Promise<string> {
    return siteAssets().version;
  }

  /** The directory holding the site as this visitor sees it, built or brought up to date first. */
  async directory(site: SiteRecord, claims: Record<string, unknown>): Promise<string> {
    const tree = await this.domain.sites.structure(null, site.id);
    const visible = visibleSiteSpaces(this.domain, tree, claims);
    const outcomes = headerConditions(tree.site.customization).map((c) => (this.domain.sites.publishing.shows(c, { claims }) ? '1' : '0'));
    // With adaptive content on, pages may hold `{% if %}` blocks: every distinct set of claims is its own view.
    const adaptive = tree.site.adaptiveContent ? stableJson(claims) : '';
    const view = hash(`${visible.join(',')}|${outcomes.join('')}|${adaptive}`);
    const dir = join(this.cacheDir, site.id, view);
    const revisions = tree.siteSpaces.filter((n) => visible.includes(n.record.id)).map((n) => n.space.space.revisionId);
    const stamp = `${tree.site.updatedAt}|${tree.site.basename}|${revisions.join(',')}|${await this.domain.openapi.stamp(site.organizationId)}`;
    const key = `${site.id}/${view}`;
    for (;;) {
      const running = this.building.get(key);
      if (running?.stamp === stamp) {
        await running.ready; // visitors with the same view share one build, and its failure
        return dir;
      }
      if (running) {
        await running.ready.catch(() => undefined); // an older build: then this one brings the folder up to date
        continue;
      }
      if (this.built.get(key) === stamp) return dir;
      // What the folder holds is in flux until the build ends: it is no view's until then.
      this.built.delete(key);
      const ready = this.build(site, claims, tree.site.basename, dir);
      this.building.set(key, { stamp, ready });
      try {
        await ready;
        this.built.set(key, stamp);
      } finally {
        this.building.delete(key);
      }
      return dir;
    }
  }

  private async build(site: SiteRecord, claims: Record<string, unknown>, basename: string, dir: string): Promise<void> {
    const input = await apiSite(this.domain, site.id, { claims, basePath: `/${basename}/`, served: true });
    await buildSite(input, siteSources(this.domain), { out: dir, strictLinks: false });
  }
}

/** Conditions on header links (and their sub-links) of the site's customization. */
function headerConditions(customization: Record<string, unknown> | null): string[] {
  const links = ((customization?.header as { links?: unknown[] } | undefined)?.links ?? []) as Array<{
    condition?: string;
    links?: Array<{ condition?: string }>;
  }>;
  return links.flatMap((l) => [l.condition, ...(l.links ?? []).map((c) => c.condition)]).filter((c): c is string => !!c);
}

const hash = (text: string) => sha1Hex(text, 16);
