import { ImportContentSource } from '@gitbook/api';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentPage, RevisionContent } from '../../src/model/index.js';
import { docx, png, zip } from '../domain/imports/zip-writer.js';
import { statusOf } from '../helpers/server.js';
import { bytes, html, useImportServer, useSite } from '../helpers/import-server.js';

const folder = mkdtempSync(join(tmpdir(), 'quire-imports-'));
const outside = mkdtempSync(join(tmpdir(), 'quire-outside-'));
afterAll(() => [folder, outside].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const site = useSite({
  '/docs/page.md': bytes(
    Buffer.from(
      '# Remote page\n\nA dot: ![Dot](img/dot.png)\n\n<figure><img src="https://127.0.0.1:9/private.png" alt=""><figcaption></figcaption></figure>\n',
    ),
    'text/markdown',
  ),
  '/docs/img/dot.png': bytes(png(), 'image/png'),
  '/docs/article.html': html('<title>Article</title><main><h2>Part</h2><p>Text <img src="img/dot.png" alt="Dot"></p></main>'),
  '/book.zip': (_, res) => res.writeHead(200, { 'content-type': 'application/zip' }).end(book()),
});
const s = useImportServer({ crawlDelayMs: 0, timeoutMs: 2_000, folder }, () => [site.host]);

const dataUrl = (type: string, data: Buffer | string) => `data:${type};base64,${Buffer.from(data).toString('base64')}`;
const content = async (revisionId: string): Promise<RevisionContent> => await s.store.revisions.content(revisionId);
const body = async (c: RevisionContent, title: string) =>
  (await s.store.blobs.get((c.pages.find((p) => p.title === title) as DocumentPage).blob))!.toString('utf8');
const outline = (c: RevisionContent) => c.pages.map((p) => [p.kind, p.title, p.parentId && c.pages.find((q) => q.id === p.parentId)!.title]);

/** A GitBook-style tree in a folder: SUMMARY with a group, frontmatter, relative links and assets. */
function book(): Buffer {
  return zip([
    { name: 'book/README.md', data: '# Welcome\n\nStart with the [setup](guide/setup.md#install) or see ![the logo](.gitbook/assets/logo.png).\n' },
    {
      name: 'book/SUMMARY.md',
      data: '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide/README.md)\n  * [Setup](guide/setup.md)\n\n## Reference\n\n* [API](reference/api.md)\n',
    },
    { name: 'book/guide/README.md', data: '# Guide\n\nThe guide. Back [home](../README.md).\n' },
    {
      name: 'book/guide/setup.md',
      data: '---\ndescription: How to install\n---\n\n# Setup\n\n## Install\n\nA diagram: ![diagram](../images/diagram.png)\n\n[API](../reference/api.md)\n',
    },
    { name: 'book/reference/api.md', data: '# API\n\nEndpoints.\n' },
    { name: 'book/images/diagram.png', data: png(), store: true },
    { name: 'book/images/unused.png', data: png(), store: true },
    { name: 'book/.gitbook/assets/logo.png', data: png(), store: true },
    { name: 'book/notes.txt', data: 'not a page' },
  ]);
}

describe('importContent from files', () => {
  it('imports a zip like a Git Sync tree: SUMMARY structure, groups, frontmatter, links and assets', async () => {
    const spaceId = await s.space('Zip');
    const { data } = await s.client().spaces.importContent(spaceId, { source: ImportContentSource.Zip, url: dataUrl('application/zip', book()) });
    // 4 pages and 2 files (the logo of .gitbook/assets and the diagram a page shows; not the unused image).
    expect(data).toMatchObject({ importedResources: 6, totalResources: 6 });
    const c = await content(data.revision);
    expect(outline(c)).toEqual([
      ['document', 'Welcome', null],
      ['document', 'Guide', null],
      ['document', 'Setup', 'Guide'],
      ['group', 'Reference', null],
      ['document', 'API', 'Reference'],
    ]);
    expect(c.files.map((f) => f.name).sort()).toEqual(['diagram.png', 'logo.png']);
    expect((c.pages[2] as DocumentPage).description).toBe('How to install');
    expect(await body(c, 'Welcome')).toBe('# Welcome\n\nStart with the [setup](guide/setup.md#install) or see ![the logo](.gitbook/assets/logo.png).\n');
    expect(await body(c, 'Setup')).toBe(
      '---\ndescription: How to install\n---\n\n# Setup\n\n## Install\n\nA diagram: ![diagram](../.gitbook/assets/diagram.png)\n\n[API](../reference/api.md)\n',
    );
    const { data: links } = await s.client().spaces.listSpaceLinks(spaceId);
    expect(links.items.filter((l) => l.status !== 'ok')).toEqual([]);
  });

  it('reads a zip over http and from the import folder, into a change request and under a page', async () => {
    const spaceId = await s.space('Zip targets');
    const api = s.client();
    const { data: first } = await api.spaces.importContent(spaceId, {
      source: ImportContentSource.Markdown,
      url: dataUrl('text/markdown', '# Landing\n\nHi.\n'),
    });
    const landing = (await content(first.revision)).pages[0]!.id;
    const { data: under } = await api.spaces.importContentInPageById(spaceId, landing, { source: ImportContentSource.Zip, url: `${site.url}/book.zip` });
    const c = await content(under.revision);
    // The page takes the tree's first page; the other top pages (the group becomes a page here) go under it.
    expect(outline(c)).toEqual([
      ['document', 'Welcome', null],
      ['document', 'Guide', 'Welcome'],
      ['document', 'Setup', 'Guide'],
      ['document', 'Reference', 'Welcome'],
      ['document', 'API', 'Reference'],
    ]);
    expect(c.pages[0]!.id).toBe(landing);

    writeFileSync(join(folder, 'book.zip'), book());
    const { data: cr } = await api.spaces.createChangeRequest(spaceId, { subject: 'Zip from disk' });
    const { data: inCr } = await api.spaces.importContentInChangeRequest(spaceId, cr.id, {
      source: ImportContentSource.Zip,
      url: pathToFileURL(join(folder, 'book.zip')).href,
    });
    expect(inCr).toMatchObject({ importedResources: 6, totalResources: 6 });
    const { data: tree } = await api.spaces.getRevisionOfChangeRequestById(spaceId, cr.id);
    expect(tree.pages.filter((p) => p.title === 'Welcome')).toHaveLength(2);
  });

  it('imports markdown and html with their images, and docx documents', async () => {
    const spaceId = await s.space('Single pages');
    const api = s.client();
    const { data: md } = await api.spaces.importContent(spaceId, { source: ImportContentSource.Markdown, url: `${site.url}/docs/page.md` });
    // The page and its image; the image on a private host is reported, not fetched.
    expect(md).toMatchObject({ importedResources: 2, totalResources: 3 });
    let c = await content(md.revision);
    expect(await body(c, 'Remote page')).toContain('A dot: ![Dot](.gitbook/assets/dot.png)');
    expect(await body(c, 'Import report')).toContain('`https://127.0.0.1:9/private.png`: 127.0.0.1 is a loopback or private address');

    const { data: page } = await api.spaces.importContent(spaceId, { source: ImportContentSource.Html, url: `${site.url}/docs/article.html` });
    expect(page).toMatchObject({ importedResources: 2, totalResources: 2 });
    c = await content(page.revision);
    expect(await body(c, 'Article')).toBe('# Article\n\n### Part\n\nText ![Dot](<.gitbook/assets/dot (1).png>)\n');

    const { data: word } = await api.spaces.importContent(spaceId, {
      source: ImportContentSource.Docx,
      url: dataUrl('application/vnd.openxmlformats-officedocument.wordprocessingml.document', docx({ image: true })),
    });
    expect(word).toMatchObject({ importedResources: 2, totalResources: 2 });
    c = await content(word.revision);
    expect(await body(c, 'Quarterly handbook')).toBe(
      '# Quarterly handbook\n\nWombats are **sturdy**.\n\n### Details\n\nSecond paragraph.\n\n![A dot](.gitbook/assets/image-1.png)\n',
    );
    expect(c.files.find((f) => f.name === 'image-1.png')).toMatchObject({ contentType: 'image/png', dimensions: { width: 1, height: 1 } });
  });

  it('refuses file: URLs outside the import folder, to non-admins, and through symbolic links', async () => {
    const spaceId = await s.space('File refusals');
    const revision = (await s.store.content.space(spaceId))!.revisionId;
    writeFileSync(join(outside, 'secret.md'), '# Secret\n');
    mkdirSync(join(folder, 'sub'), { recursive: true });
    writeFileSync(join(folder, 'sub', 'ok.md'), '# Fine\n');
    symlinkSync(join(outside, 'secret.md'), join(folder, 'escape.md'));
    const call = (url: string, token?: string, source = ImportContentSource.Markdown) =>
      s.request('POST', `/spaces/${spaceId}/content/import`, { url, source }, token);
    const outsideMessage = /^url: .* is outside the import folder \(imports\.folder\)$/;
    expect((await call(pathToFileURL(join(outside, 'secret.md')).href)).json.error.message).toMatch(outsideMessage);
    expect((await call(`${pathToFileURL(folder).href}/sub/../../${outside.split('/').pop()}/secret.md`)).json.error.message).toMatch(outsideMessage);
    expect((await call(pathToFileURL(join(folder, 'escape.md')).href)).json.error.message).toMatch(outsideMessage);
    expect((await call('file:///etc/passwd')).status).toBe(400);
    expect((await call(pathToFileURL(join(folder, 'nothing.md')).href)).json.error.message).toMatch(/^url: no file at /);
    expect((await call(pathToFileURL(join(folder, 'sub', 'ok.md')).href, undefined, ImportContentSource.Zip)).json.error.message).toMatch(/extension/);
    expect((await call(pathToFileURL(join(folder, 'sub', 'ok.md')).href, await s.member('create'))).status).toBe(403);
    expect((await s.store.content.space(spaceId))!.revisionId).toBe(revision);
    expect((await call(pathToFileURL(join(folder, 'sub', 'ok.md')).href, await s.member('admin'))).status).toBe(201);
  });

  it('refuses malformed zips, zip bombs, entries outside the archive and files that are not what they claim, changing nothing', async () => {
    const spaceId = await s.space('Zip refusals');
    const revision = (await s.store.content.space(spaceId))!.revisionId;
    const call = async (data: Buffer, source = ImportContentSource.Zip) => {
      const answer = await s.request('POST', `/spaces/${spaceId}/content/import`, { url: dataUrl('application/zip', data), source });
      expect(answer.status).toBe(400);
      return answer.json.error.message as string;
    };
    expect(await call(Buffer.from('PK\u0003\u0004 not really a zip'))).toMatch(/^url: not a readable zip archive/);
    expect(await call(zip([{ name: 'README.md', data: '# Hi\n' }]).subarray(0, 60))).toMatch(/^url: not a readable zip archive/);
    expect(
      await call(
        zip([
          { name: 'README.md', data: '# Hi\n' },
          { name: '../../etc/cron.d/evil', data: 'x' },
        ]),
      ),
    ).toMatch(/points outside the archive/);
    expect(await call(zip([{ name: 'README.md', data: Buffer.alloc(8 * 1024 * 1024, 0x20) }]))).toMatch(/refused as a zip bomb/);
    expect(await call(zip([{ name: 'README.md', data: 'x'.repeat(3_000_000), declaredSize: 20 }]))).toMatch(/^url: /);
    expect(await call(zip([{ name: 'notes.txt', data: 'no pages' }]))).toBe('url: the archive holds no markdown page');
    expect(await call(Buffer.from('not a word document'), ImportContentSource.Docx)).toMatch(/^url: not a readable zip archive/);
    expect(await call(Buffer.from([0xff, 0xfe, 0x00]), ImportContentSource.Markdown)).toBe('url: the content is not UTF-8 text');
    expect(await statusOf(s.client().spaces.importContent(spaceId, { source: ImportContentSource.Zip, url: 'gopher://example.com/x.zip' }))).toBe(400);
    expect((await s.store.content.space(spaceId))!.revisionId).toBe(revision);
  });
});
