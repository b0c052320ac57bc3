// `docs serve` as a browser sees it: compressed responses, a `.gitbook.yaml` redirect as a real 301, and caching
// headers that let Chromium keep assets for good and revalidate pages with their ETag.
import type { Browser, BrowserContext, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, servedProject, startDocs } from '../helpers/serve-project.js';
import { launchBrowser } from './helpers.js';

let browser: Browser;
let context: BrowserContext;
let server: Running;

beforeAll(async () => {
  const dir = await servedProject();
  [browser, server] = await Promise.all([launchBrowser(), startDocs(dir, ['serve', '--port', '0', '--log-format', 'json'])]);
  context = await browser.newContext();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
});

/** The server's access log so far. */
const logged = (): Array<{ path: string; status: number }> =>
  server
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));

/** Opens `path`, recording every response the page gets. */
async function open(path: string) {
  const page = await context.newPage();
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  const navigation = await page.goto(`${server.url}${path}`);
  await page.waitForLoadState('load');
  return { page, navigation: navigation!, responses };
}

describe('a site served by docs serve, in Chromium', () => {
  it('arrives compressed: the page, its stylesheet and its script', async () => {
    const { page, navigation, responses } = await open('/acme/setup/');
    expect(navigation.status()).toBe(200);
    expect(await navigation.headerValue('content-encoding')).toMatch(/^(br|gzip)$/);
    for (const asset of ['/_quire/site.css', '/_quire/site.js']) {
      const response = responses.find((r) => new URL(r.url()).pathname === `/acme${asset}`);
      expect(response, asset).toBeDefined();
      expect(await response!.headerValue('content-encoding'), asset).toMatch(/^(br|gzip)$/);
    }
    expect(await page.locator('main h1').textContent()).toBe('Setup');
    await page.close();
  });

  it('follows a .gitbook.yaml redirect answered with 301 and Location to its target', async () => {
    const { page, navigation } = await open('/acme/old/setup/');
    const redirect = navigation.request().redirectedFrom();
    expect(redirect).not.toBeNull();
    const moved = await redirect!.response();
    expect(moved!.status()).toBe(301);
    expect(await moved!.headerValue('location')).toBe('/acme/setup/');
    expect(page.url()).toBe(`${server.url}/acme/setup/`);
    expect(await page.locator('main h1').textContent()).toBe('Setup');
    await page.close();
  });

  it('keeps hashed assets for good and revalidates a page with its ETag: a 304, and no asset fetched again', async () => {
    const fresh = await browser.newContext();
    const page = await fresh.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    const first = (await page.goto(`${server.url}/acme/`))!;
    await page.waitForLoadState('networkidle');
    expect(await first.headerValue('cache-control')).toBe('no-cache');
    expect(await first.headerValue('etag')).toMatch(/^W\/".+"$/);
    const css = responses.find((r) => /\/acme\/_quire\/site\.css\?v=\w+$/.test(r.url()));
    expect(await css?.headerValue('cache-control')).toBe('public, max-age=31536000, immutable');
    // Every asset of the first load must be in the log before the reload is told apart from it: the server logs a
    // response when it has finished, which can come after the browser has the bytes.
    const assets = responses.map((r) => new URL(r.url()).pathname).filter((path) => path.startsWith('/acme/_quire/'));
    expect(assets).toContain('/acme/_quire/site.css');
    await expect.poll(() => assets.filter((path) => !logged().some((e) => e.path === path))).toEqual([]);

    const before = logged().length;
    await page.reload({ waitUntil: 'networkidle' });
    await expect
      .poll(() =>
        logged()
          .slice(before)
          .some((e) => e.path === '/acme/' && e.status === 304),
      )
      .toBe(true);
    expect(
      logged()
        .slice(before)
        .filter((e) => e.path.startsWith('/acme/_quire/')),
    ).toEqual([]);
    expect(await page.locator('main h1').textContent()).toBe('Welcome');
    await fresh.close();
  });
});
