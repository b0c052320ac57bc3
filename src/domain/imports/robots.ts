// robots.txt for a website import (RFC 9309): fetched once per origin; an absent or unreadable file allows everything.
import robotsParser from 'robots-parser';
import type { FetchPolicy } from '../core/fetch.js';
import type { Fetcher } from './source.js';

export const USER_AGENT = 'QuireBot';
/** A Crawl-delay longer than this is capped: an import is one bounded visit, not a long-running crawl. */
const MAX_CRAWL_DELAY_MS = 10_000;

export interface Robots {
  allowed(url: string): boolean;
  /** The site's Crawl-delay for us, in ms (0 when it sets none). */
  delayMs: number;
}

export async function loadRobots(origin: string, fetch: Fetcher, policy: FetchPolicy): Promise<Robots> {
  const url = `${origin}/robots.txt`;
  let text: string;
  try {
    const fetched = await fetch(url, 'url', { ...policy, maxBytes: Math.min(policy.maxBytes, 512 * 1024) });
    text = new TextDecoder().decode(fetched.bytes);
  } catch {
    return { allowed: () => true, delayMs: 0 };
  }
  const robots = robotsParser(url, text);
  const delay = robots.getCrawlDelay(USER_AGENT);
  return {
    allowed: (target) => robots.isAllowed(target, USER_AGENT) !== false,
    delayMs: typeof delay === 'number' && delay > 0 ? Math.min(delay * 1000, MAX_CRAWL_DELAY_MS) : 0,
  };
}
