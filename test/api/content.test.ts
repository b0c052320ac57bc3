// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { ContentReferenceStatus } from '@gitbook/api';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SeededSpace, seedNormalizationSpace } from '../helpers/content.js';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();
let space: SeededSpace;
beforeAll(async () => {
  space = await seedNormalizationSpace(s);
});

describe('current revision, pages and files', () => {
  it('reads the current revision with its page tree, files and git metadata', async () => {
    const api = s.client();
    const { data: revision } = await api.spaces.getCurrentRevision(space.spaceId);
    expect(revision).toMatchObject({ object: 'revision', id: space.revisionId, type: 'edits' });
    expect(revision.git).toMatchObject({ oid: space.commit, createdByGitBook: false });
    expect(revision.git?.message?.trim()).toBe('Import');
    expect(revision.pages.map((p) => p.title)).toEqual([
      'Git Sync',
      'Simple paragraph text formatting',
      'Images',
      'Lists',
      'Math formulas',
      'Emoji',
      'Code block',
      'Quote',
      'Tables',
      'Hint',
      'Page link',
      'Tabs',
      'Embeds',
      'API Blocks',
      'Drawing',
      'Content reference',
      'GitHub',
      'Dangling',
      'This is a group',
    ]);
    const group = revision.pages.find((p) => p.type === 'group')!;
    expect(group.type === 'group' && group.pages.map((p) => (p as { path: string }).path)).toEqual([
      'this-is-a-group/this-is-the-first-page-in-a-group',
      'this-is-a-group/this-is-the-second-page-in-a-group',
    ]);
    expect(revision.files.map((f) => f.name)).toEqual(['file.drawing.svg', 'sofianna-customer-avatar.png']);
    expect(revision.variables).toEqual({ product: 'Quire' });

    const { data: bare } = await api.spaces.getCurrentRevision(space.spaceId, { metadata: false });
    expect(bare.git).toBeUndefined();
    expect(bare.files[0]!.git).toBeUndefined();
  });

  it('lists pages as a tree, with metadata and no body', async () => {
    const { data } = await s.client().spaces.listPages(space.spaceId);
    const lists = data.pages.find((p) => p.id === space.page('lists.md'))!;
    expect(lists).toMatchObject({ type: 'document', kind: 'sheet', title: 'Lists', path: 'lists', description: 'Ordered and unordered lists' });
    expect(lists).not.toHaveProperty('markdown');
    expect(lists.type === 'document' && lists.git?.path).toBe('lists.md');
    const link = data.pages.find((p) => p.type === 'link')!;
    expect(link).toMatchObject({ target: { kind: 'url', url: 'https://github.com/GitbookIO/git-sync-normalization' } });
  });

  it('lists and reads files, paginated, and 404s unknown ones', async () => {
    const api = s.client();
    const first = await api.spaces.listFiles(space.spaceId, { limit: 1 });
    expect(first.data.count).toBe(2);
    expect(first.data.items.map((f) => f.name)).toEqual(['file.drawing.svg']);
    const second = await api.spaces.listFiles(space.spaceId, { limit: 1, page: first.data.next!.page });
    expect(second.data.items.map((f) => f.name)).toEqual(['sofianna-customer-avatar.png']);
    expect(second.data.next).toBeUndefined();

    const { data: png } = await api.spaces.getFileById(space.spaceId, space.file('.gitbook/assets/sofianna-customer-avatar.png'));
    expect(png).toMatchObject({ contentType: 'image/png', size: 12813 });
    expect(png.dimensions?.width).toBeGreaterThan(0);
    expect(await statusOf(api.spaces.getFileById(space.spaceId, 'nope'))).toBe(404);
  });

  it('serves file bytes at downloadURL, equal to the corpus file, with the API token', async () => {
    const path = '.gitbook/assets/sofianna-customer-avatar.png';
    const { data: file } = await s.client().spaces.getFileById(space.spaceId, space.file(path));
    const response = await fetch(file.downloadURL, { headers: { authorization: `Bearer ${s.ownerToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(`${space.dir}/${path}`))).toBe(true);

    expect((await fetch(file.downloadURL)).status).toBe(401);
    const outsider = await s.member('none');
    expect((await fetch(file.downloadURL, { headers: { authorization: `Bearer ${outsider.token}` } })).status).toBe(403);
    const missing = file.downloadURL.replace(`/files/${file.id}/`, '/files/nope/');
    expect((await fetch(missing, { headers: { authorization: `Bearer ${s.ownerToken}` } })).status).toBe(404);
  });
});

describe('pages by id and by path', () => {
  it('returns markdown without frontmatter or the title H1', async () => {
    const { data } = await s.client().spaces.getPageById(space.spaceId, space.page('lists.md'), { format: 'markdown' });
    const markdown = (data as { markdown: string }).markdown;
    expect(markdown.startsWith('### Ordered list\n')).toBe(true);
    expect(markdown).not.toContain('description:');
    expect(markdown).toContain('* Nested item 2');
  });

  it('returns the document JSON, with page links as page references', async () => {
    const api = s.client();
    const { data } = await api.spaces.getPageById(space.spaceId, space.page('content-reference.md'), { format: 'document' });
    const document = (data as { document: { object: string; nodes: unknown[] } }).document;
    expect(document.object).toBe('document');
    expect(JSON.stringify(document)).toContain(JSON.stringify({ kind: 'anchor', anchor: 'unordered-list', page: space.page('lists.md') }));

    const { data: byId } = await api.spaces.getDocumentById(space.spaceId, (data as { documentId: string }).documentId);
    expect(byId).toEqual(document);
    expect(await statusOf(api.spaces.getDocumentById(space.spaceId, 'f'.repeat(40)))).toBe(404);
  });

  it('evaluates variable expressions only when asked', async () => {
    const api = s.client();
    const id = space.page('dangling.md');
    const { data: raw } = await api.spaces.getPageById(space.spaceId, id, { format: 'markdown' });
    expect((raw as { markdown: string }).markdown).toContain('Made by <code class="expression">space.vars.product</code>.');
    const { data: evaluated } = await api.spaces.getPageById(space.spaceId, id, { format: 'markdown', evaluated: true });
    expect((evaluated as { markdown: string }).markdown).toContain('Made by Quire.');
  });

  it('finds pages by nested path, raw or encoded, and 404s groups-only misses', async () => {
    const api = s.client();
    const nested = 'this-is-a-group/this-is-the-first-page-in-a-group';
    const { data } = await api.spaces.getPageByPath(space.spaceId, nested, { format: 'markdown' });
    expect(data).toMatchObject({ id: space.page(`${nested}.md`), title: 'This is the first page in a group' });
    expect((data as { markdown: string }).markdown.trim()).toBe('First page in a group');

    const raw = await s.request('GET', `/v1/spaces/${space.spaceId}/content/path/${nested}`);
    expect(raw.status).toBe(200);
    expect(raw.json.id).toBe(space.page(`${nested}.md`));

    const { data: group } = await api.spaces.getPageByPath(space.spaceId, 'this-is-a-group');
    expect(group).toMatchObject({ type: 'group', title: 'This is a group' });
    expect(await statusOf(api.spaces.getPageByPath(space.spaceId, 'github'))).toBe(404);
    expect(await statusOf(api.spaces.getPageByPath(space.spaceId, 'no/such/page'))).toBe(404);
  });

  it('answers 404 for unknown pages, 400 for a bad format, 403 without access', async () => {
    const api = s.client();
    expect(await statusOf(api.spaces.getPageById(space.spaceId, 'nope'))).toBe(404);
    expect(await statusOf(api.spaces.getPageById('no-such-space', space.page('lists.md')))).toBe(404);
    const bad = await s.request('GET', `/v1/spaces/${space.spaceId}/content/page/${space.page('lists.md')}?format=html`);
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain('format');
    const outsider = await s.member('none');
    expect(await statusOf(s.client(outsider.token).spaces.getPageById(space.spaceId, space.page('lists.md')))).toBe(403);
    expect(await statusOf(s.client(outsider.token).spaces.listPages(space.spaceId))).toBe(403);
  });

  it('lets a read-only member read content', async () => {
    const reader = await s.member('read');
    const { data } = await s.client(reader.token).spaces.listPages(space.spaceId);
    expect(data.pages.length).toBe(19);
  });
});

describe('links and backlinks', () => {
  it('lists the links of a page with their status', async () => {
    const { data } = await s.client().spaces.listPageLinksInSpace(space.spaceId, space.page('dangling.md'));
    const byStatus = Object.fromEntries(data.items.map((u) => [u.status, u]));
    expect(Object.keys(byStatus).sort()).toEqual(['broken', 'in-app', 'ok']);
    expect(byStatus.broken!.targetReference).toEqual({ kind: 'url', url: 'gone.md' });
    expect(byStatus.ok!.targetReference).toMatchObject({ kind: 'page', page: { id: space.page('lists.md') } });
    expect(byStatus.ok!.locationReferences.map((l) => l.kind === 'page' && l.page.id)).toEqual([space.page('dangling.md')]);
    expect(data.stats).toEqual({ total: 3, broken: { total: 1 } });

    const { data: broken } = await s.client().spaces.listPageLinksInSpace(space.spaceId, space.page('dangling.md'), { status: ContentReferenceStatus.Broken });
    expect(broken.items).toHaveLength(1);
    expect(broken.stats.total).toBe(3);
  });

  it('lists every link of the space with stats, filtered and paginated', async () => {
    const api = s.client();
    const { data } = await api.spaces.listSpaceLinks(space.spaceId);
    expect(data.count).toBe(data.items.length);
    expect(data.stats.broken.total).toBe(1);
    const lists = data.items.find(
      (u) => u.targetReference?.kind === 'page' && u.targetReference.page.id === space.page('lists.md') && !u.targetReference.internalLocation,
    );
    expect(lists?.locationReferences.map((l) => l.kind === 'page' && l.page.id)).toEqual([space.page('dangling.md')]);
    const anchored = data.items.find((u) => u.targetReference?.kind === 'page' && u.targetReference.internalLocation);
    expect(anchored?.targetReference).toMatchObject({ internalLocation: { type: 'anchor', anchor: 'unordered-list' } });
    const image = data.items.find((u) => u.targetReference?.kind === 'file');
    expect(image).toMatchObject({ status: 'ok', relation: 'dependsOn' });

    const seen: unknown[] = [];
    let page: string | undefined;
    do {
      const { data: part } = await api.spaces.listSpaceLinks(space.spaceId, { limit: 2, ...(page ? { page } : {}) });
      seen.push(...part.items);
      page = part.next?.page;
    } while (page);
    expect(seen).toEqual(data.items);
    const inApp = await api.spaces.listSpaceLinks(space.spaceId, { status: ContentReferenceStatus.InApp });
    expect(inApp.data.items.map((u) => u.targetReference)).toEqual([{ kind: 'url', url: 'https://app.gitbook.com/o/x/s/y/' }]);
  });

  it('computes page and file backlinks from the links of the current revision', async () => {
    const api = s.client();
    const { data: toLists } = await api.spaces.listSpacePageBacklinks(space.spaceId, space.page('lists.md'));
    expect(toLists.items.map((l) => l.kind === 'page' && l.page.title).sort()).toEqual(['Content reference', 'Dangling']);
    const { data: toEmoji } = await api.spaces.listSpacePageBacklinks(space.spaceId, space.page('emoji.md'));
    expect(toEmoji.items.map((l) => l.kind === 'page' && l.page.id)).toEqual([space.page('page-link.md')]);
    const avatar = space.file('.gitbook/assets/sofianna-customer-avatar.png');
    const { data: toFile } = await api.spaces.listSpaceFileBacklinks(space.spaceId, avatar);
    expect(toFile.items.map((l) => l.kind === 'page' && l.page.id).sort()).toEqual([space.page('hints.md'), space.page('images.md')].sort());
    expect(await statusOf(api.spaces.listSpaceFileBacklinks(space.spaceId, 'nope'))).toBe(404);
    expect(await statusOf(api.spaces.listSpacePageBacklinks(space.spaceId, 'nope'))).toBe(404);
  });
});

describe('search', () => {
  it('finds a section by its heading and points at its anchor', async () => {
    const { data } = await s.client().spaces.searchSpaceContent(space.spaceId, { query: 'zebra' });
    expect(data.items).toHaveLength(1);
    const [hit] = data.items;
    expect(hit).toMatchObject({ id: space.page('dangling.md'), title: 'Dangling', path: 'dangling' });
    expect(hit!.sections?.[0]).toMatchObject({ title: 'Zebra crossing', path: 'dangling#zebra-crossing' });
    expect(hit!.sections![0]!.urls.app).toMatch(/#zebra-crossing$/);
  });

  it('ranks title matches first, searches prefixes, and groups sections by page', async () => {
    const { data } = await s.client().spaces.searchSpaceContent(space.spaceId, { query: 'list' });
    expect(data.items[0]!.title).toBe('Lists');
    const sections = data.items[0]!.sections!.map((x) => x.title);
    expect(sections).toEqual(expect.arrayContaining(['Ordered list', 'Unordered list']));
  });

  it('never lets the query be FTS syntax, and validates it', async () => {
    const api = s.client();
    for (const query of ['"', 'AND', 'NEAR(a b)', 'heading:zebra', '*', '-', '(((', 'zebra"OR"x', "'; DROP TABLE x"]) {
      const { status } = await api.spaces.searchSpaceContent(space.spaceId, { query });
      expect(status).toBe(200);
    }
    expect((await api.spaces.searchSpaceContent(space.spaceId, { query: '"zebra' })).data.items).toHaveLength(1);
    expect((await api.spaces.searchSpaceContent(space.spaceId, { query: '   ' })).data.items).toEqual([]);
    expect((await s.request('GET', `/v1/spaces/${space.spaceId}/search`)).status).toBe(400);
    expect((await s.request('GET', `/v1/spaces/${space.spaceId}/search?query=${'a'.repeat(513)}`)).status).toBe(400);
  });
});

describe('revisions by id', () => {
  it('reads a revision and its pages, files, file, page and page document', async () => {
    const api = s.client();
    const lists = space.page('lists.md');
    const { data: revision } = await api.spaces.getRevisionById(space.spaceId, space.revisionId);
    expect(revision.id).toBe(space.revisionId);
    const { data: pages } = await api.spaces.listPagesInRevisionById(space.spaceId, space.revisionId);
    expect(pages.pages).toEqual(revision.pages);
    const { data: files } = await api.spaces.listFilesInRevisionById(space.spaceId, space.revisionId);
    expect(files.items).toEqual(revision.files);
    const { data: file } = await api.spaces.getFileInRevisionById(space.spaceId, space.revisionId, files.items[0]!.id);
    expect(file).toEqual(files.items[0]);
    const { data: page } = await api.spaces.getPageInRevisionById(space.spaceId, space.revisionId, lists, { format: 'markdown' });
    expect((page as { markdown: string }).markdown).toContain('### Unordered list');
    const { data: byPath } = await api.spaces.getPageInRevisionByPath(space.spaceId, space.revisionId, 'lists');
    expect(byPath.id).toBe(lists);
    const { data: document } = await api.spaces.getPageDocumentInRevisionById(space.spaceId, space.revisionId, lists);
    expect(document.object).toBe('document');
  });

  it('keeps serving an older revision after the space moves on, and 404s revisions of other spaces', async () => {
    const api = s.client();
    const { data: space0 } = await api.spaces.getSpaceById(space.spaceId);
    const { data: other } = await api.orgs.createSpace(s.org, { title: 'Empty' });
    expect(await statusOf(api.spaces.getRevisionById(space.spaceId, other.revision))).toBe(404);
    expect(await statusOf(api.spaces.getRevisionById(other.id, space0.revision))).toBe(404);
    expect(await statusOf(api.spaces.getRevisionById(space.spaceId, 'nope'))).toBe(404);
    expect(await statusOf(api.spaces.getPageInRevisionById(space.spaceId, space.revisionId, 'nope'))).toBe(404);
    expect(await statusOf(api.spaces.getPageDocumentInRevisionById(space.spaceId, space.revisionId, space.pages.find((p) => p.kind === 'group')!.id))).toBe(
      404,
    );
    const { data: empty } = await api.spaces.getCurrentRevision(other.id);
    expect(empty).toMatchObject({ pages: [], files: [], reusableContents: [] });
  });
});

describe('duplicateSpace', () => {
  it('copies the current content into the new space, its pages and files under new ids', async () => {
    const api = s.client();
    const { data: copy } = await api.spaces.duplicateSpace(space.spaceId);
    expect(copy.revision).not.toBe(space.revisionId);
    const [{ data: original }, { data: copied }] = await Promise.all([api.spaces.listPages(space.spaceId), api.spaces.listPages(copy.id)]);
    const [{ data: originalFiles }, { data: copiedFiles }] = await Promise.all([api.spaces.listFiles(space.spaceId), api.spaces.listFiles(copy.id)]);
    const flat = (pages: Array<{ id: string; pages?: unknown[] }>): Array<{ id: string }> => pages.flatMap((p) => [p, ...flat((p.pages ?? []) as never)]);
    const pairs = [
      [flat(original.pages), flat(copied.pages)],
      [originalFiles.items, copiedFiles.items],
    ] as const;
    const before = new Set(pairs.flatMap(([from]) => from.map((item) => item.id)));
    expect(pairs.flatMap(([, to]) => to.filter((item) => before.has(item.id)))).toEqual([]);
    // Each copied id stands for the original at the same place.
    const ids = new Map(pairs.flatMap(([from, to]) => [...from, ...to].map((item, i) => [item.id, `#${i % from.length}`] as const)));
    const named = [...ids, [space.spaceId, 'SPACE'], [copy.id, 'SPACE']] as const;
    const strip = (pages: unknown) =>
      JSON.parse(JSON.stringify(pages, (_, v) => (typeof v === 'string' ? named.reduce((text, [id, name]) => text.replaceAll(id, name), v) : v)));
    expect(strip(copied.pages)).toEqual(strip(original.pages));
    const lists = flat(copied.pages)[flat(original.pages).findIndex((p) => p.id === space.page('lists.md'))]!.id;
    const { data: page } = await api.spaces.getPageById(copy.id, lists, { format: 'markdown' });
    expect((page as { markdown: string }).markdown).toContain('### Ordered list');
    const { data: hits } = await api.spaces.searchSpaceContent(copy.id, { query: 'zebra' });
    expect(hits.items).toHaveLength(1);
  });
});
