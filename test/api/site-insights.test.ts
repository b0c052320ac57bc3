import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PageFeedbackRating,
  type SiteInsightsEvent,
  type SiteInsightsQueryEventsAggregation,
  SiteInsightsQueryRangePreset,
  SiteInsightsQueryOperator,
} from '@gitbook/api-0.202';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../src/domain/core/clock.js';
import { ManualClock } from '../../src/domain/index.js';
import { FEEDBACK_LIMITS, type InsightsEventInput } from '../../src/domain/sites/insights.js';
import { syncDirectory } from '../../src/gitsync/import.js';
import { errorOf, statusOf, useServer } from '../helpers/server.js';

const clock = new ManualClock(new Date('2026-03-02T10:00:00.000Z'));
const s = useServer({ sites: true, clock });

interface Site {
  id: string;
  basename: string;
  siteSpace: string;
  space: string;
  pages: { welcome: string; guide: string };
}
let site: Site;

/** A published site of one space with two pages (Welcome, Guide), its page feedback on (unless `feedback` is false). */
async function newSite(title: string, options: { feedback?: boolean } = {}): Promise<Site> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-insights-'));
  writeFileSync(join(dir, 'SUMMARY.md'), '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n');
  writeFileSync(join(dir, 'README.md'), '# Welcome\n\nHello.\n');
  writeFileSync(join(dir, 'guide.md'), '# Guide\n\nDo this.\n');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'Seed');
  const api = s.newerClient().orgs;
  const space = (await api.createSpace(s.org, { title })).data.id;
  const caller = (await s.domain.users.authenticate(s.ownerToken))!;
  await syncDirectory(s.domain, { dir, space, organizationId: s.org, caller, parseWorkers: 0 });
  const pages = (await s.newerClient().spaces.listPages(space)).data.pages;
  const created = (await api.createSite(s.org, { title, spaces: [space] })).data;
  await api.publishSite(s.org, created.id);
  if (options.feedback !== false) await api.updateSiteCustomizationById(s.org, created.id, { feedback: { enabled: true } } as never);
  const siteSpace = (await api.listSiteSpaces(s.org, created.id)).data.items[0]!.id;
  const id = (title: string) => pages.find((p) => p.title === title)!.id;
  return { id: created.id, basename: created.basename!, siteSpace, space, pages: { welcome: id('Welcome'), guide: id('Guide') } };
}

/** A feedback event as a site's widget sends it. */
function feedback(
  on: Site,
  page: string,
  rating: PageFeedbackRating,
  options: { comment?: string; session?: string; timestamp?: string; siteSpace?: string } = {},
): SiteInsightsEvent {
  const session = options.session ?? 'tab-1';
  return {
    ...(options.comment
      ? { type: 'page_post_feedback_comment', feedback: { rating, comment: options.comment } }
      : { type: 'page_post_feedback', feedback: { rating } }),
    session: { sessionId: session, visitorId: session, cookies: {}, userAgent: 'Mozilla/5.0 (X11)', language: 'en', referrer: null, ip: '203.0.113.7' },
    location: {
      url: `${s.url}/${on.basename}/`,
      siteSection: null,
      siteSpace: options.siteSpace ?? on.siteSpace,
      siteShareKey: null,
      space: on.space,
      revision: null,
      page,
    },
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  } as SiteInsightsEvent;
}

/** Anyone may post: the client sends no token. */
const track = (on: Site, events: SiteInsightsEvent[]) => s.newerClient('').orgs.trackEventsInSiteById(s.org, on.id, { events });
const trackOne = (on: Site, event: SiteInsightsEvent) => track(on, [event]);
const aggregate = (
  on: Site,
  query: Omit<SiteInsightsQueryEventsAggregation, 'range'> & { range?: SiteInsightsQueryEventsAggregation['range'] },
  token?: string,
) =>
  s
    .newerClient(token)
    .orgs.aggregateSiteEvents(s.org, on.id, { range: SiteInsightsQueryRangePreset.Last7Days, ...query } as SiteInsightsQueryEventsAggregation);
const columns = async (on: Site, query: Parameters<typeof aggregate>[1]) =>
  Object.fromEntries((await aggregate(on, query)).data.columns.map((c) => [c.column, c.values]));

beforeAll(async () => {
  site = await newSite('Insights');
}, 60_000);

describe('page feedback: trackEventsInSiteById and aggregateSiteEvents (0.202.0)', () => {
  it('keeps the feedback visitors post without a token, and aggregates it by page, rating, comment and time', async () => {
    const { welcome, guide } = site.pages;
    const posted = await track(site, [
      feedback(site, welcome, PageFeedbackRating.Good),
      feedback(site, guide, PageFeedbackRating.Bad, { session: 'tab-2' }),
      {
        type: 'page_view',
        session: feedback(site, welcome, PageFeedbackRating.Good).session,
        location: feedback(site, welcome, PageFeedbackRating.Good).location,
      },
    ] as SiteInsightsEvent[]);
    expect(posted.status).toBe(204);
    clock.advance(60_000);
    expect((await track(site, [feedback(site, welcome, PageFeedbackRating.Good, { comment: 'Clear, thanks' })])).status).toBe(204);

    // The page view was accepted and left out: three feedback events, from two sessions.
    expect(await columns(site, { select: [{ column: 'eventsCount' }, { column: 'sessionsCount' }, { column: 'visitorsCount' }] })).toEqual({
      eventsCount: [3],
      sessionsCount: [2],
      visitorsCount: [2],
    });
    expect(await columns(site, {})).toEqual({ eventsCount: [3] });

    const byPage = await columns(site, {
      groupBy: [{ column: 'page' }],
      select: [{ column: 'eventsCount' }, { column: 'pageFeedbackRating' }],
      order: { by: { column: 'eventsCount' }, direction: 'desc' },
    });
    expect(byPage).toEqual({
      page: [
        { page: welcome, space: site.space },
        { page: guide, space: site.space },
      ],
      eventsCount: [2, 1],
      // Ratings count the rating events; the comment repeats the rating it follows.
      pageFeedbackRating: [
        { ok: 0, good: 1, bad: 0 },
        { ok: 0, good: 0, bad: 1 },
      ],
    });

    expect(
      await columns(site, {
        groupBy: [{ column: 'eventPageFeedbackRating' }],
        where: [{ column: 'eventType', values: ['page_post_feedback'] } as never],
      }),
    ).toEqual({ eventPageFeedbackRating: ['bad', 'good'], eventsCount: [1, 1] });

    expect(
      await columns(site, {
        groupBy: [{ column: 'page' }, { column: 'eventPageFeedbackComment' }],
        where: [{ column: 'eventType', values: ['page_post_feedback_comment'] } as never],
      }),
    ).toEqual({ page: [{ page: welcome, space: site.space }], eventPageFeedbackComment: ['Clear, thanks'], eventsCount: [1] });

    expect(
      await columns(site, {
        groupBy: [{ column: 'datetime', interval: 'day' }, { column: 'siteSpace' }, { column: 'siteSection' }],
        range: { from: '2026-03-01T00:00:00.000Z', to: '2026-03-03T00:00:00.000Z' },
      }),
    ).toEqual({ datetime: ['2026-03-02T00:00:00.000Z'], siteSpace: [site.siteSpace], siteSection: [null], eventsCount: [3] });

    // Filters: on a page, on time, on counts; other event types are never kept, so they count zero.
    expect(await columns(site, { where: [{ column: 'page', values: [{ page: guide, space: site.space }] } as never] })).toEqual({ eventsCount: [1] });
    expect(
      await columns(site, {
        where: [{ column: 'datetime', operator: SiteInsightsQueryOperator.GreaterThan, values: ['2026-03-02T10:00:30.000Z'] } as never],
      }),
    ).toEqual({ eventsCount: [1] });
    expect(
      await columns(site, {
        groupBy: [{ column: 'page' }],
        where: [{ column: 'eventsCount', operator: SiteInsightsQueryOperator.GreaterThanOrEqual, values: [2] } as never],
      }),
    ).toEqual({ page: [{ page: welcome, space: site.space }], eventsCount: [2] });
    expect(await columns(site, { where: [{ column: 'eventType', values: ['page_view'] } as never] })).toEqual({ eventsCount: [0] });
    expect(await columns(site, { range: { from: '2025-01-01T00:00:00.000Z', to: '2025-02-01T00:00:00.000Z' } })).toEqual({ eventsCount: [0] });
    expect(await columns(site, { groupBy: [{ column: 'page' }], limit: 1, order: { by: { column: 'eventsCount' }, direction: 'asc' } })).toEqual({
      page: [{ page: guide, space: site.space }],
      eventsCount: [1],
    });
  });

  it('keeps the site space, page, rating, comment, time and session of an event: no address, user agent or URL', async () => {
    const on = await newSite('Kept');
    await track(on, [feedback(on, on.pages.guide, PageFeedbackRating.Ok, { comment: 'Typo in step 2', session: 'tab-9' })]);
    const rows = await s.store.feedback.between(on.id, '2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z');
    expect(rows).toEqual([
      {
        id: expect.any(String),
        siteId: on.id,
        siteSpaceId: on.siteSpace,
        spaceId: on.space,
        pageId: on.pages.guide,
        rating: 'ok',
        comment: 'Typo in step 2',
        sessionId: 'tab-9',
        visitorId: 'tab-9',
        createdAt: clock.now().toISOString(),
      },
    ]);
  });

  it('bounds what anyone may send: events per request, comment length, timestamps, ids; 400 naming the field', async () => {
    const { welcome } = site.pages;
    const many = Array.from({ length: FEEDBACK_LIMITS.eventsPerRequest + 1 }, () => feedback(site, welcome, PageFeedbackRating.Good));
    expect(await errorOf(track(site, many))).toEqual({ code: 400, message: `events: at most 10 events per request; got 11` });
    const long = await errorOf(track(site, [feedback(site, welcome, PageFeedbackRating.Bad, { comment: 'x'.repeat(FEEDBACK_LIMITS.commentLength + 1) })]));
    expect(long.code).toBe(400);
    expect(long.message).toMatch(/^events\.0\.feedback\.comment: /);
    const stale = new Date(clock.now().getTime() - 10 * 60_000).toISOString();
    expect(await errorOf(track(site, [feedback(site, welcome, PageFeedbackRating.Good, { timestamp: stale })]))).toMatchObject({
      code: 400,
      message: expect.stringMatching(/^events\.0\.timestamp: must be within 5 minutes/),
    });
    expect(await errorOf(track(site, [feedback(site, welcome, PageFeedbackRating.Good, { siteSpace: 'unknownsitespace' })]))).toMatchObject({
      code: 400,
      message: expect.stringMatching(/^events\.0\.location\.siteSpace: "unknownsitespace" is no site space of the site/),
    });
    expect(await errorOf(track(site, [feedback(site, 'p'.repeat(200), PageFeedbackRating.Good)]))).toMatchObject({
      code: 400,
      message: 'events.0.location.page: at most 128 characters',
    });
    expect(await errorOf(track(site, [feedback(site, 'nosuchpage', PageFeedbackRating.Good)]))).toEqual({
      code: 400,
      message: `events.0.location.page: no page "nosuchpage" in the space ${site.space} of the site space ${site.siteSpace}`,
    });
    // Bodies are parsed before any check: an anonymous one is bounded too.
    const huge = await s.request('POST', `/v1/orgs/${s.org}/sites/${site.id}/insights/events`, {
      token: null,
      rawBody: JSON.stringify({ events: [], padding: 'x'.repeat(300 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.json).toEqual({ error: { code: 413, message: 'body: larger than the limit of 262144 bytes' } });
    // Nothing of the refused requests was kept.
    expect(await columns(site, {})).toEqual({ eventsCount: [3] });
  });

  it('refuses more than a site may take in an hour (429), keeps the newest at its cap, and lets events older than a year go', async () => {
    const on = await newSite('Busy');
    const event = (rating: PageFeedbackRating, session = 'tab-1') => feedback(on, on.pages.welcome, rating, { session }) as InsightsEventInput;
    const batch = () => Array.from({ length: FEEDBACK_LIMITS.eventsPerRequest }, (_, i) => event(PageFeedbackRating.Good, `tab-${i}`));
    // Straight to the domain: the server would stop one address long before (see the last test).
    const track = (events: InsightsEventInput[]) => s.domain.sites.insights.track(s.org, on.id, events);
    for (let i = 0; i < FEEDBACK_LIMITS.perSiteHourly / FEEDBACK_LIMITS.eventsPerRequest; i++) await track(batch());
    await expect(track([event(PageFeedbackRating.Bad)])).rejects.toMatchObject({
      kind: 'too-many',
      message: `events: the site ${on.id} takes at most 3000 feedback events an hour; try again later`,
    });
    clock.advance(61 * 60_000);
    await track([event(PageFeedbackRating.Bad)]);
    expect(await s.store.feedback.count(on.id)).toBe(FEEDBACK_LIMITS.perSiteHourly + 1);

    // At its cap a site keeps the newest events: the oldest leave.
    const hourAgo = new Date(clock.now().getTime() - 3_600_000).toISOString();
    const stored = (n: number, createdAt: string) =>
      Array.from({ length: n }, (_, i) => ({
        id: `old${i}`,
        siteId: on.id,
        siteSpaceId: on.siteSpace,
        spaceId: on.space,
        pageId: on.pages.guide,
        rating: PageFeedbackRating.Ok,
        comment: null,
        sessionId: '',
        visitorId: '',
        createdAt,
      }));
    await s.store.tx(() => s.store.feedback.add(stored(FEEDBACK_LIMITS.perSite - FEEDBACK_LIMITS.perSiteHourly - 1, '2026-03-02T09:00:00.000Z')));
    expect(await s.store.feedback.count(on.id)).toBe(FEEDBACK_LIMITS.perSite);
    await track([event(PageFeedbackRating.Bad), event(PageFeedbackRating.Bad)]);
    expect(await s.store.feedback.count(on.id)).toBe(FEEDBACK_LIMITS.perSite);
    expect(await s.store.feedback.count(on.id, hourAgo)).toBe(3);
    expect((await s.store.feedback.between(on.id, '2000-01-01T00:00:00.000Z', '2026-03-02T09:00:00.000Z')).length).toBe(
      FEEDBACK_LIMITS.perSite - FEEDBACK_LIMITS.perSiteHourly - 3,
    );

    clock.advance(FEEDBACK_LIMITS.keptDays * DAY + 60_000);
    expect((await trackOne(on, feedback(on, on.pages.guide, PageFeedbackRating.Ok))).status).toBe(204);
    expect(await s.store.feedback.count(on.id)).toBe(1);
  });

  it('takes feedback only for a published site and a site space that shows the widget', async () => {
    const off = await newSite('Quiet', { feedback: false });
    expect(await errorOf(trackOne(off, feedback(off, off.pages.welcome, PageFeedbackRating.Good)))).toEqual({
      code: 403,
      message: `events.0.location.siteSpace: page feedback is off for the site space ${off.siteSpace} (its customization's feedback.enabled)`,
    });
    // A site space may turn it on for itself.
    await s.newerClient().orgs.overrideSiteSpaceCustomizationById(s.org, off.id, off.siteSpace, { feedback: { enabled: true } } as never);
    expect((await trackOne(off, feedback(off, off.pages.welcome, PageFeedbackRating.Good))).status).toBe(204);
    await s.newerClient().orgs.unpublishSite(s.org, off.id);
    expect(await errorOf(trackOne(off, feedback(off, off.pages.welcome, PageFeedbackRating.Good)))).toEqual({
      code: 404,
      message: `No published site found for the ID ${off.id}`,
    });
    expect(await s.store.feedback.count(off.id)).toBe(1);
  });

  it('answers a page of a deleted or removed space as it answers an unknown page: nothing says the space was there', async () => {
    const on = await newSite('Gone');
    const unknownPage = (page: string) => ({
      code: 400,
      message: `events.0.location.page: no page ${JSON.stringify(page)} in the space ${on.space} of the site space ${on.siteSpace}`,
    });
    expect((await trackOne(on, feedback(on, on.pages.guide, PageFeedbackRating.Good))).status).toBe(204);
    expect(await errorOf(trackOne(on, feedback(on, 'nosuchpage', PageFeedbackRating.Good)))).toEqual(unknownPage('nosuchpage'));

    await s.newerClient().spaces.deleteSpaceById(on.space);
    expect(await s.domain.content.hasPage(on.space, on.pages.guide)).toBe(false);
    expect(await errorOf(trackOne(on, feedback(on, on.pages.guide, PageFeedbackRating.Good)))).toEqual(unknownPage(on.pages.guide));
    expect(await errorOf(trackOne(on, feedback(on, 'nosuchpage', PageFeedbackRating.Good)))).toEqual(unknownPage('nosuchpage'));

    // Removed for good (its site spaces go with it): still no page, and no error.
    expect(await s.store.tx(() => s.store.content.purgeSpace(on.space))).toBe(true);
    expect(await s.domain.content.hasPage(on.space, on.pages.guide)).toBe(false);
    expect(await s.store.feedback.count(on.id)).toBe(1);
  });

  it('404 for an unknown site or one of another organization; queries need the site admin or an organization admin', async () => {
    const event = feedback(site, site.pages.welcome, PageFeedbackRating.Good);
    expect(await statusOf(s.newerClient('').orgs.trackEventsInSiteById(s.org, 'unknownsite0000000000', { events: [event] }))).toBe(404);
    expect(await statusOf(s.newerClient('').orgs.trackEventsInSiteById(s.otherOrg, site.id, { events: [event] }))).toBe(404);
    expect(await statusOf(s.newerClient().orgs.aggregateSiteEvents(s.org, 'unknownsite0000000000', { range: SiteInsightsQueryRangePreset.LastYear }))).toBe(
      404,
    );

    const query = { range: SiteInsightsQueryRangePreset.LastYear };
    expect(await statusOf(s.newerClient('').orgs.aggregateSiteEvents(s.org, site.id, query))).toBe(401);
    const reader = await s.member('read');
    expect(await errorOf(s.newerClient(reader.token).orgs.aggregateSiteEvents(s.org, site.id, query))).toEqual({
      code: 403,
      message: `This needs the admin role on the site ${site.id}; you have read`,
    });
    const creator = await s.member('create');
    expect(await statusOf(s.newerClient(creator.token).orgs.aggregateSiteEvents(s.org, site.id, query))).toBe(403);
    const admin = await s.member('admin');
    expect(await statusOf(s.newerClient(admin.token).orgs.aggregateSiteEvents(s.org, site.id, query))).toBe(200);
    // A member made admin of the site itself reads it too.
    expect((await s.request('POST', `/v1/orgs/${s.org}/sites/${site.id}/permissions`, { body: { role: 'admin', users: [creator.userId] } })).status).toBe(204);
    expect(await statusOf(s.newerClient(creator.token).orgs.aggregateSiteEvents(s.org, site.id, query))).toBe(200);
  });

  it('refuses columns of what is not kept, and dimensions selected without being grouped by (400 naming the field)', async () => {
    expect(await errorOf(aggregate(site, { groupBy: [{ column: 'visitorBrowser' }] }))).toEqual({
      code: 400,
      message:
        'groupBy.0: visitorBrowser is not kept: this server records page feedback events only (their site space, page, rating, comment, time and session)',
    });
    expect((await errorOf(aggregate(site, { where: [{ column: 'referrer', values: ['https://example.com/'] } as never] }))).message).toMatch(
      /^where\.0: referrer is not kept/,
    );
    expect(await errorOf(aggregate(site, { select: [{ column: 'page' }] }))).toEqual({
      code: 400,
      message: 'select.0: page is a dimension: it must also be in groupBy',
    });
    expect((await errorOf(aggregate(site, { groupBy: [{ column: 'eventsCount' }] }))).code).toBe(400);
    expect(
      (await errorOf(aggregate(site, { where: [{ column: 'siteSpace', operator: SiteInsightsQueryOperator.GreaterThan, values: ['x'] } as never] }))).message,
    ).toBe('where.0.operator: greaterThan compares dates, days, hours and counts, not siteSpace');
    expect((await errorOf(aggregate(site, { range: { from: '2026-03-02T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z' } }))).message).toBe(
      'range: from is after to',
    );
  });

  it('the published site names the endpoint in its feedback widget when docs serve serves it', async () => {
    const api = s.newerClient().orgs;
    const customization = (await api.getSiteCustomizationById(s.org, site.id)).data;
    await api.updateSiteCustomizationById(s.org, site.id, { ...customization, feedback: { enabled: true } } as never);
    const page = await (await fetch(`${s.url}/${site.basename}/guide`)).text();
    const widget = /<div class="feedback" data-feedback hidden [^>]*>/.exec(page)?.[0] ?? '';
    expect(widget).toContain(`data-feedback-endpoint="/v1/orgs/${s.org}/sites/${site.id}/insights/events"`);
    const where = JSON.parse(/data-feedback-location="([^"]*)"/.exec(widget)![1]!.replace(/&quot;/g, '"'));
    expect(where).toEqual({ siteSection: null, siteSpace: site.siteSpace, space: site.space, page: site.pages.guide });
    expect(page).toContain('<textarea id="quire-feedback-comment" maxlength="512" rows="3"></textarea>');
  });

  // Last: it uses up this server's allowance for the test's address.
  it('limits each address: past 120 requests an hour, a 429 that says when to try again, and nothing kept', async () => {
    const on = await newSite('Crowded');
    const event = feedback(on, on.pages.welcome, PageFeedbackRating.Good);
    const answers: number[] = [];
    const post = () => s.request('POST', `/v1/orgs/${s.org}/sites/${on.id}/insights/events`, { token: null, body: { events: [event] } });
    for (let i = 0; i < 130 && !answers.includes(429); i++) answers.push((await post()).status);
    const refused = await fetch(`${s.url}/v1/orgs/${s.org}/sites/${on.id}/insights/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ events: [event] }),
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: { code: 429, message: expect.stringMatching(/^Too many requests from this address: at most 120 an hour; try again in \d+ minutes?$/) },
    });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(answers.filter((status) => status === 204).length).toBeLessThanOrEqual(120);
    expect(await s.store.feedback.count(on.id)).toBe(answers.filter((status) => status === 204).length);
  });
});
