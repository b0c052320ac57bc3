import type { SiteFeedbackRecord } from '../model/site-feedback.js';

export interface SiteFeedbackRepo {
  add(events: readonly SiteFeedbackRecord[]): Promise<void>;
  /** How many events the site holds, or holds from `since` on. */
  count(siteId: string, since?: string): Promise<number>;
  /** The site's events from `from` to `to` (both included), oldest first. */
  between(siteId: string, from: string, to: string): Promise<SiteFeedbackRecord[]>;
  /** Removes the site's `count` oldest events. */
  dropOldest(siteId: string, count: number): Promise<void>;
  /** Removes the site's events older than `before`; how many went. */
  prune(siteId: string, before: string): Promise<number>;
}
