import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteCustomization } from '../../src/site/customization.js';
import { xssCorpus } from '../site/xss-corpus.js';
import { launchBrowser, type Served, serveDir, syncedSpaces, tempDir, watchErrors } from './helpers.js';

/** Every member of the customization a site owner (or a compromised API token) controls, each carrying a payload. */
const customization = (n: number): SiteCustomization => ({
  title: `<script>alert(${n})</script>`,
  styling: {
    primaryColor: { light: `#fff;}</style><script>alert(${n + 1})</script>`, dark: 'red}body{background:url(javascript:alert(1))' },
    font: { fontFamily: `</style><script>alert(${n + 2})</script>` },
    monospaceFont: `"</style><img src=x onerror=alert(${n + 3})>`,
    theme: `clean" onmouseover="alert(${n + 4})` as 'clean',
  },
  favicon: n === 100 ? { icon: `javascript:alert(${n + 5})` } : { emoji: `</text><script>alert(${n + 5})</script>` },
  header: {
    logo: { light: `javascript:alert(${n + 6})`, dark: `data:text/html,<script>alert(${n + 7})</script>` },
    links: [
      { title: `<img src=x onerror=alert(${n + 8})>`, to: `javascript:alert(${n + 9})` },
      { title: 'quoted', to: `https://example.com/" onmouseover="alert(${n + 10})` },
    ],
  },
  footer: {
    groups: [{ title: `<svg onload=alert(${n + 11})>`, links: [{ title: 'x', to: ` JaVaScRiPt:alert(${n + 12})` }] }],
    copyright: `<script>alert(${n + 13})</script>`,
  },
  announcement: {
    enabled: true,
    message: `<img src=x onerror=alert(${n + 14})>`,
    link: { title: `<b onmouseover=alert(${n + 15})>go</b>`, to: `javascript:alert(${n + 16})` },
  },
  themes: { default: `dark" onload="alert(${n + 17})` as 'dark' },
  privacyPolicy: { url: `javascript:alert(${n + 18})` },
  socialPreview: { url: `"><script>alert(${n + 19})</script>` },
  internationalization: { locale: `en" onmouseover="alert(${n + 20})` },
});

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

let browser: Browser;
let site: Served;
let context: BrowserContext;
let paths: string[];

beforeAll(async () => {
  const env = await syncedSpaces({ XSS: xssCorpus() });
  const view = env.views.XSS!;
  const out = tempDir('browser-xss');
  await env.build(
    {
      title: '<script>alert(90)</script>',
      spaces: [
        {
          prefix: 'a/one',
          title: '<img src=x onerror=alert(91)>',
          section: 'a',
          sectionTitle: '<svg onload=alert(92)>',
          view,
          customization: customization(100),
        },
        { prefix: 'a/two', title: 'two', section: 'a', view, customization: customization(200) },
        { prefix: 'b/three', title: 'three', section: 'b', sectionTitle: '"><script>alert(93)</script>', view },
      ],
    },
    { out, strictLinks: false },
  );
  paths = htmlFiles(out).map((file) => `/${relative(out, file).replace(/(^|\/)index\.html$/, '$1')}`);
  // Not a site page: proves the recording below catches a payload that does run.
  writeFileSync(join(out, 'canary.html'), '<!doctype html><title>canary</title><img src=x onerror="alert(\'canary\')"><svg onload="window.__pwned=1"></svg>');
  [browser, site] = await Promise.all([launchBrowser(), serveDir(out)]);
  context = await browser.newContext();
  // Payloads call alert(n) or set window.__pwned: record both instead of blocking on a dialog.
  await context.addInitScript(() => {
    const w = window as unknown as { __ran: string[] };
    w.__ran = [];
    const record = (message?: unknown) => void w.__ran.push(String(message));
    window.alert = record;
    window.confirm = (message?: string) => (record(message), false);
    window.prompt = (message?: string) => (record(message), null);
  });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('XSS payloads in Chromium', () => {
  it('records a payload that runs (the harness works)', async () => {
    const page = await context.newPage();
    await page.goto(`${site.origin}/canary.html`);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __ran: string[] }).__ran)).toEqual(['canary']);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBe(1);
    await page.close();
  });

  it('runs none of them on any page, with the client script searching through them', async () => {
    expect(paths.length).toBeGreaterThanOrEqual(7);
    const ran: string[] = [];
    const problems: string[] = [];
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      ran.push(`dialog on ${page.url()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    const errors = watchErrors(page);
    for (const path of paths) {
      await page.goto(`${site.origin}${path}`);
      await page.mouse.move(5, 5);
      for (const target of ['header', 'footer', '.announcement', 'main h1']) {
        const element = page.locator(target).first();
        if (await element.count()) await element.hover({ timeout: 2_000 }).catch(() => undefined);
      }
      // The search dialog renders titles and excerpts that carry payloads.
      if (await page.locator('[data-search]').isVisible()) {
        await page.locator('[data-search]').click();
        await page.getByRole('combobox').fill('alert');
        await page.locator('.search-results [role=option]').first().waitFor();
        await page.keyboard.press('Escape');
      }
      const found = await page.evaluate(() => {
        const w = window as unknown as { __ran: string[]; __pwned?: unknown };
        const bad: string[] = [];
        for (const element of Array.from(document.querySelectorAll('*'))) {
          for (const attribute of Array.from(element.attributes)) {
            if (attribute.name.startsWith('on')) bad.push(`${element.tagName} ${attribute.name}`);
            if (/^(href|src|action|formaction|data|xlink:href|srcset)$/.test(attribute.name) && /^\s*(javascript|vbscript|data:text)/i.test(attribute.value)) {
              bad.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
            }
          }
        }
        // The site's own: site.js, the theme's and the sidebar folds' snippets, the breadcrumbs' data (never run).
        const own = ['(function(){var t=null;try{t=localStorage', "(function(){var s;try{s=JSON.parse(localStorage.getItem('quire-nav')"];
        const scripts = Array.from(document.scripts).filter(
          (s) => !(s.src.includes('/_quire/') || own.some((start) => s.textContent?.startsWith(start)) || s.type === 'application/ld+json'),
        );
        bad.push(...scripts.map((s) => `script ${s.src || s.textContent}`));
        bad.push(...Array.from(document.querySelectorAll('iframe, object, embed, form')).map((e) => e.tagName));
        return { ran: w.__ran, pwned: w.__pwned !== undefined, bad, title: document.title };
      });
      ran.push(...found.ran.map((m) => `alert on ${path}: ${m}`));
      if (found.pwned) ran.push(`__pwned on ${path}`);
      problems.push(...found.bad.map((b) => `${path}: ${b}`));
    }
    await page.close();
    expect(ran).toEqual([]);
    expect(problems).toEqual([]);
    // Broken `src=x` images and the like may 404; nothing may throw or be refused.
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  }, 90_000);

  it('shows the payloads as text', async () => {
    const page = await context.newPage();
    await page.goto(`${site.origin}/a/one/`);
    expect(await page.title()).toContain('<script>alert(100)</script>');
    expect(await page.locator('.site-title').textContent()).toBe('<script>alert(100)</script>');
    expect(await page.locator('.announcement').textContent()).toContain('<img src=x onerror=alert(114)>');
    expect(await page.getByRole('navigation', { name: 'Variants' }).textContent()).toContain('<img src=x onerror=alert(91)>');
    expect(await page.getByRole('navigation', { name: 'Sections' }).textContent()).toContain('<svg onload=alert(92)>');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim())).toBe('#346ddb');
    await page.close();
  });
});
