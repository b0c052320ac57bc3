import { describe, expect, it } from 'vitest';
import { invalidInput } from '../../../src/domain/core/errors.js';
import { DEFAULT_FETCH_POLICY } from '../../../src/platform/fetch.js';
import { loadRobots } from '../../../src/domain/imports/robots.js';
import { importSettings } from '../../../src/domain/imports/settings.js';
import { Throttle } from '../../../src/domain/imports/throttle.js';

const serving = (text: string) => async (url: string) => ({ bytes: Buffer.from(text), contentType: 'text/plain', url });

describe('robots.txt', () => {
  it('applies the rules for QuireBot or *, and its Crawl-delay (capped at 10 s)', async () => {
    const robots = await loadRobots(
      'https://docs.example',
      serving('User-agent: *\nDisallow: /admin/\nCrawl-delay: 2\n\nUser-agent: QuireBot\nDisallow: /drafts/\nCrawl-delay: 30\n'),
      DEFAULT_FETCH_POLICY,
    );
    expect(robots.allowed('https://docs.example/guide')).toBe(true);
    expect(robots.allowed('https://docs.example/drafts/x')).toBe(false);
    expect(robots.delayMs).toBe(10_000);
    const generic = await loadRobots('https://docs.example', serving('User-agent: *\nDisallow: /admin/\nCrawl-delay: 0.5\n'), DEFAULT_FETCH_POLICY);
    expect(generic.allowed('https://docs.example/admin/users')).toBe(false);
    expect(generic.delayMs).toBe(500);
  });

  it('allows everything when there is no robots.txt or it cannot be read', async () => {
    const robots = await loadRobots(
      'https://docs.example',
      async () => {
        throw invalidInput('url: fetching https://docs.example/robots.txt failed with HTTP 404');
      },
      DEFAULT_FETCH_POLICY,
    );
    expect(robots.allowed('https://docs.example/anything')).toBe(true);
    expect(robots.delayMs).toBe(0);
  });
});

describe('import settings and pacing', () => {
  it('takes configured values over DOCS_IMPORT_FOLDER over the defaults', () => {
    expect(importSettings({}, {})).toEqual({ crawlDelayMs: 250, maxPages: 200, maxDepth: 6, timeoutMs: 10_000 });
    expect(importSettings({ crawlDelayMs: 0 }, { DOCS_IMPORT_FOLDER: '/srv/imports' })).toMatchObject({ crawlDelayMs: 0, folder: '/srv/imports' });
    expect(importSettings({ folder: '/a' }, { DOCS_IMPORT_FOLDER: '/b' }).folder).toBe('/a');
  });

  it('keeps the results in order, one at a time with a delay, a few at a time without', async () => {
    let running = 0;
    let most = 0;
    const work = async (n: number) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5 * (5 - n)));
      running--;
      return n * 10;
    };
    expect(await new Throttle(0).map([1, 2, 3, 4], work)).toEqual([10, 20, 30, 40]);
    expect(most).toBe(4);
    most = 0;
    expect(await new Throttle(20).map([1, 2, 3], work)).toEqual([10, 20, 30]);
    expect(most).toBe(1);
  });

  it('pauses from the end of one request to the start of the next, however long a request takes', async () => {
    const spans: Array<[start: number, end: number]> = [];
    const work = async (ms: number) => {
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, ms));
      spans.push([start, performance.now()]);
    };
    await new Throttle(40).map([60, 5, 60, 5], work);
    // A timer may fire a millisecond early: the pause is the delay, give or take that.
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0] - spans[i - 1]![1]).toBeGreaterThanOrEqual(38);
  });
});
