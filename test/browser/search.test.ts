// The search dialog in Chromium, on a wide and a phone screen: opened from its button, a query with a typo finds
// its pages with the matches marked, the keyboard moves through the results and opens one, Escape gives the focus
// back, and axe-core finds nothing wrong with the open dialog.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE, type AxeViolation, launchBrowser, type Served, screenshot, serveDir, syncedSpace, tempDir, watchErrors } from './helpers.js';
import { markdownSpace } from '../site/helpers.js';

let browser: Browser;
let site: Served;

const filler = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i} says little about anything in particular.`).join('\n\n');

beforeAll(async () => {
  const pages: Record<string, string> = {
    'README.md': '# Welcome\n\nStart here.\n',
    'merging.md': `# Merging changes\n\n${filler(6)}\n\nA change request is merged once it is approved: the merge keeps both histories.\n\n## Conflicts\n\nWhen a merge conflicts, pick a side.\n`,
    'branches.md': '# Branches\n\nEach branch can merge into the main one.\n',
    'themes.md': '# Themes\n\nColours and fonts.\n',
  };
  for (let i = 0; i < 40; i++) pages[`topic-${i}.md`] = `# Topic ${i}\n\n${filler(3)} Topic number ${i}.\n`;
  const space = await syncedSpace(markdownSpace(pages), 'Search');
  const out = tempDir('browser-search');
  await space.build(out, { strictLinks: false });
  [browser, site] = await Promise.all([launchBrowser(), serveDir(out)]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** axe-core (WCAG 2 A/AA and best practices) on the open dialog. */
async function axeDialog(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: readFileSync(AXE, 'utf8') });
  return page.evaluate(async () => {
    const w = window as unknown as { axe: { run(context: object, options: object): Promise<{ violations: AxeViolation[] }> } };
    const result = await w.axe.run(
      { include: [['.search-dialog']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } },
    );
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

const viewports = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

describe('the search dialog', () => {
  for (const viewport of viewports) {
    it(`finds a word typed with a typo, marks it, is driven by the keyboard and passes axe at ${viewport.width}x${viewport.height}`, async () => {
      const context = await browser.newContext({ viewport, colorScheme: 'light' });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const fetched: string[] = [];
      page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto(`${site.origin}/themes/`);
      // Nothing of the index loads until a query.
      expect(fetched.filter((path) => path.includes('search-index') || path.includes('/_search/'))).toEqual([]);

      const button = page.locator('[data-search]');
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await dialog.waitFor();
      expect(await dialog.getAttribute('aria-modal')).toBe('true');
      const input = page.getByRole('combobox', { name: 'Search the docs' });
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.type('mreging');
      const options = page.getByRole('option');
      await options.first().waitFor();
      expect(await input.getAttribute('aria-expanded')).toBe('true');
      expect(await input.getAttribute('aria-controls')).toBe(await page.getByRole('listbox').getAttribute('id'));
      const hrefs = await options.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs[0]).toBe('/merging/');
      // The match is marked in the title and in an excerpt taken around it.
      const marks = await page.locator('[role=option] mark').allTextContents();
      expect(marks.length).toBeGreaterThan(0);
      expect(new Set(marks.map((m) => m.toLowerCase()))).toEqual(new Set(['merging']));
      expect(await page.locator('.search-status').textContent()).toMatch(/^\d+ results?$/);

      // The first result is active; the arrows move the active one, named by aria-activedescendant.
      const activeId = () => input.getAttribute('aria-activedescendant');
      expect(await activeId()).toBe(await options.first().getAttribute('id'));
      await page.keyboard.type(' ');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Control+a');
      await page.keyboard.type('merge');
      await expect.poll(async () => (await options.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).length).toBeGreaterThan(2);
      await page.keyboard.press('ArrowDown');
      const second = options.nth(1);
      expect(await activeId()).toBe(await second.getAttribute('id'));
      expect(await second.getAttribute('aria-selected')).toBe('true');
      expect(await options.first().getAttribute('aria-selected')).toBe('false');
      await page.keyboard.press('ArrowUp');
      expect(await activeId()).toBe(await options.first().getAttribute('id'));
      expect(await page.locator('[role=option] mark').count()).toBeGreaterThan(0);

      // The focus stays inside: Tab goes to the close button and back.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('search-close');
      await page.keyboard.press('Tab');
      expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);

      await screenshot(page, `search-dialog-${viewport.width}x${viewport.height}`);
      expect(await axeDialog(page)).toEqual([]);

      // Escape closes and gives the focus back to the button that opened it.
      await page.keyboard.press('Escape');
      expect(await dialog.isVisible()).toBe(false);
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

      // Ctrl K opens it again with the query; ArrowDown then Enter opens the second result.
      await page.keyboard.press('Control+k');
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
      await options.first().waitFor();
      await page.keyboard.press('ArrowDown');
      const target = await options.nth(1).getAttribute('href');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${site.origin}${target}`);
      // Only the index files of the queries were loaded: the manifest, shards, vocabularies, blocks and fragments.
      const indexFiles = fetched.filter((path) => path.includes('/_search/'));
      expect(indexFiles.length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
