/**
 * Browser tests: Debian's Chromium driven by playwright-core, against a built site served from disk by node:http.
 * Each test file launches one browser (`launchBrowser` in `beforeAll`) and builds its site once.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { lookup } from 'mime-types';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildSite, type BuildOptions, type SiteInput } from '../../src/site/build.js';
import { siteSources } from '../../src/site/space-site.js';
import { setup } from '../gitsync/helpers.js';

export { CORPORA } from '../gitsync/helpers.js';
export { syncedSpace, tempDir } from '../site/helpers.js';

export const CHROMIUM = '/usr/bin/chromium';
export const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url).pathname;
export const AXE = new URL('../../node_modules/axe-core/axe.min.js', import.meta.url).pathname;

/** Headless Chromium that stays off the network. Playwright gives every launch a fresh, empty profile directory. */
export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium), as .ci/run does`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Served {
  /** Origin without a trailing slash: `http://127.0.0.1:<port>`. */
  origin: string;
  close(): Promise<void>;
}

/** Serves a built site like a static host: `/a/b/` is `a/b/index.html`, unknown paths get `404.html` with a 404. */
export async function serveDir(root: string): Promise<Served> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = join(root, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    if (existsSync(file) && statSync(file).isDirectory()) {
      if (!path.endsWith('/')) {
        res.writeHead(301, { location: `${path}/` }).end();
        return;
      }
      file = join(file, 'index.html');
    }
    const found = existsSync(file) && statSync(file).isFile();
    const body = readFileSync(found ? file : join(root, '404.html'));
    res.writeHead(found ? 200 : 404, { 'content-type': (found && lookup(extname(file))) || 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** Syncs each directory into one fresh store as its own space; `build` writes a site made of them. */
export async function syncedSpaces(dirs: Record<string, string>) {
  const env = await setup();
  const views: Record<string, SiteInput['spaces'][number]['view']> = {};
  for (const [title, dir] of Object.entries(dirs)) {
    const [report] = await env.sync(dir, { space: title });
    views[title] = await env.domain.content.current(env.caller, report!.space.id);
  }
  const build = (site: SiteInput, options: BuildOptions) => buildSite(site, siteSources(env.domain), options);
  return { ...env, views, build };
}

/** Records what a page would report as broken: uncaught exceptions and console errors. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** Runs axe-core (WCAG 2 A/AA and best practices) on the page as it is now. */
export async function axe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: readFileSync(AXE, 'utf8') });
  return page.evaluate(async () => {
    const w = window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } };
    const result = await w.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}
