// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
// The reader's side of a site (issue 23, item 4): sidebar folds, breadcrumbs, the outline, the phone layout, tabs,
// code blocks and axe, at 1440x900 and 390x844, with and without the script.
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReaderSpace } from './reader-fixture.js';
import { axe, CORPORA, launchBrowser, screenshot, type Served, serveDir, syncedSpace, tempDir, watchErrors } from './helpers.js';

const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
type Size = keyof typeof SIZES;

const RICH = '/guide/rich/';
let browser: Browser;
let site: Served;
let corpus: Served;

beforeAll(async () => {
  const dir = writeReaderSpace(tempDir('reader-src'));
  const space = await syncedSpace(dir, 'Handbook');
  const out = tempDir('reader-out');
  await space.build(out, {}, { feedback: { enabled: true } });
  const gsn = await syncedSpace(join(CORPORA, 'git-sync-normalization'), 'GSN');
  const gsnOut = tempDir('reader-gsn');
  await gsn.build(gsnOut);
  [browser, site, corpus] = await Promise.all([launchBrowser(), serveDir(out), serveDir(gsnOut)]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await corpus?.close();
});

const errors: string[] = [];

async function open(size: Size, path: string, options: { js?: boolean; origin?: string; context?: BrowserContext } = {}): Promise<Page> {
  const context = options.context ?? (await browser.newContext({ viewport: SIZES[size], javaScriptEnabled: options.js ?? true, colorScheme: 'light' }));
  const page = await context.newPage();
  errors.push(...watchErrors(page));
  await page.goto(`${options.origin ?? site.origin}${path}`);
  return page;
}
const done = (page: Page) => page.context().close();

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;
const visibleNav = (page: Page) => page.locator('#sidebar a[data-nav]:visible');

describe('sidebar folds', () => {
  it('open the current page’s path, fold sub-pages elsewhere, and remember what the reader opened or closed', async () => {
    const context = await browser.newContext({ viewport: SIZES.desktop });
    const page = await open('desktop', '/guide/rich/deep/', { context });
    // The path (Guide > Rich page > Deep page) is open; so is the group; the API page's sub-pages are folded.
    const guideFold = page.locator('#sidebar li.nav-parent:has(> a[href="/guide/"]) > details');
    const apiFold = page.locator('#sidebar li.nav-parent:has(> a[href="/reference/api/"]) > details');
    const referenceGroup = page.locator('#sidebar details[data-group]', { has: page.locator('summary', { hasText: 'Reference' }) });
    expect(await guideFold.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    expect(await page.locator('#sidebar a[href="/guide/rich/deep/"]').isVisible()).toBe(true);
    expect(await apiFold.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    expect(await page.locator('#sidebar a[href="/reference/api/endpoints/"]').isVisible()).toBe(false);
    expect(await referenceGroup.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);

    // The reader opens API's sub-pages and closes the Reference group... then API's fold stays open on the next page.
    await apiFold.locator('> summary').click();
    expect(await page.locator('#sidebar a[href="/reference/api/endpoints/"]').isVisible()).toBe(true);
    expect(await apiFold.locator('> summary').getAttribute('aria-label')).toBe('API');
    await page.locator('#sidebar a[href="/guide/other/"]').click();
    await page.waitForURL(`${site.origin}/guide/other/`);
    expect(await page.locator('#sidebar a[href="/reference/api/endpoints/"]').isVisible()).toBe(true);
    // ... the Rich page's sub-pages, off the path now, are folded again; closing the group hides its pages.
    expect(await page.locator('#sidebar a[href="/guide/rich/deep/"]').isVisible()).toBe(false);
    await referenceGroup.locator('> summary').click();
    expect(await page.locator('#sidebar a[href="/reference/limits/"]').isVisible()).toBe(false);
    await page.reload();
    expect(await page.locator('#sidebar a[href="/reference/limits/"]').isVisible()).toBe(false);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('quire-nav')))!)).toEqual(
      expect.objectContaining({ [(await apiFold.getAttribute('data-sub'))!]: true, [(await referenceGroup.getAttribute('data-group'))!]: false }),
    );
    await screenshot(page, 'reader-sidebar-folds-desktop');
    // A page inside a closed group opens it: the current page's path is always open.
    await page.goto(`${site.origin}/reference/limits/`);
    expect(await page.locator('#sidebar a[aria-current="page"]').isVisible()).toBe(true);
    await context.close();
  });

  it('without the script, open under the reader’s click, and every entry is reachable (desktop and phone)', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const page = await open(size, '/guide/other/', { js: false });
      if (size === 'phone') {
        expect(await page.locator('#sidebar').isVisible()).toBe(false);
        await page.getByRole('link', { name: 'Menu', exact: true }).click();
        expect(await page.locator('#sidebar').isVisible()).toBe(true);
      }
      const all = await page.locator('#sidebar a[data-nav]').count();
      expect(all).toBe(8);
      // Open every closed fold, as a reader would, until nothing is left folded.
      for (let round = 0; round < 10; round++) {
        const closed = page.locator('#sidebar details.nav-fold:not([open]) > summary:visible');
        if ((await closed.count()) === 0) break;
        await closed.first().click();
      }
      expect(await visibleNav(page).count()).toBe(all);
      await screenshot(page, `reader-sidebar-nojs-${size}`);
      // ... and an entry found that way opens.
      await page.locator('#sidebar a[href="/reference/api/endpoints/"]').click();
      await page.waitForURL(`${site.origin}/reference/api/endpoints/`);
      expect(await page.locator('main h1').textContent()).toBe('Endpoints');
      await done(page);
    }
  });
});

describe('breadcrumbs', () => {
  it('name the ancestors above the title, with the page itself current, and as BreadcrumbList data', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const page = await open(size, '/guide/rich/deep/');
      const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
      expect(await trail.locator('li').allTextContents()).toEqual(['Guide', 'Rich page', 'Deep page']);
      expect(await trail.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/guide/', '/guide/rich/']);
      expect(await trail.locator('[aria-current="page"]').textContent()).toBe('Deep page');
      expect((await box(page, '.breadcrumbs')).y).toBeLessThan((await box(page, 'main h1')).y);
      expect((await box(page, 'main h1')).y).toBeLessThan(SIZES[size].height / 2);
      const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
      expect(data['@type']).toBe('BreadcrumbList');
      expect(data.itemListElement.map((i: { item: string }) => i.item)).toEqual([
        'https://docs.example.com/guide/',
        'https://docs.example.com/guide/rich/',
        'https://docs.example.com/guide/rich/deep/',
      ]);
      await screenshot(page, `reader-breadcrumbs-${size}`);
      await trail.getByRole('link', { name: 'Guide' }).click();
      await page.waitForURL(`${site.origin}/guide/`);
      // A group is named but not linked: it has no page.
      await page.goto(`${site.origin}/reference/api/endpoints/`);
      expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).locator('li').allTextContents()).toEqual(['Reference', 'API', 'Endpoints']);
      await done(page);
    }
    const top = await open('desktop', '/');
    expect(await top.getByRole('navigation', { name: 'Breadcrumb' }).count()).toBe(0);
    await done(top);
  });
});

describe('"On this page"', () => {
  it('marks the heading being read beside the content on a wide screen', async () => {
    const page = await open('desktop', RICH);
    const current = page.locator('.outline a[aria-current="true"]');
    await page.locator('#third-section').evaluate((h) => h.scrollIntoView());
    await expect.poll(() => current.textContent()).toBe('Third section');
    expect(await current.count()).toBe(1);
    await page.locator('#fifth-section').evaluate((h) => h.scrollIntoView());
    await expect.poll(() => current.textContent()).toBe('Fifth section');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => current.textContent()).toBe('Last section');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => current.count()).toBe(0);
    expect(await page.locator('.outline-compact').isVisible()).toBe(false);
    await page.locator('#fifth-section').evaluate((h) => h.scrollIntoView());
    await screenshot(page, 'reader-outline-desktop');
    await done(page);
  });

  it('is a folded list at the top of the content on a narrow screen, with and without the script', async () => {
    for (const js of [true, false]) {
      for (const width of [1000, 390]) {
        const page = await open('phone', RICH, { js });
        await page.setViewportSize({ width, height: 844 });
        expect(await page.locator('aside.outline').isVisible()).toBe(false);
        const compact = page.locator('details.outline-compact');
        expect(await compact.isVisible()).toBe(true);
        expect((await box(page, 'details.outline-compact')).y).toBeLessThan(844);
        await compact.locator('summary').click();
        await compact.getByRole('link', { name: 'Fourth section' }).click();
        await page.waitForURL(/#fourth-section$/);
        expect(Math.abs((await box(page, '#fourth-section')).y)).toBeLessThan(120);
        if (js) await expect.poll(() => compact.locator('a[aria-current="true"]').textContent()).toBe('Fourth section');
        if (width === 390) await screenshot(page, `reader-outline-compact-${js ? 'js' : 'nojs'}`);
        await done(page);
      }
    }
  });
});

/** Sums the layout shifts of the page's life so far, as the CLS of web-vitals counts them (no recent input). */
const CLS_OBSERVER = `window.__cls = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; }).observe({ type: 'layout-shift', buffered: true });`;

describe('the phone layout', () => {
  it('puts the content first without the script, the sidebar one Menu link away', async () => {
    const page = await open('phone', RICH, { js: false });
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    const h1 = await box(page, 'main h1');
    expect(h1.y).toBeLessThan(300);
    expect(await page.locator('.markdown').isVisible()).toBe(true);
    await screenshot(page, 'reader-phone-nojs');
    await page.getByRole('link', { name: 'Menu', exact: true }).click();
    expect(await page.locator('#sidebar').isVisible()).toBe(true);
    const sidebar = await box(page, '#sidebar');
    expect(sidebar.x).toBe(0);
    expect(sidebar.width).toBeLessThan(390);
    expect(sidebar.height).toBe(844);
    await screenshot(page, 'reader-phone-nojs-menu');
    await page.getByRole('link', { name: 'Close menu' }).click();
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    await done(page);
  });

  it('opens and closes the sidebar with the Menu button, Escape and Close, with the script', async () => {
    const page = await open('phone', RICH);
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await page.locator('#sidebar').isVisible()).toBe(true);
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(new URL(page.url()).hash).toBe('');
    await page.keyboard.press('Escape');
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menu');
    await page.keyboard.press('Enter');
    expect(await page.locator('#sidebar').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    // Opened by the address, as a link from a page without the script would: Close puts it away all the same.
    await page.goto(`${site.origin}${RICH}#sidebar`);
    expect(await page.locator('#sidebar').isVisible()).toBe(true);
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    expect(new URL(page.url()).hash).toBe('');
    await done(page);
  });

  it('does not shift the layout as the page loads (CLS < 0.1), on a phone and a desktop', async () => {
    const found: Record<string, number> = {};
    for (const size of ['phone', 'desktop'] as const) {
      for (const [origin, path] of [
        [site.origin, RICH],
        [site.origin, '/guide/other/'],
        [corpus.origin, '/tabs/'],
        [corpus.origin, '/code-block/'],
        [corpus.origin, '/hints/'],
      ] as const) {
        const context = await browser.newContext({ viewport: SIZES[size] });
        await context.addInitScript(CLS_OBSERVER);
        const page = await open(size, path, { context, origin });
        await page.waitForLoadState('load');
        await page.waitForTimeout(400);
        found[`${size} ${path}`] = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
        await context.close();
      }
    }
    for (const [where, cls] of Object.entries(found)) expect(cls, where).toBeLessThan(0.1);
    // Measured, so that a shift shows in the log even under the bound.
    console.log(`CLS ${JSON.stringify(found)}`);
  });
});

describe('tabs', () => {
  it('keep their labels on one line and scroll sideways, the fourth reachable by keyboard on a phone', async () => {
    for (const size of ['phone', 'desktop'] as const) {
      const page = await open(size, RICH);
      const list = page.getByRole('tablist');
      const tabs = list.getByRole('tab');
      expect(await tabs.count()).toBe(4);
      const boxes = await tabs.evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().toJSON() as DOMRect));
      const lineHeight = await tabs.first().evaluate((b) => parseFloat(getComputedStyle(b).lineHeight));
      for (const b of boxes) {
        expect(b.top).toBe(boxes[0]!.top);
        expect(b.height).toBeLessThan(lineHeight * 2);
      }
      if (size === 'phone') expect(await list.evaluate((l) => l.scrollWidth > l.clientWidth)).toBe(true);
      await tabs.first().focus();
      await page.keyboard.press('End');
      const fourth = tabs.nth(3);
      expect(await fourth.getAttribute('aria-selected')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Building from the source code');
      const [tab, within] = [(await fourth.boundingBox())!, (await list.boundingBox())!];
      expect(tab.x).toBeGreaterThanOrEqual(within.x - 1);
      expect(tab.x + tab.width).toBeLessThanOrEqual(within.x + within.width + 1);
      expect(await page.getByText('Fourth tab content.').isVisible()).toBe(true);
      await page.keyboard.press('Home');
      expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
      await fourth.scrollIntoViewIfNeeded();
      await fourth.click();
      await list.scrollIntoViewIfNeeded();
      await screenshot(page, `reader-tabs-${size}`);
      await done(page);
    }
  });
});

describe('code blocks', () => {
  it('keep the Copy button clear of the code, at either end of a long line', async () => {
    for (const size of ['phone', 'desktop'] as const) {
      const context = await browser.newContext({ viewport: SIZES[size] });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
      const page = await open(size, RICH, { context });
      const block = page.locator('.code-block').first();
      const button = block.getByRole('button', { name: 'Copy code' });
      await block.scrollIntoViewIfNeeded();
      const pre = block.locator('pre');
      expect(await pre.evaluate((p) => p.scrollWidth > p.clientWidth)).toBe(true);
      for (const end of ['start', 'end'] as const) {
        await pre.evaluate((p, at) => {
          p.scrollLeft = at === 'end' ? p.scrollWidth : 0;
        }, end);
        const copy = (await button.boundingBox())!;
        // Every painted piece of text of the code, clipped to the block's visible part.
        const rects = await pre.evaluate((p) => {
          const range = document.createRange();
          range.selectNodeContents(p.querySelector('code') ?? p);
          const view = p.getBoundingClientRect();
          return Array.from(range.getClientRects())
            .filter((r) => r.width > 0 && r.right > view.left && r.left < view.right)
            .map((r) => ({ x: r.left, y: r.top, width: r.width, height: r.height }));
        });
        expect(rects.length).toBeGreaterThan(0);
        const overlaps = rects.filter((r) => r.x < copy.x + copy.width && copy.x < r.x + r.width && r.y < copy.y + copy.height && copy.y < r.y + r.height);
        expect(overlaps, `${size}, scrolled to the ${end}`).toEqual([]);
        await screenshot(page, `reader-code-${size}-${end}`);
      }
      await button.click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('END_OF_LINE');
      await context.close();
    }
  });
});

describe('accessibility (axe-core)', () => {
  // The corpus's own pages skip heading levels (an h4 under the h1): that is the author's to fix, not the site's.
  const ignoringSearch = (violations: Awaited<ReturnType<typeof axe>>, origin = site.origin) =>
    violations
      .filter((v) => origin === site.origin || v.id !== 'heading-order')
      .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !JSON.stringify(n.target).includes('search-dialog')) }))
      .filter((v) => v.nodes.length)
      .map((v) => `${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);

  it('finds no violation on rich pages, at both sizes, light and dark, with the sidebar and outline open', async () => {
    const found: string[] = [];
    const pages = [
      [site.origin, RICH],
      [site.origin, '/guide/rich/deep/'],
      [corpus.origin, '/hints/'],
      [corpus.origin, '/tabs/'],
      [corpus.origin, '/code-block/'],
      [corpus.origin, '/tables/'],
    ] as const;
    for (const size of ['desktop', 'phone'] as const) {
      for (const [origin, path] of pages) {
        const page = await open(size, path, { origin });
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          for (const v of ignoringSearch(await axe(page), origin)) found.push(`${size} ${scheme} ${path}: ${v}`);
        }
        if (size === 'phone') {
          await page.getByRole('button', { name: 'Menu', exact: true }).click();
          const compact = page.locator('details.outline-compact');
          if (await compact.count()) await compact.evaluate((d: HTMLDetailsElement) => (d.open = true));
          for (const v of ignoringSearch(await axe(page), origin)) found.push(`${size} menu open ${path}: ${v}`);
        }
        await done(page);
      }
    }
    // Without the script: axe needs one, so the page is served without its own scripts instead.
    for (const size of ['desktop', 'phone'] as const) {
      const context = await browser.newContext({ viewport: SIZES[size] });
      await context.route(`${site.origin}/**`, async (route) => {
        const response = await route.fetch();
        const type = response.headers()['content-type'] ?? '';
        if (!type.includes('text/html')) return route.fulfill({ response });
        return route.fulfill({ response, body: (await response.text()).replace(/<script\b[\s\S]*?<\/script>/g, '') });
      });
      const page = await open(size, RICH, { context });
      expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(false);
      for (const v of ignoringSearch(await axe(page))) found.push(`${size} no script ${RICH}: ${v}`);
      if (size === 'phone') {
        await page.getByRole('link', { name: 'Menu', exact: true }).click();
        for (const v of ignoringSearch(await axe(page))) found.push(`${size} no script, menu open ${RICH}: ${v}`);
      }
      await context.close();
    }
    expect(found).toEqual([]);
  }, 120_000);

  it('reaches a wide table by keyboard, as a named region that scrolls', async () => {
    const page = await open('phone', RICH);
    const region = page.getByRole('region', { name: 'Table 1' });
    expect(await region.getAttribute('tabindex')).toBe('0');
    expect(await region.evaluate((r) => r.scrollWidth > r.clientWidth)).toBe(true);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((r) => r.scrollLeft)).toBeGreaterThan(0);
    await done(page);
  });

  it('ran without script errors', () => {
    expect(errors).toEqual([]);
  });
});
