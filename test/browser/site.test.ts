// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe, CORPORA, launchBrowser, screenshot, type Served, serveDir, syncedSpace, syncedSpaces, tempDir, watchErrors } from './helpers.js';
import { contrast, countNear, decodePng, dominant, type Rgb } from './png.js';

let browser: Browser;
let site: Served;
let context: BrowserContext;
const errors: string[] = [];

beforeAll(async () => {
  const space = await syncedSpace(join(CORPORA, 'git-sync-normalization'), 'GSN');
  const out = tempDir('browser');
  await space.build(out);
  [browser, site] = await Promise.all([launchBrowser(), serveDir(out)]);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  errors.push(...watchErrors(page));
  await page.goto(`${site.origin}${path}`);
  return page;
}

const currentNav = (page: Page) => page.locator('.sidebar a[aria-current="page"]');

describe('a built site in Chromium', () => {
  it('navigates with the sidebar and marks the current page', async () => {
    const page = await open('/');
    await expect.poll(() => currentNav(page).getAttribute('href')).toBe('/');
    await page.locator('.sidebar a', { hasText: /^Tabs$/ }).click();
    await page.waitForURL(`${site.origin}/tabs/`);
    expect(await page.locator('main h1').textContent()).toBe('Tabs');
    expect(await currentNav(page).count()).toBe(1);
    expect(await currentNav(page).textContent()).toBe('Tabs');
    // Pages inside a group are reachable too.
    await page.locator('.sidebar a', { hasText: 'This is the second page in a group' }).click();
    await page.waitForURL(`${site.origin}/this-is-a-group/this-is-the-second-page-in-a-group/`);
    expect(await currentNav(page).textContent()).toBe('This is the second page in a group');
    await page.close();
  });

  it('searches and opens a result', async () => {
    const page = await open('/');
    await page.locator('[data-search]').click();
    const input = page.getByRole('combobox', { name: 'Search the docs' });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill('greeting');
    const hit = page.locator('.search-results a[href^="/code-block/"]').first();
    await hit.waitFor();
    expect(await page.locator('.search-dialog [role=status]').textContent()).toMatch(/^[1-9]\d* results?$/);
    await hit.click();
    await page.waitForURL(/\/code-block\/(#.*)?$/);
    expect(await page.locator('main h1').textContent()).toBe('Code block');

    // The keyboard path: Ctrl K, type, Enter opens the first hit.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('hint');
    await page.locator('.search-results a').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/hints\/(#.*)?$/);
    await page.close();
  });

  it('switches theme and keeps it across navigation', async () => {
    const page = await open('/');
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await theme()).toBe('system');
    expect(await background()).toBe('rgb(255, 255, 255)');
    const toggle = page.locator('[data-theme-toggle]');
    await toggle.click();
    expect(await theme()).toBe('light');
    await toggle.click();
    expect(await theme()).toBe('dark');
    expect(await toggle.getAttribute('aria-label')).toBe('Theme: dark');
    expect(await background()).toBe('rgb(17, 20, 24)');
    await page.locator('.sidebar a', { hasText: /^Hint$/ }).click();
    await page.waitForURL(`${site.origin}/hints/`);
    expect(await theme()).toBe('dark');
    expect(await background()).toBe('rgb(17, 20, 24)');
    await toggle.click();
    expect(await theme()).toBe('system');
    await page.evaluate(() => localStorage.removeItem('quire-theme'));
    await page.close();
  });

  it('shows one tab panel at a time', async () => {
    const page = await open('/tabs/');
    const tabs = page.locator('[data-tabs]').first();
    const first = tabs.getByRole('tab', { name: 'First Tab' });
    const second = tabs.getByRole('tab', { name: 'Second Tab' });
    const firstPanel = tabs.getByRole('tabpanel').filter({ hasText: 'content for the first tab' });
    const secondPanel = tabs.locator('.tab-panel').filter({ hasText: 'content of the second tab' });
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await firstPanel.isVisible()).toBe(true);
    expect(await secondPanel.isVisible()).toBe(false);
    await second.click();
    expect(await second.getAttribute('aria-selected')).toBe('true');
    expect(await first.getAttribute('aria-selected')).toBe('false');
    expect(await secondPanel.isVisible()).toBe(true);
    expect(await firstPanel.isVisible()).toBe(false);
    await second.press('ArrowLeft');
    expect(await firstPanel.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('First Tab');
    await page.close();
  });

  it('copies a code block to the clipboard', async () => {
    const page = await open('/code-block/');
    const block = page.locator('.code-block').first();
    const button = block.getByRole('button', { name: 'Copy code' });
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('def greeting(name)\n  puts "Hello #{name}"\nend\ngreeting("Anna")');

    // A titled block with line numbers copies the code only.
    const titled = page.locator('.code-block', { has: page.locator('.code-title', { hasText: 'greeting.rb' }) });
    await titled.getByRole('button', { name: 'Copy code' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('def greeting(name)\n  puts "Hello #{name}"\nend\ngreeting("Anna")');
    await page.close();
  });

  it('folds the sidebar behind a menu button on a phone', async () => {
    const page = await open('/tabs/');
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    const sidebar = page.locator('#sidebar');
    expect(await sidebar.isVisible()).toBe(false);
    expect(await page.locator('main h1').isVisible()).toBe(true);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await sidebar.getByRole('link', { name: 'Tables' }).click();
    await page.waitForURL(`${site.origin}/tables/`);
    expect(await sidebar.isVisible()).toBe(false);
    await screenshot(page, 'site-tables-phone');
    await page.close();
  });

  const PAGES = { home: '/', 'code-block': '/code-block/', hints: '/hints/' };

  it('has no serious or critical accessibility violations (axe-core), light and dark', async () => {
    const found: string[] = [];
    for (const path of [...Object.values(PAGES), '/api-blocks/']) {
      const page = await open(path);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const v of await axe(page)) {
          if (v.impact === 'serious' || v.impact === 'critical') {
            found.push(
              `${scheme} ${path}: ${v.id} (${v.impact}) ${v.help}\n  ${v.nodes
                .slice(0, 5)
                .map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`)
                .join('\n  ')}`,
            );
          }
        }
      }
      await page.close();
    }
    expect(found.join('\n')).toBe('');
  }, 90_000);

  it('screenshots three representative pages and the code block page dark, each painted in its theme', async () => {
    // --bg, --fg and --code-block-bg of templates/site.css.
    const THEMES: Record<'light' | 'dark', { bg: Rgb; fg: Rgb; code: Rgb }> = {
      light: { bg: [255, 255, 255], fg: [27, 31, 36], code: [255, 255, 255] },
      dark: { bg: [17, 20, 24], fg: [230, 232, 235], code: [22, 27, 34] },
    };
    const rgb = (css: string) => css.match(/\d+/g)!.slice(0, 3).map(Number) as Rgb;
    const shots = [...Object.entries(PAGES).map(([name, path]) => [name, path, 'light'] as const), ['code-block-dark', '/code-block/', 'dark'] as const];
    for (const [name, path, scheme] of shots) {
      const page = await open(path);
      await page.emulateMedia({ colorScheme: scheme });
      const image = decodePng(readFileSync(await screenshot(page, `site-${name}`)));
      const theme = THEMES[scheme];
      expect([image.width, image.height], name).toEqual([1280, 800]);
      expect(dominant(image), `${name}: the background`).toEqual(theme.bg);
      const title = (await page.locator('main h1').boundingBox())!;
      expect(countNear(image, title, theme.fg, 8), `${name}: the title's ink`).toBeGreaterThan(100);
      if (path === '/code-block/') {
        const code = page.locator('.code-block pre').first();
        const box = (await code.boundingBox())!;
        expect(dominant(image, box), `${name}: the code block's background`).toEqual(theme.code);
        // Highlighted: three colours of its tokens at least are painted (antialiased: near them).
        const colours = await code.locator('span').evaluateAll((spans) => [...new Set(spans.map((span) => getComputedStyle(span).color))]);
        const painted = colours.map(rgb).filter((colour) => countNear(image, box, colour, 24) > 10);
        expect(painted.length, `${name}: token colours painted, of ${colours.join(' ')}`).toBeGreaterThanOrEqual(3);
        // In the theme's colours: legible on its background (light tokens on a dark block are not).
        expect(
          painted.filter((colour) => contrast(colour, theme.code) < 3),
          `${name}: faint token colours`,
        ).toEqual([]);
      }
      await page.close();
    }
  }, 60_000);

  it('ran without script errors', () => {
    expect(errors).toEqual([]);
  });
});

describe('a site with variants', () => {
  let variants: Served;

  beforeAll(async () => {
    const fixture = (label: string) => {
      const dir = tempDir(`variant-${label}`);
      mkdirSync(join(dir, '.gitbook'));
      writeFileSync(join(dir, 'SUMMARY.md'), `# Table of contents\n\n* [Version ${label}](README.md)\n* [Install](install.md)\n`);
      writeFileSync(join(dir, 'README.md'), `# Version ${label}\n\nThe ${label} docs.\n`);
      writeFileSync(join(dir, 'install.md'), `# Install\n\nRun \`npm i quire@${label}\`.\n`);
      return dir;
    };
    const env = await syncedSpaces({ v1: fixture('1'), v2: fixture('2') });
    const out = tempDir('browser-variants');
    await env.build(
      {
        title: 'Variants',
        spaces: [
          { prefix: 'docs/v1', title: 'v1', section: 'Docs', view: env.views.v1! },
          { prefix: 'docs/v2', title: 'v2', section: 'Docs', view: env.views.v2! },
        ],
      },
      { out },
    );
    variants = await serveDir(out);
  });

  afterAll(async () => {
    await variants?.close();
  });

  it('switches between the site spaces of a section', async () => {
    const page = await context.newPage();
    errors.push(...watchErrors(page));
    await page.goto(`${variants.origin}/docs/v1/install/`);
    const switcher = page.getByRole('navigation', { name: 'Variants' });
    expect(await switcher.locator('a[aria-current]').textContent()).toBe('v1');
    await switcher.getByRole('link', { name: 'v2' }).click();
    await page.waitForURL(`${variants.origin}/docs/v2/`);
    expect(await page.locator('main h1').textContent()).toBe('Version 2');
    expect(await switcher.locator('a[aria-current]').textContent()).toBe('v2');
    await page.locator('.sidebar a', { hasText: 'Install' }).click();
    await page.waitForURL(`${variants.origin}/docs/v2/install/`);
    expect(await page.locator('main').textContent()).toContain('npm i quire@2');
    expect((await axe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await screenshot(page, 'variants-install');
    expect(errors).toEqual([]);
    await page.close();
  });
});
