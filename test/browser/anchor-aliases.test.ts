import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markdownSpace } from '../site/helpers.js';
import { launchBrowser, type Served, serveDir, syncedSpace, tempDir, watchErrors } from './helpers.js';

let browser: Browser;
let site: Served;
const errors: string[] = [];

const GUIDE = `# Guide

${'Filler paragraph.\n\n'.repeat(40)}
## Release 4.9

${'Notes.\n\n'.repeat(40)}
## The Command Bus - Local

${'The bus.\n\n'.repeat(40)}
### PromptMessage

A prompt.
${'\nMore.\n'.repeat(40)}`;

beforeAll(async () => {
  const space = await syncedSpace(
    markdownSpace({ 'README.md': '# Home\n\n[The bus, as GitHub names it](guide.md#the-command-bus---local)\n', 'guide.md': GUIDE }),
    'Aliases',
  );
  const out = tempDir('browser-aliases');
  await space.build(out);
  [browser, site] = await Promise.all([launchBrowser(), serveDir(out)]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function open(path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  errors.push(...watchErrors(page));
  await page.goto(`${site.origin}${path}`);
  return page;
}

/** The address's fragment once the script is done, and whether the heading it names is on screen and `:target`. */
async function landing(page: Page, id: string) {
  await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${id}`);
  const heading = page.locator(`[id="${id}"]`);
  await expect.poll(() => heading.evaluate((el) => el.matches(':target'))).toBe(true);
  await expect.poll(() => heading.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < 400)).toBe(true);
}

describe('an address naming a heading by an alias', () => {
  it("lands on the heading, and the address shows the heading's id", async () => {
    for (const [fragment, id] of [
      ['release-49', 'release-4.9'],
      ['the-command-bus---local', 'the-command-bus-local'],
      ['PromptMessage', 'promptmessage'],
      ['Release%204.9', 'release-4.9'],
      ['RELEASE-4.9', 'release-4.9'],
    ] as const) {
      const page = await open(`/guide/#${fragment}`);
      await landing(page, id);
      // The alias replaced the address: going back leaves the page.
      expect(await page.evaluate(() => history.length)).toBe(2);
      await page.close();
    }
  });

  it('lands from a link of another page (written at the id), and on a fragment change within the page', async () => {
    const page = await open('/');
    const link = page.getByRole('link', { name: 'The bus, as GitHub names it' });
    expect(await link.getAttribute('href')).toBe('/guide/#the-command-bus-local');
    await link.click();
    await page.waitForURL(/\/guide\//);
    await landing(page, 'the-command-bus-local');
    await page.evaluate(() => {
      location.hash = 'release-49';
    });
    await landing(page, 'release-4.9');
    await page.close();
  });

  it('leaves a fragment that names nothing as it is', async () => {
    const page = await open('/guide/#no-such-heading');
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => location.hash)).toBe('#no-such-heading');
    await page.close();
  });

  it('ran without script errors', () => {
    expect(errors).toEqual([]);
  });
});
