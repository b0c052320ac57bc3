import { newId, type PageFeedbackRating, type SiteFeedbackRecord } from '../../model/index.js';
import { DAY } from '../core/clock.js';
import type { Caller } from '../core/context.js';
import type { Contents } from '../content/content.js';
import { forbidden, invalidInput, notFound, tooMany } from '../core/errors.js';
import type { SiteAccess } from './access.js';
import { effectiveCustomization } from './customization.js';
import { type AggregationQuery, type AggregationResult, FEEDBACK_EVENT_TYPES, planQuery, rangeOf, runQuery } from './insights-query.js';

/**
 * What one site's feedback may take: the endpoint takes events from anyone, so a request, a comment, an hour and the
 * whole store are bounded (the server also bounds each sender's requests). Past the hourly bound new events are
 * refused (429); past the total, the oldest leave.
 */
export const FEEDBACK_LIMITS = {
  /** A site's widget sends one or two. */
  eventsPerRequest: 10,
  /** Characters of a comment: the spec's own bound. */
  commentLength: 512,
  /** Characters of a page, session or visitor id. */
  idLength: 128,
  perSiteHourly: 3_000,
  perSite: 50_000,
  /** Older events leave when the site next gets some (the widest range a query can name is a year). */
  keptDays: 366,
  /** How far an event's timestamp may be from the server's time. */
  skewMs: 5 * 60_000,
} as const;

/** A `SiteInsightsEvent` as validated against the spec; only feedback events are read further. */
export interface InsightsEventInput {
  type: string;
  timestamp?: string;
  session: { sessionId?: string; visitorId?: string };
  location: { siteSpace?: string | null; page?: string | null };
  feedback?: { rating: PageFeedbackRating; comment?: string };
}

const FEEDBACK_TYPES: ReadonlySet<string> = new Set(FEEDBACK_EVENT_TYPES);

/**
 * Site insights: the events visitors of a published site send, of which Quire keeps page feedback (see
 * SiteFeedbackRecord for what), and the aggregations a site's admins read from them.
 */
export class SiteInsights {
  constructor(
    private readonly access: SiteAccess,
    private readonly content: Contents,
  ) {}

  /**
   * Records the feedback among `events` (anyone may send them: a site's visitors have no token); how many were kept.
   * Only a published site takes them, for a page of one of its site spaces that shows the feedback widget.
   */
  async track(organizationId: string, siteId: string, events: readonly InsightsEventInput[]): Promise<number> {
    const site = await this.access.find(organizationId, siteId);
    if (!site.published) throw notFound(`No published site found for the ID ${siteId}`);
    const { store, clock } = this.access.deps;
    const limits = FEEDBACK_LIMITS;
    if (events.length > limits.eventsPerRequest) throw invalidInput(`events: at most ${limits.eventsPerRequest} events per request; got ${events.length}`);
    const now = clock.now();
    const siteSpaces = new Map((await store.sites.siteSpaces(site.id)).map((ss) => [ss.id, ss]));
    const records: SiteFeedbackRecord[] = [];
    for (const [i, event] of events.entries()) {
      if (!FEEDBACK_TYPES.has(event.type) || !event.feedback) continue;
      const field = `events.${i}`;
      const siteSpace = siteSpaces.get(event.location.siteSpace ?? '');
      if (!siteSpace) throw invalidInput(`${field}.location.siteSpace: ${JSON.stringify(event.location.siteSpace)} is no site space of the site ${site.id}`);
      if (!effectiveCustomization(site, siteSpace).feedback.enabled) {
        throw forbidden(`${field}.location.siteSpace: page feedback is off for the site space ${siteSpace.id} (its customization's feedback.enabled)`);
      }
      const pageId = boundedId(event.location.page, `${field}.location.page`, true);
      if (!(await this.content.hasPage(siteSpace.spaceId, pageId))) {
        throw invalidInput(`${field}.location.page: no page ${JSON.stringify(pageId)} in the space ${siteSpace.spaceId} of the site space ${siteSpace.id}`);
      }
      const comment = event.type === 'page_post_feedback_comment' ? (event.feedback.comment ?? '') : null;
      if (comment !== null && (comment.length === 0 || [...comment].length > limits.commentLength)) {
        throw invalidInput(`${field}.feedback.comment: from 1 to ${limits.commentLength} characters`);
      }
      records.push({
        id: newId(),
        siteId: site.id,
        siteSpaceId: siteSpace.id,
        spaceId: siteSpace.spaceId,
        pageId,
        rating: event.feedback.rating,
        comment,
        sessionId: boundedId(event.session.sessionId, `${field}.session.sessionId`),
        visitorId: boundedId(event.session.visitorId, `${field}.session.visitorId`),
        createdAt: timeOf(event.timestamp, now, `${field}.timestamp`),
      });
    }
    if (!records.length) return 0;
    const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
    await store.tx(async () => {
      if (!(await store.sites.get(site.id))) throw notFound(`No matching site found for the ID ${site.id}`);
      await store.feedback.prune(site.id, new Date(now.getTime() - limits.keptDays * DAY).toISOString());
      if ((await store.feedback.count(site.id, hourAgo)) + records.length > limits.perSiteHourly) {
        throw tooMany(`events: the site ${site.id} takes at most ${limits.perSiteHourly} feedback events an hour; try again later`);
      }
      await store.feedback.add(records);
      const over = (await store.feedback.count(site.id)) - limits.perSite;
      if (over > 0) await store.feedback.dropOldest(site.id, over);
    });
    return records.length;
  }

  /** `aggregateSiteEvents`, for the site's admins (the organization's admins among them). */
  async aggregate(caller: Caller, organizationId: string, siteId: string, query: AggregationQuery): Promise<AggregationResult> {
    const { site } = await this.access.require(caller, organizationId, siteId, 'admin');
    const { store, clock } = this.access.deps;
    const plan = planQuery(query);
    const { from, to } = rangeOf(query.range, clock.now());
    const sections = new Map((await store.sites.siteSpaces(site.id)).map((ss) => [ss.id, ss.sectionId]));
    const events = (await store.feedback.between(site.id, from, to)).map((e) => ({ ...e, sectionId: sections.get(e.siteSpaceId) ?? null }));
    return runQuery(plan, events);
  }
}

function boundedId(value: string | null | undefined, field: string, required = false): string {
  if (value === undefined || value === null || (required && value === '')) {
    if (required) throw invalidInput(`${field}: required for page feedback`);
    return '';
  }
  if (value.length > FEEDBACK_LIMITS.idLength) throw invalidInput(`${field}: at most ${FEEDBACK_LIMITS.idLength} characters`);
  return value;
}

/** The event's time: its timestamp, which must be within minutes of now, or now. */
function timeOf(timestamp: string | undefined, now: Date, field: string): string {
  if (timestamp === undefined) return now.toISOString();
  const time = Date.parse(timestamp);
  if (Number.isNaN(time) || Math.abs(time - now.getTime()) > FEEDBACK_LIMITS.skewMs) {
    throw invalidInput(`${field}: must be within ${FEEDBACK_LIMITS.skewMs / 60_000} minutes of the server's time (${now.toISOString()})`);
  }
  return new Date(time).toISOString();
}
