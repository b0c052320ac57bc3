// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPORA, docs } from '../helpers/cli.js';

const SITE = `
sites:
  - title: GitBook Docs
    basename: gitbook
    published: true
    customization:
      styling:
        primaryColor: { light: '#0B6E4F', dark: '#3DDC97' }
      announcement: { enabled: true, message: 'Built by Quire', style: info }
    sections:
      - title: Documentation
        spaces: ['🇺🇸 English']
      - title: Developers
        path: developers
        spaces: [Developer Documentation]
      - title: Changelog
        spaces: [Public Changelog]
      - title: Policies
        spaces: [GitBook Site Policy]
      - title: Guides
        spaces: [GitBook Guides]
`;

function project(extra = SITE): string {
  const dir = mkdtempSync(join(tmpdir(), 'quire-e2e-sites-'));
  writeFileSync(join(dir, 'docs.config.yaml'), `organizations:\n  - title: Sites test\nspaces:\n  - directory: ${join(CORPORA, 'public-docs')}\n${extra}`);
  return dir;
}

describe('sites declared in docs.config.yaml', () => {
  it('are reconciled by docs sync, built with docs build --site and published with docs publish: public-docs as five sections', async () => {
    const cwd = project();
    const sync = await docs(cwd, 'sync', '--json');
    expect(sync.stderr).toMatch(/^docs: created the store in \.docs\/ [^\n]*\n$/);
    expect(sync.code).toBe(0);
    const [site] = JSON.parse(sync.stdout).sites;
    expect(site).toMatchObject({ title: 'GitBook Docs', basename: 'gitbook', created: true });
    expect(site.changes).toEqual(expect.arrayContaining(['added the section "Developers"', 'published it', 'updated the customization']));

    const again = await docs(cwd, 'sync');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Site GitBook Docs (/gitbook/): unchanged');

    const build = await docs(cwd, 'build', '--site', 'gitbook', '--out', 'site', '--no-strict-links', '--json');
    expect(build.code).toBe(0);
    const report = JSON.parse(build.stdout);
    expect(report.pages).toBeGreaterThan(250);
    // A section has the broken links its space has on its own (links the corpus already broke), no new ones.
    type Broken = { space: string; page: string; href: string };
    const alone = JSON.parse((await docs(cwd, 'build', '--space', 'Developer Documentation', '--out', 'alone', '--no-strict-links', '--json')).stdout);
    const key = (b: Broken) => `${b.page} ${b.href}`;
    const inSection = (report.brokenLinks as Broken[])
      .filter((b) => b.space === 'developers')
      .map(key)
      .sort();
    expect(inSection.length).toBeGreaterThan(0);
    expect(inSection).toEqual((alone.brokenLinks as Broken[]).map(key).sort());
    const home = readFileSync(join(cwd, 'site', 'index.html'), 'utf8');
    for (const section of ['Documentation', 'Developers', 'Changelog', 'Policies', 'Guides']) expect(home).toContain(`>${section}<`);
    expect(home).toContain('href="/developers/"');
    expect(home).toContain('Built by Quire');
    expect(home).toContain('#0B6E4F');
    expect(existsSync(join(cwd, 'site', 'developers', 'index.html'))).toBe(true);
    const sitemap = readFileSync(join(cwd, 'site', 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>/developers/');
    expect(sitemap).toContain('<loc>/guides/');

    const publish = await docs(cwd, 'publish', '--out', 'public', '--no-strict-links', '--json');
    expect(publish.code).toBe(0);
    expect(JSON.parse(publish.stdout)).toMatchObject({ published: expect.any(String), pages: report.pages });
    expect(existsSync(join(cwd, 'public', 'guides', 'index.html'))).toBe(true);
  }, 240_000);

  it('reports a site that names an unknown space, a bad customization or a bad path, and changes nothing', async () => {
    const unknown = project('sites:\n  - title: Broken site\n    spaces: [No such space]\n');
    const sync = await docs(unknown, 'sync');
    expect(sync.code).toBe(1);
    expect(sync.stderr).toMatch(/spaces\[0\]: no space "No such space"/);
    expect((await docs(unknown, 'build', '--site', 'Broken site', '--out', 'x')).stderr).toMatch(/--site Broken site: no site/);

    const custom = project("sites:\n  - title: Styled\n    spaces: ['🇺🇸 English']\n    customization:\n      styling: { theme: neon }\n");
    const styled = await docs(custom, 'sync');
    expect(styled.code).toBe(2);
    expect(styled.stderr).toMatch(/sites\[0\] \(Styled\)\.customization: styling\.theme: must be one of/);

    const path = project('sites:\n  - title: Pathy\n    basename: "a/b"\n    spaces: [x]\n');
    const bad = await docs(path, 'sync');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/docs\.config\.yaml:\d+/);
    expect(bad.stderr).toMatch(/basename/);
  }, 240_000);

  it('needs a site for docs publish, and one of --site or --space for docs build', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'quire-e2e-sites-'));
    writeFileSync(join(cwd, 'docs.config.yaml'), 'organizations:\n  - title: Empty\n');
    const publish = await docs(cwd, 'publish');
    expect(publish.code).toBe(1);
    expect(publish.stderr).toMatch(/nothing synced yet/);
    const both = await docs(cwd, 'build', '--site', 'a', '--space', 'b');
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--site and --space/);
  });
});
