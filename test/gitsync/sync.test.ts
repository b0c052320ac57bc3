// backends: SQLite, and PostgreSQL in the domain-postgres project.
// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PARSED_PAGE_VERSION } from '../../src/content/parsed-page.js';
import type { DocumentPage } from '../../src/model/index.js';
import { CORPORA, setup } from './helpers.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quire-gitsync-'));
  temps.push(dir);
  return dir;
}

/** A writable tree from `files` (path -> text or bytes). */
function tree(files: Record<string, string | Uint8Array>): string {
  const dir = tempDir();
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), body);
  }
  return dir;
}

function writableCopy(corpus: string): string {
  const dir = join(tempDir(), corpus);
  cpSync(join(CORPORA, corpus), dir, { recursive: true });
  const walk = (path: string) => {
    chmodSync(path, 0o755);
    for (const entry of execFileSync('ls', ['-A', path]).toString().split('\n').filter(Boolean)) {
      const child = join(path, entry);
      if (execFileSync('stat', ['-c', '%F', child]).toString().startsWith('directory')) walk(child);
      else chmodSync(child, 0o644);
    }
  };
  walk(dir);
  return dir;
}

const contentOf = async (store: Awaited<ReturnType<typeof setup>>['store'], spaceId: string) =>
  await store.revisions.content((await store.content.space(spaceId))!.revisionId);

describe('syncing a directory', () => {
  it('keeps page and file ids across syncs, counts changes, and keeps the id of a renamed page', async () => {
    const dir = writableCopy('git-sync-normalization');
    const { sync, store } = await setup();
    const [first] = await sync(dir, { space: 'Normalization' });
    const before = await contentOf(store, first!.space.id);

    writeFileSync(join(dir, 'quote.md'), '# Quote\n\n> A changed quote.\n');
    renameSync(join(dir, 'emoji.md'), join(dir, 'emojis.md'));
    writeFileSync(join(dir, 'SUMMARY.md'), execFileSync('sed', ['s/(emoji.md)/(emojis.md)/', join(dir, 'SUMMARY.md')]));
    const [second] = await sync(dir, { space: 'Normalization' });
    expect(second!.space.id).toBe(first!.space.id);
    expect(second).toMatchObject({ pagesAdded: 0, pagesRemoved: 0, pagesChanged: 2 });
    const after = await contentOf(store, first!.space.id);
    expect(after.pages.map((p) => p.id)).toEqual(before.pages.map((p) => p.id));
    expect(after.files.map((f) => f.id)).toEqual(before.files.map((f) => f.id));
    const renamed = after.pages.find((p) => p.kind === 'document' && p.git?.path === 'emojis.md') as DocumentPage;
    expect(renamed.id).toBe(before.pages.find((p) => p.kind === 'document' && p.git?.path === 'emoji.md')!.id);
    expect((await store.revisions.get(second!.revisionId!))!.parents).toEqual([first!.revisionId]);

    rmSync(join(dir, 'quote.md'));
    const [third] = await sync(dir, { space: 'Normalization' });
    expect(third).toMatchObject({ pagesAdded: 0, pagesRemoved: 1 });
    expect(third!.warnings.some((w) => w.includes('quote.md') && w.includes('does not exist'))).toBe(true);
  });

  it("drops the parse records another version of Quire left, and keeps this one's", async () => {
    const dir = tree({ 'README.md': '# Home\n\nWelcome.\n', 'guide.md': '# Guide\n\nSteps.\n' });
    const { sync, store } = await setup();
    const [first] = await sync(dir, { space: 'Pruned' });
    const oids = (await contentOf(store, first!.space.id)).pages.flatMap((p) => (p.kind === 'document' ? [p.blob] : []));
    await store.parsed.putMany(
      oids.map((oid) => ({ oid, data: { stale: true } })),
      PARSED_PAGE_VERSION - 1,
    );
    writeFileSync(join(dir, 'guide.md'), '# Guide\n\nMore steps.\n');
    await sync(dir, { space: 'Pruned' });
    expect((await store.parsed.known(oids, PARSED_PAGE_VERSION - 1)).size).toBe(0);
    expect((await store.parsed.known(oids, PARSED_PAGE_VERSION)).size).toBe(oids.length);

    // A clean-up that fails does not fail the sync that landed: it is a warning.
    store.parsed.prune = async () => {
      throw new Error('database is locked');
    };
    writeFileSync(join(dir, 'guide.md'), '# Guide\n\nEven more steps.\n');
    const [third] = await sync(dir, { space: 'Pruned' });
    expect(third!.revisionId).not.toBeNull();
    expect(third!.warnings.some((w) => w.includes('not dropped') && w.includes('database is locked'))).toBe(true);
  });

  it('does nothing at all when the tree did not change', async () => {
    const { sync, store } = await setup();
    const dir = join(CORPORA, 'git-sync-normalization');
    await sync(dir, { space: 'Same' });
    const snapshot = await store.snapshot();
    const [again] = await sync(dir, { space: 'Same' });
    expect(again).toMatchObject({ revisionId: null, pagesAdded: 0, pagesChanged: 0, pagesRemoved: 0 });
    expect(await store.snapshot()).toEqual(snapshot);
  });

  it('reads commits of a real git repository, with the commit on the revision', async () => {
    const dir = join(tempDir(), 'repo');
    execFileSync('git', ['clone', '--quiet', join(CORPORA, 'git-sync-normalization.bundle'), dir]);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir }).toString().trim();
    const { sync, store } = await setup();
    const [head] = await sync(dir, { space: 'Repo' });
    const revision = (await store.revisions.get(head!.revisionId!))!;
    expect(revision.git).toEqual({ oid: git('rev-parse', 'HEAD'), message: git('log', '-1', '--format=%B'), ref: 'HEAD', createdByService: false });
    const content = await contentOf(store, head!.space.id);
    for (const page of content.pages) {
      if (page.kind === 'document') expect(page.git!.oid).toBe(git('rev-parse', `HEAD:${page.git!.path}`));
    }
    expect(await store.revisions.syncState(head!.space.id)).toMatchObject({ commit: git('rev-parse', 'HEAD'), ref: 'HEAD' });

    const snapshot = await store.snapshot();
    expect((await sync(dir, { space: 'Repo' }))[0]!.revisionId).toBeNull();
    expect(await store.snapshot()).toEqual(snapshot);

    const old = git('rev-list', '--max-parents=0', 'HEAD').split('\n')[0]!;
    // The first commit had one page of the 19: going back to it is a mass removal, allowed here.
    await expect(sync(dir, { space: 'Repo', ref: old.slice(0, 10) })).rejects.toThrow(/would remove 18 of the 19 pages of "Repo"/);
    const [back] = await sync(dir, { space: 'Repo', ref: old.slice(0, 10), allowMassRemoval: true });
    expect((await store.revisions.get(back!.revisionId!))!.git).toMatchObject({ oid: old });
    await expect(sync(dir, { space: 'Repo', ref: 'no-such-branch' })).rejects.toThrow(/--ref no-such-branch/);
  });

  it('infers the page tree from folders when there is no SUMMARY', async () => {
    const dir = tree({
      'README.md': '# Welcome\n\nHello.\n',
      'guide/README.md': '# The guide\n',
      'guide/b-second.md': '# Second\n',
      'guide/a-first.md': 'No heading here.\n',
      'reference/api.md': '# API\n',
      '.gitbook/includes/note.md': '---\ntitle: A note\n---\n\nReused.\n',
      '.gitbook/vars.yaml': 'product: Quire\nversion: 2\n',
    });
    const { sync, store } = await setup();
    const [report] = await sync(dir, { space: 'Inferred' });
    const content = await contentOf(store, report!.space.id);
    expect(content.pages.map((p) => [p.kind, p.title, p.path])).toEqual([
      ['document', 'Welcome', ''],
      ['document', 'The guide', 'guide'],
      ['document', 'A first', 'guide/a-first'],
      ['document', 'Second', 'guide/b-second'],
      ['group', 'Reference', 'reference'],
      ['document', 'API', 'reference/api'],
    ]);
    expect(content.reusableContents).toMatchObject([{ title: 'A note', git: { path: '.gitbook/includes/note.md' } }]);
    expect(content.variables).toEqual({ product: 'Quire', version: 2 });
  });

  it('maps frontmatter to page metadata and SUMMARY items to groups, links and computed pages', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEElEQVR4nGP4z8DAwMDAAAAS/AH/gl3z2QAAAABJRU5ErkJggg==', 'base64');
    const dir = tree({
      'SUMMARY.md': [
        '# Table of contents',
        '',
        '* [Home](README.md)',
        '',
        '## Get Started <a href="#start" id="start"></a>',
        '',
        '* [Quickstart](start/quickstart.md "Quick")',
        '  * [Anchor](start/quickstart.md#step-2)',
        '* [Elsewhere](https://example.com/docs)',
        '* ```yaml',
        '  type: builtin:openapi',
        '  props:',
        '    models: true',
        '  dependencies:',
        '    spec:',
        '      ref: {kind: openapi, spec: petstore}',
        '  ```',
        '',
      ].join('\n'),
      'README.md':
        '---\ndescription: The home page\nicon: house\nlayout:\n  width: wide\n  cover: {visible: true, size: hero}\n  title: {visible: false}\ncover: .gitbook/assets/cover.png\ncoverY: 12\nweight: 3\n---\n\n# Home\n\nText.\n',
      'start/quickstart.md': '---\nhidden: true\nnoIndex: true\nnoRobotsIndex: true\n---\n\n# Quickstart\n\n## Step 2\n',
      '.gitbook/assets/cover.png': png,
      '.gitbook/assets/guide.pdf': 'not really a pdf',
    });
    const { sync, store } = await setup();
    const [report] = await sync(dir, { space: 'Metadata' });
    const content = await contentOf(store, report!.space.id);
    const cover = content.files.find((f) => f.name === 'cover.png')!;
    expect(cover).toMatchObject({ contentType: 'image/png', size: png.byteLength, dimensions: { width: 2, height: 3 } });
    expect(content.files.find((f) => f.name === 'guide.pdf')).toMatchObject({ contentType: 'application/pdf', size: 16 });
    const [home, group, quick, anchor, link, computed] = content.pages;
    expect(home).toMatchObject({
      kind: 'document',
      title: 'Home',
      path: '',
      description: 'The home page',
      icon: 'house',
      hidden: false,
      layout: { width: 'wide', cover: true, coverSize: 'hero', title: false },
      cover: { ref: { kind: 'file', file: cover.id }, yPos: 12 },
    });
    expect(group).toMatchObject({ kind: 'group', title: 'Get Started', slug: 'start', path: 'start', parentId: null });
    expect(quick).toMatchObject({
      kind: 'document',
      title: 'Quickstart',
      linkTitle: 'Quick',
      path: 'start/quickstart',
      parentId: group!.id,
      hidden: true,
      noIndex: true,
      noRobotsIndex: true,
    });
    expect(anchor).toMatchObject({ kind: 'link', parentId: quick!.id, target: { kind: 'page', page: quick!.id, anchor: 'step-2' } });
    expect(link).toMatchObject({ kind: 'link', title: 'Elsewhere', target: { kind: 'url', url: 'https://example.com/docs' } });
    expect(computed).toMatchObject({ kind: 'computed', source: 'builtin:openapi', props: { models: true } });
    expect(report!.warnings).toEqual([]);
  });
});

describe('bad input', () => {
  it('reports problems as warnings, reads nothing outside the repository, and does not crash', async () => {
    const outside = tree({ 'secret.md': '# Secret\n\nDo not import me.\n' });
    const big = Buffer.alloc(50 * 1024 * 1024, 'a');
    const dir = tree({
      '.gitbook.yaml': 'root: ./\nstructure: [unclosed\n',
      'SUMMARY.md': [
        '# Summary',
        '* [Home](README.md)',
        '* [Broken front](broken.md)',
        '* [Passwords](../../etc/passwd)',
        '* [Escape](../secret.md)',
        '* [Missing](missing.md)',
        '* [Home again](README.md)',
        '* [Binary](binary.md)',
        '* [Huge](huge.md)',
        '* [Linked](linked.md)',
      ].join('\n'),
      'README.md': '# Home\n',
      'broken.md': '---\ndescription: "unclosed\n: : :\n---\n\n# Broken front\n',
      'binary.md': Buffer.from([0x23, 0x20, 0x42, 0x00, 0xff, 0xfe, 0x00, 0x01]),
      'huge.md': big,
    });
    symlinkSync(join(outside, 'secret.md'), join(dir, 'linked.md'));
    symlinkSync(outside, join(dir, 'outside-dir'));
    const { sync, store } = await setup();
    const [report] = await sync(dir, { space: 'Bad' });
    const content = await contentOf(store, report!.space.id);
    expect(content.pages.map((p) => p.title)).toEqual(['Home', 'Broken front', 'Binary']);
    const warnings = report!.warnings.join('\n');
    expect(warnings).toMatch(/\.gitbook\.yaml: invalid YAML/);
    expect(warnings).toMatch(/broken\.md: invalid frontmatter/);
    expect(warnings).toMatch(/etc\/passwd.*outside the repository/);
    expect(warnings).toMatch(/secret\.md.*outside the repository/);
    expect(warnings).toMatch(/missing\.md, which does not exist/);
    expect(warnings).toMatch(/duplicate page "README\.md"/);
    expect(warnings).toMatch(/binary\.md: binary content/);
    expect(warnings).toMatch(/huge\.md: 50\.0 MB is over the 8 MB page limit/);
    expect(warnings).toMatch(/linked\.md: symbolic link skipped/);
    expect(warnings).toMatch(/outside-dir: symbolic link skipped/);
    expect(JSON.stringify(await store.snapshot())).not.toContain('Do not import me');
  });

  it('refuses a directory that does not exist', async () => {
    const { sync } = await setup();
    await expect(sync(join(tempDir(), 'nope'), { space: 'X' })).rejects.toThrow(/no such directory/);
  });
});
