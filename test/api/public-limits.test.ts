// The per-address limit of what anyone may call without a token (page feedback from published sites), and whose
// address it counts by: the connection's, or the X-Forwarded-For of a proxy listed in `server.trustProxy`.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PageFeedbackRating } from '@gitbook/api-0.202';
import { beforeAll, describe, expect, it } from 'vitest';
import { syncDirectory } from '../../src/gitsync/import.js';
import { type TestServer, useServer } from '../helpers/server.js';

/** The limit of trackEventsInSiteById (src/server/http/public-limits.ts): requests per address in an hour. */
const LIMIT = 120;
/** The body of a refusal: the window as the route has it, and the time left of it (60 minutes unless the test ran slowly). */
const REFUSAL = {
  error: {
    code: 429,
    message: expect.stringMatching(new RegExp(`^Too many requests from this address: at most ${LIMIT} an hour; try again in \\d+ minutes?$`)),
  },
};

interface Site {
  id: string;
  event: unknown;
}

/** A published site of one page, its page feedback on, and a feedback event on that page. */
async function feedbackSite(s: TestServer): Promise<Site> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-limits-'));
  writeFileSync(join(dir, 'README.md'), '# Welcome\n\nHello.\n');
  const api = s.newerClient().orgs;
  const space = (await api.createSpace(s.org, { title: 'Limits' })).data.id;
  const caller = (await s.domain.users.authenticate(s.ownerToken))!;
  await syncDirectory(s.domain, { dir, space, organizationId: s.org, caller, parseWorkers: 0 });
  const page = (await s.newerClient().spaces.listPages(space)).data.pages[0]!.id;
  const site = (await api.createSite(s.org, { title: 'Limits', spaces: [space] })).data;
  await api.publishSite(s.org, site.id);
  await api.updateSiteCustomizationById(s.org, site.id, { feedback: { enabled: true } } as never);
  const siteSpace = (await api.listSiteSpaces(s.org, site.id)).data.items[0]!.id;
  const event = {
    type: 'page_post_feedback',
    feedback: { rating: PageFeedbackRating.Good },
    session: { sessionId: 'tab', visitorId: 'tab', cookies: {}, userAgent: 'Mozilla/5.0', language: 'en', referrer: null, ip: '203.0.113.7' },
    location: { url: `${s.url}/`, siteSection: null, siteSpace, siteShareKey: null, space, revision: null, page },
  };
  return { id: site.id, event };
}

/** One feedback event posted with no token, as a reader's browser does, through a proxy naming `forwardedFor` when given. */
const post = (s: TestServer, site: Site, forwardedFor?: string) =>
  s.request('POST', `/v1/orgs/${s.org}/sites/${site.id}/insights/events`, {
    token: null,
    body: { events: [site.event] },
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });

/** The statuses of `n` posts, one after another. */
async function statuses(n: number, send: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send(i)).status);
  return out;
}

describe('behind a proxy listed in server.trustProxy', () => {
  // The tests' requests come from 127.0.0.1: the proxy.
  const s = useServer({ sites: true, trustProxy: ['127.0.0.1'] });
  let site: Site;
  beforeAll(async () => {
    site = await feedbackSite(s);
  }, 60_000);

  it('takes 120 events an hour from one reader, refuses the 121st with a 429 error body, and counts other readers apart', async () => {
    expect(await statuses(LIMIT, () => post(s, site, '198.51.100.1'))).toEqual(Array(LIMIT).fill(204));
    const refused = await post(s, site, '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual(REFUSAL);
    // A client's own X-Forwarded-For before the proxy's entry changes nothing: the proxy appended the address it saw.
    expect((await post(s, site, '192.0.2.50, 198.51.100.1')).status).toBe(429);

    // Another reader behind the same proxy, and the proxy's own requests, have their own allowance.
    expect((await post(s, site, '198.51.100.2')).status).toBe(204);
    expect((await post(s, site, '2001:db8::1')).status).toBe(204);
    expect((await post(s, site)).status).toBe(204);
    expect(await s.store.feedback.count(site.id)).toBe(LIMIT + 3);
  });
});

describe('with server.trustProxy false (the default)', () => {
  const s = useServer({ sites: true });
  let site: Site;
  beforeAll(async () => {
    site = await feedbackSite(s);
  }, 60_000);

  it('counts by the connection: a forged X-Forwarded-For does not escape the limit', async () => {
    expect(await statuses(LIMIT, (i) => post(s, site, `198.51.100.${i + 1}`))).toEqual(Array(LIMIT).fill(204));
    const refused = await post(s, site, '203.0.113.200');
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual(REFUSAL);
    expect((await post(s, site)).status).toBe(429);
    expect(await s.store.feedback.count(site.id)).toBe(LIMIT);
  });
});
