// The page feedback widget of a site served by `docs serve`: a reader's click and comment reach the server, and the
// site's admin reads them back through aggregateSiteEvents.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, servedProject, startDocs } from '../helpers/serve-project.js';
import { axe, launchBrowser, watchErrors } from './helpers.js';

const TOKEN = 'browser-feedback-token';

let browser: Browser;
let server: Running;
let org: string;
let site: string;

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${server.url}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  const dir = await servedProject();
  [browser, server] = await Promise.all([launchBrowser(), startDocs(dir, ['serve', '--port', '0'], { DOCS_TOKEN: TOKEN })]);
  org = (await api('GET', '/orgs')).items[0].id;
  site = (await api('GET', `/orgs/${org}/sites`)).items.find((s: { basename: string }) => s.basename === 'acme').id;
  const customization = await api('GET', `/orgs/${org}/sites/${site}/customization`);
  await api('PUT', `/orgs/${org}/sites/${site}/customization`, { ...customization, feedback: { enabled: true } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
});

describe('page feedback on a site served by docs serve, in Chromium', () => {
  it('posts the rating and the comment to the server, and the admin reads them with aggregateSiteEvents', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const navigation = (await page.goto(`${server.url}/acme/setup/`))!;
    // Nothing forbids the widget's POST to its own origin (a policy, if any, allows connect-src 'self').
    const policy = await navigation.headerValue('content-security-policy');
    expect(policy === null || /connect-src [^;]*'self'/.test(policy)).toBe(true);

    const widget = page.locator('[data-feedback]');
    await widget.waitFor({ state: 'visible' });
    const rated = page.waitForResponse((r) => r.url().endsWith(`/v1/orgs/${org}/sites/${site}/insights/events`));
    await widget.getByRole('button', { name: 'Yes' }).click();
    expect((await rated).status()).toBe(204);
    await expect.poll(() => widget.locator('.feedback-thanks').textContent()).toBe('Thanks for your feedback.');
    expect(await widget.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('true');
    expect(await axe(page)).toEqual([]);

    const commented = page.waitForResponse((r) => r.url().endsWith('/insights/events'));
    await widget.getByLabel('Anything to add? (optional)').fill('The second step needs a screenshot.');
    await widget.getByRole('button', { name: 'Send' }).click();
    expect((await commented).status()).toBe(204);
    await expect.poll(() => widget.locator('.feedback-thanks').textContent()).toBe('Thanks, your comment was sent.');
    expect(await widget.locator('.feedback-comment').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();

    const space = (await api('GET', `/orgs/${org}/sites/${site}/site-spaces`)).items[0].space.id;
    const setup = (await api('GET', `/spaces/${space}/content/pages`)).pages.find((p: { title: string }) => p.title === 'Setup').id;
    const answer = await api('POST', `/orgs/${org}/sites/${site}/insights/events/aggregate`, {
      range: 'last24Hours',
      groupBy: [{ column: 'page' }, { column: 'eventPageFeedbackComment' }],
      select: [{ column: 'eventsCount' }, { column: 'pageFeedbackRating' }, { column: 'sessionsCount' }],
    });
    expect(answer).toEqual({
      columns: [
        {
          column: 'page',
          values: [
            { page: setup, space },
            { page: setup, space },
          ],
        },
        { column: 'eventPageFeedbackComment', values: ['', 'The second step needs a screenshot.'] },
        { column: 'eventsCount', values: [1, 1] },
        {
          column: 'pageFeedbackRating',
          values: [
            { ok: 0, good: 1, bad: 0 },
            { ok: 0, good: 0, bad: 0 },
          ],
        },
        { column: 'sessionsCount', values: [1, 1] },
      ],
    });
  });
});
