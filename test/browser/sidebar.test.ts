// A space past the inlined sidebar's size (300 pages, bench/gen-corpus.mjs): the page's part of the tree without the
// script, the whole tree filled in from its asset with it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/gen-corpus.mjs';
import { launchBrowser, type Served, serveDir, syncedSpace, tempDir, watchErrors } from './helpers.js';

const PAGES = 300;
let browser: Browser;
let site: Served;

beforeAll(async () => {
  const corpus = tempDir('sidebar-corpus');
  generateCorpus(corpus, PAGES);
  const space = await syncedSpace(corpus, 'Sidebar');
  const out = tempDir('sidebar-out');
  await space.build(out, { strictLinks: false });
  [browser, site] = await Promise.all([launchBrowser(), serveDir(out)]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const PAGE = '/group-3/page-111/page-112/';
const entries = (page: Page) => page.locator('nav.sidebar-nav a[data-nav]');
const current = (page: Page) => page.locator('nav.sidebar-nav a[aria-current="page"]');

describe('the sidebar of a big space', () => {
  it("fills in the whole tree from the asset, once, keeping the current entry marked, where it was and named 'Pages'", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // The tree's response waits until the page's own part has been measured.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const requests: string[] = [];
    await page.route('**/_quire/nav-*.html', async (route) => {
      requests.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.goto(`${site.origin}${PAGE}`);
    const partial = await entries(page).count();
    expect(partial).toBeLessThan(60);
    await current(page).scrollIntoViewIfNeeded();
    const before = await current(page).boundingBox();
    release();
    await page.locator('nav.sidebar-nav[data-nav-filled]').waitFor();
    expect(await entries(page).count()).toBe(PAGES);
    expect(await current(page).count()).toBe(1);
    expect(await current(page).getAttribute('href')).toBe(PAGE);
    const after = await current(page).boundingBox();
    expect(Math.abs(after!.y - before!.y)).toBeLessThan(2);
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(1);
    // Entries only the tree has are there to click, their parent's fold opened first (closed off the page's path).
    const parentFold = page.locator('nav.sidebar-nav li.nav-parent:has(> a[href="/group-1/page-1/"]) > details');
    expect(await parentFold.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await parentFold.locator('> summary').click();
    await page.locator('nav.sidebar-nav a', { hasText: /^Page 2 / }).click();
    await page.waitForURL(`${site.origin}/group-1/page-1/page-2/`);
    await page.locator('nav.sidebar-nav[data-nav-filled]').waitFor();
    expect(await current(page).getAttribute('href')).toBe('/group-1/page-1/page-2/');
    // The whole tree opens the current page's path; the page's own part did too, and the fold the reader opened stays.
    expect(await current(page).isVisible()).toBe(true);
    expect(await page.locator('nav.sidebar-nav details[data-path]').count()).toBeGreaterThanOrEqual(2);
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(new Set(requests.map((url) => new URL(url).pathname)).size).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without the script, shows the top level and the open section, and reaches a closed group through its title', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}${PAGE}`);
    expect(await page.locator('nav.sidebar-nav[data-nav-filled]').count()).toBe(0);
    expect(await current(page).getAttribute('href')).toBe(PAGE);
    expect(await entries(page).count()).toBeLessThan(60);
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(1);
    await page.locator('.nav-group-title a', { hasText: 'Group 5' }).click();
    await page.waitForURL(`${site.origin}/group-5/page-201/`);
    expect(await current(page).getAttribute('href')).toBe('/group-5/page-201/');
    await page.locator('nav.sidebar-nav a', { hasText: /^Page 230 / }).click();
    await page.waitForURL(`${site.origin}/group-5/page-230/`);
    await context.close();
  });
});
