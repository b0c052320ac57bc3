// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
// `docs watch` end to end: the real CLI on a copy of a corpus, driven by Chromium and by git.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import { launchBrowser } from '../browser/helpers.js';
import { quireSearch } from '../site/search.js';
import { docs } from '../helpers/cli.js';

const BIN = new URL('../../bin/docs.js', import.meta.url).pathname;
const CORPUS = new URL('../../../shared/corpora/git-sync-normalization/', import.meta.url).pathname;
const run = promisify(execFile);
const running = new Set<ChildProcess>();

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quire-e2e-watch-'));
  writeFileSync(join(dir, 'docs.config.yaml'), 'organizations:\n  - title: Watch test\n');
  return dir;
}

/** A writable copy of the corpus (the shared one is read-only). */
function corpusCopy(cwd: string): string {
  const dir = join(cwd, 'docs');
  cpSync(CORPUS, dir, { recursive: true });
  const writable = (path: string) => {
    chmodSync(path, statSync(path).isDirectory() ? 0o755 : 0o644);
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) writable(join(path, name));
  };
  writable(dir);
  return dir;
}

interface Watching {
  url: string;
  output(): string;
  status(): Promise<{ builds: number; building: boolean; problems: unknown[] }>;
}

/** Starts `docs watch` and resolves with the preview URL it prints. */
function startWatch(cwd: string, ...args: string[]): Promise<Watching> {
  const child = spawn(process.execPath, [BIN, 'watch', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no preview URL after 60 s:\n${out}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`docs watch exited with ${code}:\n${out}`)));
    child.stdout.on('data', () => {
      const match = /Preview: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      const url = match[1]!;
      resolve({ url, output: () => out, status: async () => (await fetch(`${url}__quire/status`)).json() as never });
    });
  });
}

/** Waits until the watcher finished `builds` full builds and nothing more happened for a second. */
async function settled(watch: Watching, builds: number, timeoutMs = 90_000): Promise<number> {
  let last = -1;
  let stableSince = Date.now();
  await waitFor(
    async () => {
      const status = await watch.status();
      if (status.builds !== last || status.building) {
        last = status.building ? -1 : status.builds;
        stableSince = Date.now();
      }
      return last >= builds && Date.now() - stableSince > 1500;
    },
    { timeout: timeoutMs, interval: 100, message: () => `${builds} builds and 1.5 s without one:\n${watch.output()}` },
  );
  return last;
}

afterAll(() => {
  for (const child of running) child.kill('SIGTERM');
});

describe('docs watch in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reloads an edited page in place, shows a broken frontmatter in an overlay, and recovers', async () => {
    const cwd = project();
    const docs = corpusCopy(cwd);
    const watch = await startWatch(cwd, docs, '--space', 'GSN', '--port', '0');
    expect(watch.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(await (await fetch(`${watch.url}sitemap.xml`)).text()).toContain(`<loc>${watch.url}hints/</loc>`);
    const search = new (quireSearch().Engine)(async (name) => (await fetch(new URL(name, watch.url))).json());
    expect((await search.details(await search.search('info hints'))).some((hit) => hit.text.includes('Info hints'))).toBe(true);

    const page = await browser.newPage({ viewport: { width: 1000, height: 600 } });
    await page.goto(`${watch.url}hints/`);
    await page.getByText('Info hints').first().waitFor();
    const file = join(docs, 'hints.md');
    const original = readFileSync(file, 'utf8');
    const filler = Array.from({ length: 80 }, (_, i) => `Filler paragraph ${i} so the page scrolls.`).join('\n\n');

    // An edit shows up without any reload from here; no navigation is made by the test.
    writeFileSync(file, `${original}\n${filler}\n\nFirst watched edit.\n`);
    await page.getByText('First watched edit.').waitFor({ timeout: 15_000 });
    // Scrolled once the first edit's reloads are over (a save may be seen twice): the scroll must then survive the next.
    await expect.poll(async () => await page.evaluate(() => (window.scrollTo(0, 1200), window.scrollY)), { timeout: 5_000 }).toBeGreaterThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await page.evaluate(() => window.scrollTo(0, 1200));
    writeFileSync(file, `${original}\n${filler}\n\nSecond watched edit.\n`);
    await page.getByText('Second watched edit.').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

    // Broken frontmatter: the overlay names the file, the line and the problem; the server keeps serving.
    writeFileSync(file, original.replace('description: Hint content block', 'description: [broken'));
    const overlay = page.locator('#quire-overlay');
    await overlay.waitFor({ timeout: 15_000 });
    expect(await overlay.textContent()).toMatch(/hints\.md:2[\s\S]*invalid frontmatter YAML/);
    expect((await fetch(`${watch.url}lists/`)).status).toBe(200);

    writeFileSync(file, original.replace('# Hint', '# Hint\n\nFixed again.'));
    await overlay.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByText('Fixed again.').waitFor({ timeout: 15_000 });
    await page.close();
  }, 120_000);
});

describe('docs watch and git', () => {
  it('a checkout of another branch gives the same pages as a cold build of that branch', async () => {
    const cwd = project();
    const repo = corpusCopy(cwd);
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], { cwd: repo, stdio: 'pipe' });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'main');
    git('checkout', '-q', '-b', 'other');
    // Edits, a delete, a move into a new folder, a renamed title (a page links to it), a new asset and 500 new pages.
    const summaryFile = join(repo, 'SUMMARY.md');
    let summary = readFileSync(summaryFile, 'utf8');
    writeFileSync(join(repo, 'hints.md'), readFileSync(join(repo, 'hints.md'), 'utf8').replace('Info hints', 'Branch hints'));
    rmSync(join(repo, 'drawing.md'));
    mkdirSync(join(repo, 'moved'));
    writeFileSync(join(repo, 'moved/quote.md'), readFileSync(join(repo, 'quote.md')));
    rmSync(join(repo, 'quote.md'));
    writeFileSync(
      join(repo, '.gitbook/assets/dot.png'),
      Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
    );
    writeFileSync(join(repo, 'images.md'), `${readFileSync(join(repo, 'images.md'), 'utf8')}\n![A dot](.gitbook/assets/dot.png)\n`);
    mkdirSync(join(repo, 'bulk'));
    const bulk: string[] = [];
    for (let i = 1; i <= 500; i++) {
      writeFileSync(join(repo, `bulk/page-${i}.md`), `# Bulk page ${i}\n\nBulk text ${i}, see [emoji](../emoji.md).\n`);
      bulk.push(`* [Bulk page ${i}](bulk/page-${i}.md)`);
    }
    summary = summary
      .replace('* [Drawing](drawing.md)\n', '')
      .replace('[Quote](quote.md)', '[Quote](moved/quote.md)')
      .replace('[Emoji](emoji.md)', '[Emoji renamed](emoji.md)');
    writeFileSync(summaryFile, `${summary.trimEnd()}\n\n## Bulk\n\n${bulk.join('\n')}\n`);
    git('add', '-A');
    git('commit', '-q', '-m', 'other');
    git('checkout', '-q', 'main');

    const watch = await startWatch(cwd, repo, '--space', 'GSN', '--port', '0');
    const before = (await watch.status()).builds;
    git('checkout', '-q', 'other');
    const builds = await settled(watch, before + 1);
    // One burst, one import (two at most, when the checkout outlasts the debounce).
    expect(builds - before).toBeLessThanOrEqual(2);
    expect((await watch.status()).problems).toEqual([]);

    // The cold build: a fresh project syncs a clone of the branch and builds it.
    const coldCwd = project();
    execFileSync('git', ['clone', '-q', '--branch', 'other', repo, join(coldCwd, 'src')]);
    await run(process.execPath, [BIN, 'sync', join(coldCwd, 'src'), '--space', 'GSN'], { cwd: coldCwd });
    await run(process.execPath, [BIN, 'build', '--space', 'GSN', '--out', 'site', '--no-strict-links'], { cwd: coldCwd });
    const coldPages = htmlFiles(join(coldCwd, 'site'));
    expect(coldPages.length).toBe(18 - 1 + 500);
    for (const file of coldPages) {
      const url = `${watch.url}${file.replace(/index\.html$/, '')}`;
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(firstDifference(normalize(await response.text()), normalize(readFileSync(join(coldCwd, 'site', file), 'utf8'))), url).toBe(null);
    }
    // The sidebar's tree (517 pages: past the inlined sidebar's size) too.
    const treeOf = (page: string) => /data-nav-src="\/(_quire\/nav-[0-9a-f]{12}\.html)"/.exec(page)![1]!;
    const watchTree = await fetch(`${watch.url}${treeOf(await fetch(watch.url).then((r) => r.text()))}`).then((r) => r.text());
    const coldTree = readFileSync(join(coldCwd, 'site', treeOf(readFileSync(join(coldCwd, 'site', 'index.html'), 'utf8'))), 'utf8');
    expect(firstDifference(normalize(watchTree), normalize(coldTree))).toBe(null);
    expect((await fetch(`${watch.url}drawing/`)).status).toBe(404);
    expect(await fetch(`${watch.url}page-link/`).then((r) => r.text())).toContain('Emoji renamed');
  }, 240_000);
});

describe('docs watch and the project store', () => {
  const stop = async (cwd: string) => {
    const children = [...running];
    for (const child of children) child.kill('SIGTERM');
    await waitFor(() => children.every((child) => child.exitCode !== null || child.signalCode !== null), { timeout: 15_000, message: 'docs watch to exit' });
    running.clear();
    return cwd;
  };
  const buildOf = (cwd: string) => docs(cwd, 'build', '--space', 'Watched', '--out', 'out', '--no-strict-links', '--json');

  it('leaves the store alone by default, and moves the space with --sync', async () => {
    const scratch = project();
    const scratchDocs = corpusCopy(scratch);
    const plain = await startWatch(scratch, scratchDocs, '--space', 'Watched', '--port', '0');
    await settled(plain, 1);
    writeFileSync(join(scratchDocs, 'hints.md'), `${readFileSync(join(scratchDocs, 'hints.md'), 'utf8')}\nScratch only.\n`);
    await settled(plain, 2);
    await stop(scratch);
    expect((await buildOf(scratch)).stderr).toMatch(/nothing synced yet: no store in \.docs\//);

    const synced = project();
    const syncedDocs = corpusCopy(synced);
    const watching = await startWatch(synced, syncedDocs, '--space', 'Watched', '--port', '0', '--sync');
    await settled(watching, 1);
    writeFileSync(join(syncedDocs, 'hints.md'), `${readFileSync(join(syncedDocs, 'hints.md'), 'utf8')}\nKept in the store.\n`);
    await settled(watching, 2);
    await stop(synced);
    const built = await buildOf(synced);
    expect(built.code).toBe(0);
    expect(readFileSync(join(synced, 'out', 'hints', 'index.html'), 'utf8')).toContain('Kept in the store.');
  }, 240_000);
});

describe('docs watch: bad input', () => {
  const docs = async (cwd: string, ...args: string[]) => {
    try {
      await run(process.execPath, [BIN, 'watch', ...args], { cwd });
      return { code: 0, stderr: '' };
    } catch (error) {
      return error as { code: number; stderr: string };
    }
  };

  it('exits 2 with a clear message', async () => {
    const cwd = project();
    const dir = join(cwd, 'docs');
    mkdirSync(dir);
    expect(await docs(cwd, 'nowhere', '--space', 'X')).toMatchObject({ code: 2, stderr: expect.stringContaining('nowhere: no such directory') });
    expect(await docs(cwd, dir)).toMatchObject({ code: 2, stderr: expect.stringContaining('--space is required') });
    expect(await docs(cwd, dir, '--space')).toMatchObject({ code: 2, stderr: expect.stringContaining("option '--space <title|id>' argument missing") });
    expect(await docs(cwd, dir, '--space', 'X', '--port', 'abc')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--port abc: expected a number from 0 to 65535'),
    });
    expect(await docs(cwd, dir, '--space', 'X', '--port', '70000')).toMatchObject({ code: 2, stderr: expect.stringContaining('--port 70000') });
    expect(await docs(cwd, '--space', 'X')).toMatchObject({ code: 2, stderr: expect.stringContaining('--space needs a <dir>') });
    expect(await docs(cwd)).toMatchObject({ code: 2, stderr: expect.stringContaining('nothing to watch') });
  }, 60_000);
});

function htmlFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name === 'index.html' && !readFileSync(path, 'utf8').includes('http-equiv="refresh"')) out.push(relative(root, path));
    }
  };
  walk(root);
  return out.sort();
}

/** What may differ between two stores and builds: ids, per-build nonces, dates, the origin and the watch client. */
function normalize(html: string): string {
  return (
    html
      .replace(/<script src="\/__quire\/client\.js"><\/script>/, '')
      .replace(/http:\/\/127\.0\.0\.1:\d+/g, '')
      .replace(/<link rel="canonical"[^>]*>/g, '')
      // Structured data needs the site's address: the preview knows its own, a build without a URL has none.
      .replace(/<script type="application\/ld\+json">.*?<\/script>/g, '')
      // A big space's sidebar tree is named by its bytes, which hold the page ids.
      .replace(/\/_quire\/nav-[0-9a-f]{12}\.html/g, '/_quire/nav-HASH.html')
      .replace(/\b[0-9a-f]{12}-\d+\b/g, 'NONCE')
      .replace(/="[A-Za-z0-9_-]{20}"/g, '="ID"')
      .replace(/\/_files\/[A-Za-z0-9_-]{20}\//g, '/_files/ID/')
      .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME')
      .replace(/\d{4}-\d\d-\d\d/g, 'DATE')
  );
}

/** null when equal, else the text around the first difference (a short failure message). */
function firstDifference(actual: string, expected: string): string | null {
  if (actual === expected) return null;
  let i = 0;
  while (i < actual.length && actual[i] === expected[i]) i++;
  return `at ${i}:\n  watch: ${actual.slice(Math.max(0, i - 120), i + 120)}\n  cold:  ${expected.slice(Math.max(0, i - 120), i + 120)}`;
}
