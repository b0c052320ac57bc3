import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasDotSegment } from '../../src/content/paths.js';
import { siteAssets } from '../../src/site/assets.js';
import { outputFile } from '../../src/site/output.js';
import { buildSite } from '../../src/site/build.js';
import { siteSources, spaceSite } from '../../src/site/space-site.js';
import { newId, type DocumentPage } from '../../src/model/index.js';
import { markdownSpace, syncedSpace, tempDir } from './helpers.js';

/** Every file under `dir`, relative to it. */
const tree = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));

describe('the output folder', () => {
  it('resolves only plain paths inside it', () => {
    const root = tempDir('out');
    expect(outputFile(root, 'guide/index.html')).toBe(join(root, 'guide/index.html'));
    for (const path of ['../index.html', 'a/../../x', '%2e%2e/x', 'a/%2E%2E/%2e%2e/x', '%252e%252e/x', '..\\x', '/etc/passwd', 'a\0b', '', '.']) {
      expect(outputFile(root, path), path).toBeNull();
    }
  });

  it('resolves a path the same on its quick way as on the slow one, under any root', () => {
    // The rule without the quick way for plain names: no dot segment (decoded too), then inside the folder.
    const slow = (root: string, path: string) => {
      if (path === '' || path.includes('\0') || isAbsolute(path) || hasDotSegment(path)) return null;
      const full = resolve(root, path);
      return full.startsWith(`${resolve(root)}${sep}`) ? full : null;
    };
    const alphabet = ['a', 'Z', '0', '_', '-', '~', '.', '..', '/', '//', '%2e', '%', '\\', ' ', 'é', '\0', 'index.html'];
    let seed = 7;
    const pick = () => alphabet[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % alphabet.length]!;
    for (const root of [tempDir('out'), 'relative/out', './out/', sep]) {
      for (let n = 0; n < 3000; n++) {
        const path = Array.from({ length: 1 + (n % 7) }, pick).join('');
        expect(outputFile(root, path), `${root}: ${JSON.stringify(path)}`).toBe(slow(root, path));
      }
    }
  });

  it('never writes outside --out: hostile stored slugs get a safe path, hostile redirects are skipped with a warning', async () => {
    const space = await syncedSpace(markdownSpace({ 'README.md': '# Home\n\nWelcome.\n', 'guide.md': '# Guide\n\nSteps.\n' }), 'Hostile');
    // Bad data written before slugs were checked: pages whose slug climbs out of their folder.
    const { store } = space;
    const record = (await store.content.space(space.spaceId))!;
    const content = await store.revisions.content(record.revisionId);
    const blob = await store.blobs.put(Buffer.from('# Escape\n\nOut of bounds.\n', 'utf8'));
    const hostile = (slug: string, title: string): DocumentPage => ({
      id: newId(),
      kind: 'document',
      title,
      slug,
      path: slug,
      parentId: null,
      hidden: false,
      blob,
      git: { oid: blob, path: null as unknown as string },
    });
    const pages = [...content.pages, hostile('..', 'Dots'), hostile('../../../x', 'Climber'), hostile('%2e%2e', 'Encoded')];
    const id = newId();
    const now = new Date().toISOString();
    await store.tx(async () => {
      await store.revisions.insert(
        { id, spaceId: space.spaceId, parents: [record.revisionId], type: 'edits', git: null, createdAt: now },
        { ...content, pages },
      );
      await store.content.setSpaceRevision(space.spaceId, record.revisionId, id, now);
    });

    const parent = tempDir('parent');
    const out = join(parent, 'inner', 'out');
    mkdirSync(out, { recursive: true });
    const input = await spaceSite(space.domain, space.caller, space.spaceId, {
      redirects: { '../../escaped-yaml': 'README.md', '%2e%2e/%2e%2e/escaped-yaml-encoded': 'guide.md' },
    });
    input.redirects = [
      { from: '../../escaped-api', to: '/guide/' },
      { from: '%2e%2e/%2e%2e/escaped-api-encoded', to: '/guide/' },
      { from: 'old/page', to: '/guide/' },
    ];
    const report = await buildSite(input, siteSources(space.domain), { out, strictLinks: false, renderWorkers: false });

    // Nothing beside out in its parents; the pages with hostile slugs are inside it, under safe paths.
    expect(
      tree(parent).every((file) => file.startsWith(`${join('inner', 'out')}/`)),
      tree(parent).join('\n'),
    ).toBe(true);
    for (const name of ['escaped-yaml', 'escaped-yaml-encoded', 'escaped-api', 'escaped-api-encoded']) {
      expect(existsSync(resolve(out, '../..', name))).toBe(false);
      expect(existsSync(resolve(out, '..', name))).toBe(false);
    }
    expect(readFileSync(join(out, 'untitled/index.html'), 'utf8')).toContain('Out of bounds.');
    expect(readFileSync(join(out, 'x/index.html'), 'utf8')).toContain('Out of bounds.');
    expect(readFileSync(join(out, 'untitled-1/index.html'), 'utf8')).toContain('Out of bounds.');
    expect(existsSync(join(out, 'old/page/index.html'))).toBe(true);
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).not.toContain('/../');
    expect(report.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\.gitbook\.yaml redirect "\.\.\/\.\.\/escaped-yaml": has a "\." or "\.\." segment; skipped/),
        expect.stringMatching(/\.gitbook\.yaml redirect "%2e%2e\/%2e%2e\/escaped-yaml-encoded"/),
        expect.stringMatching(/site redirect \/\.\.\/\.\.\/escaped-api: has a "\." or "\.\." segment; skipped/),
        expect.stringMatching(/site redirect \/%2e%2e\/%2e%2e\/escaped-api-encoded/),
      ]),
    );
  });

  it("gives two hostile sibling pages distinct paths (the export's rule: untitled, untitled-1), losing neither", async () => {
    const space = await syncedSpace(markdownSpace({ 'README.md': '# Home\n\nWelcome.\n', 'guide.md': '# Guide\n\nSteps.\n' }), 'Siblings');
    const { store } = space;
    const record = (await store.content.space(space.spaceId))!;
    const content = await store.revisions.content(record.revisionId);
    const guide = content.pages.find((p) => p.slug === 'guide')!;
    const hostile = async (slug: string, body: string): Promise<DocumentPage> => {
      const blob = await store.blobs.put(Buffer.from(`# ${body}\n\n${body} body.\n`, 'utf8'));
      return {
        id: newId(),
        kind: 'document',
        title: body,
        slug,
        path: `guide/${slug}`,
        parentId: guide.id,
        hidden: false,
        blob,
        git: { oid: blob, path: null as unknown as string },
      };
    };
    const pages = [...content.pages, await hostile('..', 'Dots'), await hostile('%2e%2e', 'Encoded')];
    const id = newId();
    const now = new Date().toISOString();
    await store.tx(async () => {
      await store.revisions.insert(
        { id, spaceId: space.spaceId, parents: [record.revisionId], type: 'edits', git: null, createdAt: now },
        { ...content, pages },
      );
      await store.content.setSpaceRevision(space.spaceId, record.revisionId, id, now);
    });

    const out = tempDir('siblings');
    const input = await spaceSite(space.domain, space.caller, space.spaceId);
    await buildSite(input, siteSources(space.domain), { out, strictLinks: false, renderWorkers: false });
    expect(readFileSync(join(out, 'guide/untitled/index.html'), 'utf8')).toContain('Dots body.');
    expect(readFileSync(join(out, 'guide/untitled-1/index.html'), 'utf8')).toContain('Encoded body.');
    expect(readFileSync(join(out, 'guide/untitled.md'), 'utf8')).toContain('Dots body.');
    expect(readFileSync(join(out, 'guide/untitled-1.md'), 'utf8')).toContain('Encoded body.');
    const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('/guide/untitled/');
    expect(sitemap).toContain('/guide/untitled-1/');
  });

  it("leaves the site's assets untouched, and writes again one removed or changed by hand (at its size or not)", async () => {
    const space = await syncedSpace(markdownSpace({ 'README.md': '# Home\n\nWelcome.\n' }), 'Assets');
    const out = tempDir('assets');
    await space.build(out);
    const files = siteAssets().files.map((f) => ({ ...f, full: join(out, f.path) }));
    const past = new Date('2020-01-01T00:00:00Z');
    for (const { full } of files) utimesSync(full, past, past);
    const [removed, edited, sameSize, ...kept] = files;
    rmSync(removed!.full);
    writeFileSync(edited!.full, '/* changed by hand */');
    const flipped = Buffer.from(sameSize!.bytes);
    flipped[flipped.length >> 1]! ^= 1;
    writeFileSync(sameSize!.full, flipped);
    await space.build(out);
    for (const { full, bytes } of files) expect(readFileSync(full).equals(bytes), full).toBe(true);
    expect(statSync(edited!.full).mtimeMs).toBeGreaterThan(past.getTime());
    expect(statSync(sameSize!.full).mtimeMs).toBeGreaterThan(past.getTime());
    expect(kept.length).toBeGreaterThan(0);
    for (const { full } of kept) expect(statSync(full).mtimeMs, full).toBe(past.getTime());
    // Apart from the copied files: an earlier version of Quire removes the files its own manifest does not name.
    const manifest = JSON.parse(readFileSync(join(out, '.quire-build.json'), 'utf8')) as { files: object; assets: object };
    expect(Object.keys(manifest.assets).sort()).toEqual(files.map((f) => f.path).sort());
    for (const { path } of files) expect(manifest.files).not.toHaveProperty([path]);

    // A manifest naming them among the copied files (as this version's first commits did) removes none of them.
    const moved = { ...manifest, files: { ...manifest.files, ...manifest.assets }, assets: {} };
    writeFileSync(join(out, '.quire-build.json'), JSON.stringify(moved));
    await space.build(out);
    for (const { full, bytes } of files) expect(readFileSync(full).equals(bytes), full).toBe(true);
  });
});
