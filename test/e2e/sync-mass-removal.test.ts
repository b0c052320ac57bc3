// A sync that would empty a space, or remove most of it (a broken SUMMARY.md, a wrong folder), stops and changes
// nothing unless --allow-mass-removal; a malformed SUMMARY line is a warning with its file and line.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docs } from '../helpers/cli.js';

const PAGES = ['README', 'install', 'usage', 'api', 'faq', 'changelog'];
const SUMMARY = `# Table of contents\n\n${PAGES.map((p) => `* [${p}](${p}.md)`).join('\n')}\n`;

/** A project with a six-page tree synced once into the space "Handbook". */
async function synced(): Promise<{ dir: string; tree: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-e2e-mass-removal-'));
  writeFileSync(join(dir, 'docs.config.yaml'), 'organizations:\n  - title: Acme\n');
  const tree = join(dir, 'handbook');
  mkdirSync(tree);
  for (const page of PAGES) writeFileSync(join(tree, `${page}.md`), `# ${page}\n\nAbout ${page}.\n`);
  writeFileSync(join(tree, 'SUMMARY.md'), SUMMARY);
  const first = await docs(dir, 'sync', tree, '--space', 'Handbook');
  expect(first.stdout).toBe('Synced Handbook: 6 pages added, 0 changed, 0 removed; 0 files; 0 warnings\n');
  return { dir, tree };
}

/** Pages a sync of the intact tree adds: 0 when the space still holds them all (nothing was removed). */
async function pagesAfter(dir: string, tree: string): Promise<number> {
  writeFileSync(join(tree, 'SUMMARY.md'), SUMMARY);
  const again = await docs(dir, 'sync', tree, '--space', 'Handbook', '--json');
  expect(again.code).toBe(0);
  const [report] = JSON.parse(again.stdout).spaces;
  return report.pagesAdded;
}

describe('docs sync: mass removal', () => {
  it('stops with a non-zero exit naming SUMMARY.md when a broken SUMMARY.md would empty the space, and changes nothing', async () => {
    const { dir, tree } = await synced();
    writeFileSync(join(tree, 'SUMMARY.md'), '# Table of contents\n\n* [Unclosed link(install.md\n');
    const result = await docs(dir, 'sync', tree, '--space', 'Handbook');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `${join(tree, 'SUMMARY.md')}: this sync would remove 6 of the 6 pages of "Handbook" (SUMMARY.md lists 0 pages); nothing was changed`,
    );
    expect(result.stderr).toContain('--allow-mass-removal');
    // The malformed line is named with its file and line.
    expect(result.stderr).toMatch(/warning: SUMMARY\.md:3: page item "\[Unclosed link\(install\.md" is not a link/);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    // Nothing changed: syncing the intact tree again adds nothing and removes nothing.
    expect(await pagesAfter(dir, tree)).toBe(0);
  });

  it('stops when an emptied SUMMARY.md or a folder that lost most pages would remove more than half', async () => {
    const { dir, tree } = await synced();
    writeFileSync(join(tree, 'SUMMARY.md'), '');
    const empty = await docs(dir, 'sync', tree, '--space', 'Handbook', '--json');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/SUMMARY\.md: this sync would remove 6 of the 6 pages/);

    writeFileSync(join(tree, 'SUMMARY.md'), `# Table of contents\n\n* [README](README.md)\n* [install](install.md)\n`);
    const most = await docs(dir, 'sync', tree, '--space', 'Handbook');
    expect(most.code).toBe(1);
    expect(most.stderr).toMatch(/SUMMARY\.md: this sync would remove 4 of the 6 pages of "Handbook" \(SUMMARY\.md lists 2 pages\)/);

    // Without a SUMMARY.md the folder is named.
    rmSync(join(tree, 'SUMMARY.md'));
    for (const page of PAGES.slice(1)) rmSync(join(tree, `${page}.md`));
    const folder = await docs(dir, 'sync', tree, '--space', 'Handbook');
    expect(folder.code).toBe(1);
    expect(folder.stderr).toContain(`${tree}: this sync would remove 5 of the 6 pages of "Handbook" (the folder . holds 1 page)`);
    for (const page of PAGES) writeFileSync(join(tree, `${page}.md`), `# ${page}\n\nAbout ${page}.\n`);
    expect(await pagesAfter(dir, tree)).toBe(0);
  });

  it('proceeds with --allow-mass-removal, and small removals never need it', async () => {
    const { dir, tree } = await synced();
    writeFileSync(
      join(tree, 'SUMMARY.md'),
      `# Table of contents\n\n${PAGES.slice(0, 4)
        .map((p) => `* [${p}](${p}.md)`)
        .join('\n')}\n`,
    );
    const few = await docs(dir, 'sync', tree, '--space', 'Handbook');
    expect(few.code).toBe(0);
    expect(few.stdout).toBe('Synced Handbook: 0 pages added, 0 changed, 2 removed; 0 files; 0 warnings\n');

    writeFileSync(join(tree, 'SUMMARY.md'), '# Table of contents\n\n* [Unclosed link(install.md\n* [README](README.md)\n');
    const allowed = await docs(dir, 'sync', tree, '--space', 'Handbook', '--allow-mass-removal');
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toMatch(/^Synced Handbook: 0 pages added, \d+ changed, 3 removed; 0 files; 1 warning\n$/);
    expect(allowed.stderr).toMatch(/^docs: warning: Handbook: SUMMARY\.md:3: page item "\[Unclosed link\(install\.md" is not a link[^\n]*\n$/);
  });
});
