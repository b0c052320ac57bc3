/**
 * Published sites as `docs serve` shows them: each site built on demand into the store's cache, once per distinct
 * set of things a visitor's claims make visible (site spaces, sections, header links), and rebuilt incrementally
 * when the site or the content it shows moves on. Visitors with the same view share one build.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Domain } from '../domain/index.js';
import type { SiteRecord } from '../model/index.js';
import { apiSite, visibleSiteSpaces } from './api-site.js';
import { siteAssets } from './assets.js';
import { buildSite } from './build.js';
import { stableJson } from './customization.js';
import { siteSources } from './space-site.js';

interface Entry {
  stamp: string;
  ready: Promise<void>;
}

export class SitePublisher {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly domain: Domain,
    private readonly cacheDir: string,
  ) {}

  /** The version in the URLs of the site assets: at this version their bytes never change. */
  async assetVersion(): Promise<string> {
    return siteAssets().version;
  }

  /** The directory holding the site as this visitor sees it, built or brought up to date first. */
  async directory(site: SiteRecord, claims: Record<string, unknown>): Promise<string> {
    const tree = this.domain.sites.structure(null, site.id);
    const visible = visibleSiteSpaces(this.domain, tree, claims);
    const outcomes = headerConditions(tree.site.customization).map((c) => (this.domain.sites.publishing.shows(c, { claims }) ? '1' : '0'));
    // With adaptive content on, pages may hold `{% if %}` blocks: every distinct set of claims is its own view.
    const adaptive = tree.site.adaptiveContent ? stableJson(claims) : '';
    const view = hash(`${visible.join(',')}|${outcomes.join('')}|${adaptive}`);
    const dir = join(this.cacheDir, site.id, view);
    const revisions = tree.siteSpaces.filter((n) => visible.includes(n.record.id)).map((n) => n.space.space.revisionId);
    const stamp = `${tree.site.updatedAt}|${tree.site.basename}|${revisions.join(',')}|${this.domain.openapi.stamp(site.organizationId)}`;
    const key = `${site.id}/${view}`;
    const entry = this.entries.get(key);
    if (entry?.stamp === stamp) {
      await entry.ready;
      return dir;
    }
    // One build at a time per directory: the next one waits for the previous and then brings it up to date.
    const previous = entry?.ready.catch(() => undefined) ?? Promise.resolve();
    const ready = previous.then(async () => {
      const input = apiSite(this.domain, site.id, { claims, basePath: `/${tree.site.basename}/` });
      await buildSite(input, siteSources(this.domain), { out: dir, strictLinks: false });
    });
    this.entries.set(key, { stamp, ready });
    try {
      await ready;
    } catch (error) {
      if (this.entries.get(key)?.ready === ready) this.entries.delete(key);
      throw error;
    }
    return dir;
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

const hash = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 16);
