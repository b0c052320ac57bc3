// The manual (docs/): its generated reference pages are current, and it builds with strict links, from files alone.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { docs } from '../helpers/cli.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const MANUAL = join(ROOT, 'docs');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const run = promisify(execFile);

/** Every markdown file of the manual but its SUMMARY.md and what lives under .gitbook/, relative to docs/. */
function pageFiles(dir = MANUAL): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '.gitbook' ? [] : pageFiles(path);
    const rel = relative(MANUAL, path);
    return entry.name.endsWith('.md') && rel !== 'SUMMARY.md' ? [rel] : [];
  });
}

describe('the manual', () => {
  it.each([
    ['scripts/write-cli-docs.ts', 'commands.md'],
    ['scripts/write-config-docs.ts', 'configuration.md'],
  ])(
    '%s writes what docs/reference/%s holds',
    async (script, file) => {
      const out = mkdtempSync(join(tmpdir(), 'quire-manual-reference-'));
      await run(process.execPath, [TSX, join(ROOT, script), '--out', out], { cwd: ROOT });
      const committed = existsSync(join(MANUAL, 'reference', file)) ? readFileSync(join(MANUAL, 'reference', file), 'utf8') : '';
      expect(committed, `docs/reference/${file} is out of date: run \`npm run docs:reference\``).toBe(readFileSync(join(out, file), 'utf8'));
    },
    120_000,
  );

  it('lists every page in SUMMARY.md', () => {
    const summary = readFileSync(join(MANUAL, 'SUMMARY.md'), 'utf8');
    const listed = new Set([...summary.matchAll(/\]\(([^)\s]+\.md)\)/g)].map((m) => m[1]));
    expect(
      pageFiles().filter((file) => !listed.has(file)),
      'pages missing from docs/SUMMARY.md',
    ).toEqual([]);
  });

  it('syncs without a warning and builds with strict links', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'quire-manual-'));
    writeFileSync(join(cwd, 'docs.config.yaml'), `storage:\n  dir: ${JSON.stringify(join(cwd, 'store'))}\n`);
    cpSync(MANUAL, join(cwd, 'manual'), { recursive: true });

    const synced = await docs(cwd, 'sync', join(cwd, 'manual'), '--space', 'Manual', '--work-tree', '--json');
    expect(synced.code, synced.stderr).toBe(0);
    const [report] = JSON.parse(synced.stdout).spaces;
    expect(report.warnings).toEqual([]);

    // Strict links are the default: a broken link or anchor fails the build with exit 1.
    const built = await docs(cwd, 'build', '--space', 'Manual', '--out', join(cwd, 'site'), '--json');
    expect(built.code, built.stderr).toBe(0);
    expect(JSON.parse(built.stdout)).toMatchObject({ brokenLinks: [] });

    // The block gallery renders each block, from files alone.
    const gallery = readFileSync(join(cwd, 'site/reference/blocks/index.html'), 'utf8');
    for (const style of ['info', 'success', 'warning', 'danger']) expect(gallery).toContain(`hint-${style}`);
    for (const rendered of [
      'data-tabs', // tabs
      'line-numbers', // code with options
      'class="mermaid"', // mermaid, drawn in the browser
      '<math', // math, as MathML
      'List pets', // the OpenAPI operation of the local spec file
      'The Troubleshooting page lists', // reusable content
      'This site is built by Quire', // a variable
      'every reader of this static build', // the else branch of conditional content
      '/_files/', // the file block and the figures
    ]) {
      expect(gallery, rendered).toContain(rendered);
    }
    expect(gallery).not.toContain('Shown to visitors on the pro plan.</p>');
  }, 120_000);
});
