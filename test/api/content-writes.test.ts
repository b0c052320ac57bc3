// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { type ContentLocationPage, ImportContentSource } from '@gitbook/api';
import type { ValidateFunction } from 'ajv';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadSpec } from '../../src/server/openapi.js';
import { createAjv, refsToSpec } from '../../src/server/validation.js';
import { type SeededSpace, seedNormalizationSpace } from '../helpers/content.js';
import { useFixtureServer } from '../helpers/http-fixture.js';
import { statusOf, useServer } from '../helpers/server.js';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000020000000308060000009dc8c0a0', 'hex');
const remote = useFixtureServer({
  '/guide.md': { body: '---\ndescription: Fetched over http\n---\n\n# Remote guide\n\nPangolin paragraph.\n', type: 'text/markdown' },
  '/article.html': { body: '<html><head><title>Remote article</title></head><body><h2>Part</h2><p>Fetched <i>html</i></p></body></html>', type: 'text/html' },
  '/pixel': { body: png, type: 'application/octet-stream' },
});
// file: imports read only inside the import folder (DOCS_IMPORT_FOLDER, read when the server's domain is made).
const importFolder = mkdtempSync(join(tmpdir(), 'quire-import-'));
vi.stubEnv('DOCS_IMPORT_FOLDER', importFolder);
afterAll(() => vi.unstubAllEnvs());
const s = useServer();
const { document: newer } = loadSpec('newer');
const responseSchema = (
  newer.paths['/spaces/{spaceId}/change-requests/{changeRequestId}/content']!.post!.responses['200'] as {
    content: { 'application/json': { schema: object } };
  }
).content['application/json'].schema;
let validate: ValidateFunction | undefined;

/** POSTs to the 0.202 route (not in the 0.143.2 contract the helpers check) and checks 200s against the 0.202 schema. */
async function writeContent(spaceId: string, crId: string, changes: unknown[], compat?: boolean) {
  const query = compat === undefined ? '' : `?compat=${compat}`;
  const response = await fetch(`${s.url}/v1/spaces/${spaceId}/change-requests/${crId}/content${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes }),
  });
  const json = (await response.json()) as any;
  if (response.status === 200) {
    validate ??= createAjv(newer).compile(refsToSpec(responseSchema));
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
  } else expect(json).toEqual({ error: { code: response.status, message: expect.any(String) } });
  return { status: response.status, json };
}

async function setup(): Promise<{ space: SeededSpace; crId: string; revision: string }> {
  const space = await seedNormalizationSpace(s, `Writes ${Math.random()}`);
  const { data: cr } = await s.client().spaces.createChangeRequest(space.spaceId, { subject: 'Edit' });
  return { space, crId: cr.id, revision: cr.revision };
}

describe('updateChangeRequestContent', () => {
  it('inserts, updates and links pages in one revision, readable, linked and searchable once merged', async () => {
    const { space, crId, revision } = await setup();
    const lists = space.page('lists.md');
    const { status, json } = await writeContent(
      space.spaceId,
      crId,
      [
        {
          operation: 'insert_page',
          ref: 'new',
          title: 'Fresh start',
          document: { markdown: `Read [lists](/pages/${lists}) first.\n\nZanzibar xylophonist.\n` },
        },
        { operation: 'update_page', page: lists, title: 'All the lists', document: { markdown: 'See [the new page](./new.md).\n' } },
      ],
      false,
    );
    expect(status).toBe(200);
    expect(json.changeRequest.revision).not.toBe(revision);
    expect(json.changes.map((c: any) => c.object)).toEqual(['created_page', 'updated_page']);
    const created = json.changes[0].page.id as string;
    expect(json.changes[0]).toMatchObject({ ref: 'new', page: { object: 'page', urls: { location: expect.stringContaining(`/page/${created}`) } } });

    const api = s.client();
    const { data: page } = await api.spaces.getPageInChangeRequestById(space.spaceId, crId, created, { format: 'markdown' });
    expect(page).toMatchObject({ title: 'Fresh start', path: 'fresh-start', markdown: 'Read [lists](lists.md) first.\n\nZanzibar xylophonist.\n' });
    const { data: listsPage } = await api.spaces.getPageInChangeRequestById(space.spaceId, crId, lists, { format: 'markdown' });
    expect(listsPage).toMatchObject({ title: 'All the lists', markdown: 'See [the new page](fresh-start.md).\n' });
    const { data: backlinks } = await api.spaces.listChangeRequestPageBacklinks(space.spaceId, crId, lists);
    expect(JSON.stringify(backlinks.items)).toContain(created);

    await api.spaces.mergeChangeRequest(space.spaceId, crId);
    const { data: hits } = await api.spaces.searchSpaceContent(space.spaceId, { query: 'xylophonist' });
    expect(hits.items.map((h) => h.id)).toEqual([created]);
  });

  it('answers the change request with compat (the default), and uploads base64 files', async () => {
    const { space, crId } = await setup();
    const { status, json } = await writeContent(space.spaceId, crId, [
      { operation: 'insert_files', files: [{ name: 'dot.png', ref: 'dot', base64: png.toString('base64'), contentType: 'image/png' }] },
      { operation: 'insert_page', title: 'Picture', document: { markdown: '![dot](./dot)\n' } },
    ]);
    expect(status).toBe(200);
    expect(json).toMatchObject({ object: 'change-request', id: crId });
    const { data: files } = await s.client().spaces.listFilesInChangeRequestById(space.spaceId, crId);
    expect(files.items.find((f) => f.name === 'dot.png')).toMatchObject({ contentType: 'image/png', dimensions: { width: 2, height: 3 } });
  });

  it('uploads a file by URL from an allowed host, and links a new page to it by ref', async () => {
    const { space, crId } = await setup();
    const { status, json } = await writeContent(
      space.spaceId,
      crId,
      [
        { operation: 'insert_files', files: [{ name: 'pixel.png', ref: 'px', url: `${remote.url}/pixel` }] },
        { operation: 'insert_page', title: 'Remote picture', document: { markdown: '![pixel](./px)\n' } },
      ],
      false,
    );
    expect(status).toBe(200);
    expect(json.insertedFiles).toEqual([
      expect.objectContaining({ name: 'pixel.png', contentType: 'image/png', size: png.length, dimensions: { width: 2, height: 3 } }),
    ]);
    const api = s.client();
    const fileId = json.insertedFiles[0].id as string;
    const { data: file } = await api.spaces.getFileInChangeRequestById(space.spaceId, crId, fileId);
    const download = await fetch(file.downloadURL, { headers: { authorization: `Bearer ${s.ownerToken}` } });
    expect(Buffer.from(await download.arrayBuffer())).toEqual(png);
    expect(json.changes.map((c: any) => c.object)).toEqual(['created_page']);
    const pageId = json.changes[0].page.id as string;
    const { data: page } = await api.spaces.getPageInChangeRequestById(space.spaceId, crId, pageId, { format: 'markdown' });
    expect((page as { markdown: string }).markdown).toMatch(/!\[pixel\]\(\.gitbook\/assets\/pixel\.png\)/);
    const { data: backlinks } = await api.spaces.listChangeRequestFileBacklinks(space.spaceId, crId, fileId);
    expect((backlinks.items as ContentLocationPage[]).map((l) => [l.kind, l.page.id])).toEqual([['page', pageId]]);
  });

  it('rejects bad batches with 400 naming the field, and changes nothing', async () => {
    const { space, crId, revision } = await setup();
    const many = Array.from({ length: 51 }, () => ({ operation: 'delete_page', page: 'x' }));
    expect(await writeContent(space.spaceId, crId, many)).toMatchObject({ status: 400, json: { error: { message: expect.stringMatching(/^changes: /) } } });
    const partial = await writeContent(space.spaceId, crId, [
      { operation: 'insert_page', title: 'Kept?', document: {} },
      { operation: 'update_page', page: 'nope', title: 'x' },
    ]);
    expect(partial).toMatchObject({ status: 400, json: { error: { message: 'changes[1].page: no page nope in the change request' } } });
    const loopback = await writeContent(space.spaceId, crId, [{ operation: 'insert_files', files: [{ name: 'a.png', url: 'http://127.0.0.1:1/a.png' }] }]);
    expect(loopback.status).toBe(400);
    expect(loopback.json.error.message).toMatch(/^changes\[0\]\.files\[0\]\.url: .*private/);
    const { data: cr } = await s.client().spaces.getChangeRequestById(space.spaceId, crId);
    expect(cr.revision).toBe(revision);
    expect((await writeContent(space.spaceId, 'nope', [{ operation: 'delete_page', page: 'x' }])).status).toBe(404);
  });

  it('gives 403 to readers', async () => {
    const { space, crId } = await setup();
    const reader = await s.member('read');
    const response = await fetch(`${s.url}/v1/spaces/${space.spaceId}/change-requests/${crId}/content`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ changes: [{ operation: 'delete_page', page: space.page('lists.md') }] }),
    });
    expect(response.status).toBe(403);
  });
});

describe('imports', () => {
  const dataUrl = (type: string, text: string) => `data:${type};base64,${Buffer.from(text).toString('base64')}`;

  it('imports markdown and html from data: URLs into a change request, a page of it, and a page of the space', async () => {
    const { space, crId } = await setup();
    const api = s.client();
    const { data: result } = await api.spaces.importContentInChangeRequest(space.spaceId, crId, {
      source: ImportContentSource.Markdown,
      url: dataUrl('text/markdown', '# Imported\n\nFrom data.\n'),
    });
    expect(result).toMatchObject({ importedResources: 1, totalResources: 1 });
    const { data: tree } = await api.spaces.getRevisionOfChangeRequestById(space.spaceId, crId);
    expect(tree.id).toBe(result.revision);
    const imported = tree.pages.find((p) => p.title === 'Imported')!;

    const html = '<html><head><title>Quote page</title></head><body><p>Hello <b>world</b></p></body></html>';
    await api.spaces.importContentInChangeRequestPageById(space.spaceId, crId, imported.id, {
      source: ImportContentSource.Html,
      url: dataUrl('text/html', html),
    });
    const { data: page } = await api.spaces.getPageInChangeRequestById(space.spaceId, crId, imported.id, { format: 'markdown' });
    expect(page).toMatchObject({ title: 'Quote page', markdown: 'Hello **world**\n' });

    const lists = space.page('lists.md');
    const { data: live } = await api.spaces.importContentInPageById(space.spaceId, lists, {
      source: ImportContentSource.Markdown,
      url: dataUrl('text/plain', 'Replaced.\n'),
    });
    const { data: current } = await api.spaces.getPageById(space.spaceId, lists, { format: 'markdown' });
    expect(current).toMatchObject({ title: 'Lists', markdown: 'Replaced.\n' });
    const { data: spaceNow } = await api.spaces.getSpaceById(space.spaceId);
    expect(spaceNow.revision).toBe(live.revision);
  });

  it('imports markdown and html over http from an allowed host', async () => {
    const { space, crId } = await setup();
    const api = s.client();
    const { data: result } = await api.spaces.importContentInChangeRequest(space.spaceId, crId, {
      source: ImportContentSource.Markdown,
      url: `${remote.url}/guide.md`,
    });
    expect(result).toMatchObject({ importedResources: 1, totalResources: 1 });
    expect(remote.hits).toContain('/guide.md');
    const { data: tree } = await api.spaces.getRevisionOfChangeRequestById(space.spaceId, crId);
    expect(tree.id).toBe(result.revision);
    const guide = tree.pages.find((p) => p.title === 'Remote guide')!;
    const { data: page } = await api.spaces.getPageInChangeRequestById(space.spaceId, crId, guide.id, { format: 'markdown' });
    expect(page).toMatchObject({ description: 'Fetched over http', markdown: 'Pangolin paragraph.\n' });

    const quote = space.page('quote.md');
    await api.spaces.importContentInPageById(space.spaceId, quote, { source: ImportContentSource.Html, url: `${remote.url}/article.html` });
    const { data: live } = await api.spaces.getPageById(space.spaceId, quote, { format: 'markdown' });
    expect(live).toMatchObject({ title: 'Remote article', markdown: '### Part\n\nFetched _html_\n' });
    expect(
      await statusOf(api.spaces.importContentInChangeRequest(space.spaceId, crId, { source: ImportContentSource.Markdown, url: `${remote.url}/missing.md` })),
    ).toBe(400);
  });

  it('imports a file: URL for an organization admin', async () => {
    const { space, crId } = await setup();
    writeFileSync(join(importFolder, 'local.md'), '# Local file\n\nRead from disk.\n');
    const url = pathToFileURL(join(importFolder, 'local.md')).href;
    const api = s.client();
    const { data: result } = await api.spaces.importContentInChangeRequest(space.spaceId, crId, { source: ImportContentSource.Markdown, url });
    const { data: tree } = await api.spaces.getRevisionOfChangeRequestById(space.spaceId, crId);
    expect(tree.id).toBe(result.revision);
    const local = tree.pages.find((p) => p.title === 'Local file')!;
    const { data: page } = await api.spaces.getPageInChangeRequestById(space.spaceId, crId, local.id, { format: 'markdown' });
    expect((page as { markdown: string }).markdown).toBe('Read from disk.\n');
    const admin = await s.member('admin');
    expect(await statusOf(s.client(admin.token).spaces.importContentInChangeRequest(space.spaceId, crId, { source: ImportContentSource.Markdown, url }))).toBe(
      201,
    );
    expect(
      await statusOf(
        s.client((await s.member('create')).token).spaces.importContentInChangeRequest(space.spaceId, crId, { source: ImportContentSource.Markdown, url }),
      ),
    ).toBe(403);
  });

  it('refuses unsupported sources, file: URLs for non-admins and private http hosts', async () => {
    const { space, crId } = await setup();
    const editor = await s.member('edit');
    const call = (token: string, url: string, source = ImportContentSource.Markdown) =>
      statusOf(s.client(token).spaces.importContentInChangeRequest(space.spaceId, crId, { source, url }));
    expect(await call(s.ownerToken, dataUrl('text/plain', 'x'), ImportContentSource.Docx)).toBe(400);
    expect(await call(s.ownerToken, 'https://example.com/x', ImportContentSource.Notion)).toBe(400);
    expect(await call(editor.token, 'file:///etc/hostname.md')).toBe(403);
    expect(await call(s.ownerToken, 'http://127.0.0.1:9/x.md')).toBe(400);
  });
});
