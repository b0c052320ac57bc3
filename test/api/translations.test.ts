// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { ImportContentSource, type Translation } from '@gitbook/api';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import { UNTRANSLATED_MARK } from '../../src/domain/translations/translations.js';
import { type SeededSpace, seedNormalizationSpace } from '../helpers/content.js';
import { statusOf, useServer } from '../helpers/server.js';

/** A LibreTranslate stand-in: `POST /translate` prefixes each text with «<target>»; it records every request. */
interface FakeTranslator {
  url: string;
  requests: { q: string[]; source: string; target: string; format: string; api_key?: string }[];
  /** Answers with this status (and LibreTranslate's error body) while set. */
  failWith?: number;
}

function useFakeLibreTranslate(): FakeTranslator {
  const fake: FakeTranslator = { url: '', requests: [] };
  let server: Server | undefined;
  const previous = process.env.DOCS_ALLOW_HOSTS;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method !== 'POST' || request.url !== '/translate') return response.writeHead(404).end();
        if (fake.failWith) return response.writeHead(fake.failWith, { 'content-type': 'application/json' }).end('{"error":"Slow down"}');
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        fake.requests.push(body);
        const q: string[] = Array.isArray(body.q) ? body.q : [body.q];
        const translatedText = q.map((text) => `«${body.target}» ${text}`);
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText }));
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    fake.url = `http://${host}`;
    process.env.DOCS_ALLOW_HOSTS = [previous, host].filter(Boolean).join(',');
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.DOCS_ALLOW_HOSTS;
    else process.env.DOCS_ALLOW_HOSTS = previous;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  return fake;
}

const fake = useFakeLibreTranslate();
const s = useServer();

const libre = () => s.domain.translations.configure({ provider: 'libretranslate', url: fake.url, apiKey: 'k3y', batchSize: 20 });
const copy = () => s.domain.translations.configure({ provider: 'copy' });

/** Polls until the translation's run is over (the server started it already). */
function completed(id: string): Promise<Translation> {
  return waitFor(
    async () => {
      await s.domain.jobs.runDue();
      const { data } = await s.client().orgs.getTranslation(s.org, id);
      return data.status === 'completed' && data;
    },
    { timeout: 20_000, interval: 25, message: `the translation ${id} to complete` },
  );
}

/** The page file the target revision holds for a source page, as stored (frontmatter and all). */
async function pageFile(revisionId: string, pageId: string): Promise<string> {
  const page = (await s.store.revisions.content(revisionId)).pages.find((p) => p.id === pageId);
  if (page?.kind !== 'document') throw new Error(`no document page ${pageId} in ${revisionId}`);
  return (await s.store.blobs.get(page.blob))!.toString('utf8');
}

const sourceFile = async (space: SeededSpace, path: string) => await pageFile(space.revisionId, space.page(path));
const fencedCode = (text: string) => text.match(/```[\s\S]*?```/g) ?? [];
const liquidTags = (text: string) => text.match(/\{% [^%]*%\}/g) ?? [];
const urls = (text: string) => text.match(/\]\([^)]*\)|(?:url|src|page)="[^"]*"/g) ?? [];

describe('translations through the official client', () => {
  let source: SeededSpace;
  let translation: Translation;

  beforeAll(async () => {
    source = await seedNormalizationSpace(s, 'Handbook');
    libre();
    // "Git Sync" has a French term; "Ruby" has none, so it stays as it is.
    await s.client().orgs.updateGlossaryEntries(s.org, {
      operations: [
        { type: 'insert', translations: { en: 'Git Sync', fr: 'Synchro Git' } },
        { type: 'insert', translations: { en: 'Ruby', de: 'Ruby' } },
      ],
    });
    const created = await s.client().orgs.createTranslation(s.org, { source: { space: source.spaceId, language: 'en' as never }, language: 'fr' as never });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${s.url}/v1/orgs/${s.org}/translations/${created.data.id}`);
    expect(created.data).toMatchObject({
      object: 'translation',
      source: { space: source.spaceId, language: 'en' },
      language: 'fr',
      permissions: { view: true, edit: true },
    });
    expect(['pending', 'running', 'completed']).toContain(created.data.status);
    translation = await completed(created.data.id);
  });

  it('runs into a new French space: prose translated, code blocks, links and block syntax intact', async () => {
    expect(translation.result).toBeDefined();
    const { space: targetId, revision } = translation.result!;
    expect(targetId).not.toBe(source.spaceId);
    const { data: target } = await s.client().spaces.getSpaceById(targetId);
    expect(target).toMatchObject({ title: 'Handbook (fr)', language: 'fr' });
    expect(target.revision).toBe(revision);

    for (const path of ['code-block.md', 'tabs.md', 'hints.md', 'simple-paragraph-text-formatting.md', 'page-link.md', 'tables.md']) {
      const before = await sourceFile(source, path);
      const after = await pageFile(revision, source.page(path));
      expect(fencedCode(after), path).toEqual(fencedCode(before));
      expect(liquidTags(after), path).toEqual(liquidTags(before));
      expect(urls(after), path).toEqual(expect.arrayContaining(urls(before)));
      expect(after).not.toEqual(before);
    }
    const tabs = await pageFile(revision, source.page('tabs.md'));
    expect(tabs).toContain('# «fr» Tabs\n');
    expect(tabs).toContain('{% tab title="First Tab" %}\n«fr» This is the content for the first tab.\n');
    expect(tabs).toContain('{% embed url="https://docs.gitbook.com" %}');
    const formatting = await pageFile(revision, source.page('simple-paragraph-text-formatting.md'));
    expect(formatting).toContain('«fr» This is **«fr» bold**.');
    expect(formatting).toContain('«fr» This is `code`.');
    expect(formatting).toContain('«fr» This is [«fr» a link](https://www.gitbook.com).');
    // A translated heading keeps its anchor, so links to it still land.
    expect(await pageFile(revision, source.page('code-block.md'))).toContain(
      '### «fr» Example without tabs <a href="#example-without-tabs" id="example-without-tabs"></a>',
    );
    expect(await pageFile(revision, source.page('hints.md'))).toMatch(
      /^---\ndescription: «fr» Hint content block\n---\n\n# «fr» Hint\n\n\{% hint style="info" %\}\n\*\*«fr» Info hints\*\* «fr» are great/,
    );

    // Through the API: titles are translated, paths kept.
    const { data: page } = await s.client().spaces.getPageById(targetId, source.page('tabs.md'), { format: 'markdown' });
    expect(page).toMatchObject({ title: '«fr» Tabs', path: 'tabs' });
    expect((page as { markdown: string }).markdown).toContain('«fr» Item 1');
    const tree = async (spaceId: string) => {
      const { data } = await s.client().spaces.listPages(spaceId);
      const walk = (pages: typeof data.pages): unknown[] => pages.map((p) => [p.id, p.type, 'path' in p ? p.path : null, 'pages' in p ? walk(p.pages) : []]);
      return walk(data.pages);
    };
    expect(await tree(targetId)).toEqual(await tree(source.spaceId));
  });

  it('sends only prose to the service, in batches, with the key and LibreTranslate language codes', () => {
    const sent = fake.requests.flatMap((r) => r.q);
    expect(fake.requests.length).toBeGreaterThan(1);
    for (const request of fake.requests) {
      expect(request).toMatchObject({ source: 'en', target: 'fr', format: 'text', api_key: 'k3y' });
      expect(request.q.length).toBeLessThanOrEqual(20);
    }
    expect(sent).toContain('This is the content for the first tab.');
    expect(new Set(sent).size).toBe(sent.length);
    for (const text of sent) {
      expect(text).not.toMatch(/```|\{%|https?:\/\/|def greeting|<[a-z]/);
      expect(text).toBe(text.trim());
    }
  });

  it('keeps glossary terms out of the translator and writes their target term', async () => {
    const sent = fake.requests.flatMap((r) => r.q);
    expect(sent.filter((text) => /Git Sync|\bRuby\b/.test(text))).toEqual([]);
    const revision = translation.result!.revision;
    const readme = (await s.store.revisions.content(revision)).pages.find((p) => p.id === source.page('README.md'))!;
    expect(readme.title).toBe('Synchro Git');
    expect(await pageFile(revision, source.page('code-block.md'))).toContain('{% tab title="Ruby" %}');
  });

  it('fills the stats', () => {
    const documents = source.pages.filter((p) => p.kind === 'document').length;
    expect(translation.stats).toMatchObject({ runs: 1, totalPages: documents, latestPages: documents });
    expect(translation.stats.latestWords).toBeGreaterThan(200);
    expect(translation.stats.totalWords).toBe(translation.stats.latestWords);
  });

  it('runs again into the same space with a new revision, translating only what changed and keeping edits of the target', async () => {
    const api = s.client();
    const before = translation.result!;
    // The source changes one page; someone edits another page in the French space.
    const markdown = '# Tabs\n\nPangolins use tabs.\n\n```js\nconst tab = 1;\n```\n';
    await api.spaces.importContentInPageById(source.spaceId, source.page('tabs.md'), {
      source: ImportContentSource.Markdown,
      url: `data:text/markdown;base64,${Buffer.from(markdown).toString('base64')}`,
    });
    const edited = 'Édité à la main.\n';
    await api.spaces.importContentInPageById(before.space, source.page('lists.md'), {
      source: ImportContentSource.Markdown,
      url: `data:text/markdown;base64,${Buffer.from(edited).toString('base64')}`,
    });
    const afterEdit = (await api.spaces.getSpaceById(before.space)).data.revision;
    fake.requests.length = 0;

    const run = await api.orgs.runTranslation(s.org, translation.id);
    expect(run.status).toBe(204);
    const again = await completed(translation.id);
    expect(again.result!.space).toBe(before.space);
    expect(again.result!.revision).not.toBe(before.revision);
    expect((await s.store.revisions.get(again.result!.revision))!.parents).toEqual([afterEdit]);
    expect((await api.spaces.getSpaceById(before.space)).data.revision).toBe(again.result!.revision);
    // The changed page is translated again (its title too); the others are taken over from the target.
    expect(fake.requests.flatMap((r) => r.q)).toEqual(['Tabs', 'Pangolins use tabs.']);
    expect(again.stats).toMatchObject({ runs: 2, latestPages: 1, latestWords: 4, totalWords: translation.stats.totalWords + 4 });

    const tabs = await pageFile(again.result!.revision, source.page('tabs.md'));
    expect(tabs).toContain('«fr» Pangolins use tabs.');
    expect(tabs).toContain('```js\nconst tab = 1;\n```');
    const { data: lists } = await api.spaces.getPageById(before.space, source.page('lists.md'), { format: 'markdown' });
    expect((lists as { markdown: string }).markdown).toBe(edited);
  });

  it('updates the instructions, lists with pages, and deletes (the target space stays)', async () => {
    const api = s.client().orgs;
    const instructions = {
      object: 'document',
      data: {},
      nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Formal tone.', marks: [] }] }] }],
    };
    const { data: updated } = await api.updateTranslation(s.org, translation.id, { instructions: instructions as never });
    expect(updated.instructions).toEqual(instructions);
    expect((await api.getTranslation(s.org, translation.id)).data.instructions).toEqual(instructions);

    const { data: second } = await api.createTranslation(s.org, { source: { space: source.spaceId, language: 'en' as never }, language: 'de' as never });
    const secondDone = await completed(second.id);
    const first = (await api.listTranslations(s.org, { limit: 1 })).data;
    expect(first.count).toBe(2);
    expect(first.items.map((t) => t.id)).toEqual([translation.id]);
    const rest = (await api.listTranslations(s.org, { limit: 1, page: first.next!.page })).data;
    expect(rest.items.map((t) => t.id)).toEqual([second.id]);
    expect(rest.next).toBeUndefined();

    expect((await api.deleteTranslation(s.org, second.id)).status).toBe(205);
    expect((await api.deleteTranslation(s.org, second.id)).status).toBe(204);
    expect(await statusOf(api.getTranslation(s.org, second.id))).toBe(404);
    expect(await statusOf(api.runTranslation(s.org, second.id))).toBe(404);
    expect((await s.client().spaces.getSpaceById(secondDone.result!.space)).data.language).toBe('de');
  });

  it('rejects bad bodies with 400 naming the field, and changes nothing', async () => {
    const path = `/v1/orgs/${s.org}/translations`;
    const snapshot = await s.store.snapshot();
    const bad: [unknown, RegExp][] = [
      [{ language: 'fr' }, /source/],
      [{ source: { space: source.spaceId, language: 'en' } }, /language/],
      [{ source: { space: source.spaceId, language: 'en' }, language: 'klingon' }, /language/],
      [{ source: { space: source.spaceId }, language: 'fr' }, /source/],
      [{ source: { space: 'nope', language: 'en' }, language: 'it' }, /^source\.space: /],
      [{ source: { space: source.spaceId, language: 'en' }, language: 'en' }, /^language: must differ/],
      [{ source: { space: source.spaceId, language: 'en' }, language: 'it', instructions: { object: 'nope' } }, /instructions/],
    ];
    for (const [body, message] of bad) {
      const response = await s.request('POST', path, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.error.message).toMatch(message);
    }
    const put = await s.request('PUT', `${path}/${translation.id}`, { body: {} });
    expect(put.status).toBe(400);
    expect(put.json.error.message).toMatch(/instructions/);
    expect(await s.store.snapshot()).toEqual(snapshot);
  });

  it('answers 401, 403, 404 and 409', async () => {
    const path = `/v1/orgs/${s.org}/translations`;
    const body = { source: { space: source.spaceId, language: 'en' }, language: 'es' };
    const reader = await s.member('read');
    const outsider = await s.member('none');
    const snapshot = await s.store.snapshot();
    expect((await s.request('GET', path, { token: null })).status).toBe(401);
    expect((await s.request('GET', path, { token: reader.token })).status).toBe(200);
    const view = await s.client(reader.token).orgs.getTranslation(s.org, translation.id);
    expect(view.data.permissions).toEqual({ view: true, edit: false });
    expect((await s.request('POST', path, { token: reader.token, body })).status).toBe(403);
    expect((await s.request('POST', `${path}/${translation.id}/run`, { token: reader.token })).status).toBe(403);
    expect(
      (await s.request('PUT', `${path}/${translation.id}`, { token: reader.token, body: { instructions: { object: 'document', data: {}, nodes: [] } } }))
        .status,
    ).toBe(403);
    expect((await s.request('DELETE', `${path}/${translation.id}`, { token: reader.token })).status).toBe(403);
    expect((await s.request('GET', path, { token: outsider.token })).status).toBe(403);
    expect((await s.request('GET', `${path}/nope`)).status).toBe(404);
    expect((await s.request('PUT', `${path}/nope`, { body: { instructions: { object: 'document', data: {}, nodes: [] } } })).status).toBe(404);
    expect((await s.request('GET', `/v1/orgs/${s.otherOrg}/translations/${translation.id}`)).status).toBe(404);
    const duplicate = await s.request('POST', path, { body: { source: { space: source.spaceId, language: 'en' }, language: 'fr' } });
    expect(duplicate.status).toBe(409);
    expect(await s.store.snapshot()).toEqual(snapshot);
  });
});

describe('the copy translator (the default)', () => {
  it('copies the pages into a real space, marked untranslated, that users can edit', async () => {
    copy();
    const source = await seedNormalizationSpace(s, 'Copied');
    const { data } = await s.client().orgs.createTranslation(s.org, { source: { space: source.spaceId, language: 'en' as never }, language: 'ja' as never });
    const done = await completed(data.id);
    const { space, revision } = done.result!;
    for (const page of source.pages) {
      if (page.kind !== 'document') continue;
      const before = await pageFile(source.revisionId, page.id);
      const after = await pageFile(revision, page.id);
      expect(after).toContain(`${UNTRANSLATED_MARK.key}: ${UNTRANSLATED_MARK.value}\n`);
      // The body is the source's, byte for byte.
      expect(after.slice(after.indexOf('\n---\n') + 5).replace(/^\n/, '')).toBe(before.replace(/^---\n[\s\S]*?\n---\n/, '').replace(/^\n/, ''));
    }
    expect(done.stats).toMatchObject({ runs: 1, latestWords: 0 });
    const { data: page } = await s.client().spaces.getPageById(space, source.page('hints.md'), { format: 'markdown' });
    expect(page).toMatchObject({ title: 'Hint', description: 'Hint content block' });
    await s.client().spaces.importContentInPageById(space, source.page('hints.md'), {
      source: ImportContentSource.Markdown,
      url: `data:text/markdown;base64,${Buffer.from('ヒント。\n').toString('base64')}`,
    });
    const { data: edited } = await s.client().spaces.getPageById(space, source.page('hints.md'), { format: 'markdown' });
    expect((edited as { markdown: string }).markdown).toBe('ヒント。\n');
  });
});

describe('failures', () => {
  it('retries a failing service, then completes without a result; the guarded fetch refuses hosts not allowed', async () => {
    libre();
    const source = await seedNormalizationSpace(s, 'Flaky');
    fake.failWith = 503;
    try {
      const { data } = await s
        .client()
        .orgs.createTranslation(s.org, { source: { space: source.spaceId, language: 'en' as never }, language: 'pt-br' as never });
      const record = async () => (await s.store.translations.get(data.id))!;
      // Three attempts; the job waits 1 s and 2 s between them.
      await waitFor(
        async () => {
          await s.domain.jobs.runDue();
          return (await record()).status === 'completed';
        },
        { timeout: 20_000, interval: 50, message: async () => `the translation to give up (${(await record()).status}, ${(await record()).lastError})` },
      );
      const { data: failed } = await s.client().orgs.getTranslation(s.org, data.id);
      expect(failed.status).toBe('completed');
      expect(failed.result).toBeUndefined();
      expect((await record()).lastError).toMatch(/HTTP 503: Slow down/);

      fake.failWith = undefined;
      fake.requests.length = 0;
      await s.client().orgs.runTranslation(s.org, data.id);
      const done = await completed(data.id);
      expect(done.result).toBeDefined();
      expect(fake.requests[0]).toMatchObject({ target: 'pt-BR' });
    } finally {
      fake.failWith = undefined;
    }

    s.domain.translations.configure({ provider: 'libretranslate', url: 'http://127.0.0.2:9/' });
    const loopback = (await s.store.translations.bySourceAndLanguage(source.spaceId, 'pt-br'))!;
    await expect(s.domain.translations.runs.run(loopback)).rejects.toThrow(/translation\.url: 127\.0\.0\.2 is a loopback or private address/);
    libre();
  });
});

describe('the glossary through the official client', () => {
  it('inserts, updates, deletes in one batch; lists and gets entries', async () => {
    const api = s.client().orgs;
    const org = s.otherOrg;
    const result = await api.updateGlossaryEntries(org, {
      operations: [
        { type: 'insert', translations: { en: 'Space', fr: 'Espace' } },
        { type: 'insert', translations: { en: 'Change request', fr: 'Demande de modification' } },
      ],
    });
    expect(result.status).toBe(204);
    const { data: listed } = await api.listGlossaryEntries(org);
    expect(listed.count).toBe(2);
    // Entries made in one batch share their creation time: find them by term.
    const space = listed.items.find((e) => e.translations.en === 'Space');
    const change = listed.items.find((e) => e.translations.en === 'Change request');
    expect(space).toMatchObject({
      object: 'glossary-entry',
      translations: { en: 'Space', fr: 'Espace' },
      urls: { location: `${s.url}/v1/orgs/${org}/translations-glossary/${space!.id}` },
    });

    await api.updateGlossaryEntries(org, {
      operations: [
        { type: 'update', id: space!.id, translations: { en: 'Space', de: 'Bereich' } },
        { type: 'delete', id: change!.id },
        { type: 'delete', id: 'already-gone' },
      ],
    });
    const { data: entry } = await api.getGlossaryEntry(org, space!.id);
    expect(entry.translations).toEqual({ en: 'Space', de: 'Bereich' });
    expect(await statusOf(api.getGlossaryEntry(org, change!.id))).toBe(404);
    expect(await statusOf(api.getGlossaryEntry(s.org, space!.id))).toBe(404);
    const page = (await api.listGlossaryEntries(org, { limit: 1 })).data;
    expect(page).toMatchObject({ count: 1 });
    expect(page.next).toBeUndefined();
  });

  it('rejects bad operations with 400 naming the field, and applies none of the batch', async () => {
    const org = s.otherOrg;
    const path = `/v1/orgs/${org}/translations-glossary`;
    const { data: existing } = await s.client().orgs.listGlossaryEntries(org);
    const id = existing.items[0]!.id;
    const reader = await s.member('read', org);
    const snapshot = await s.store.snapshot();
    const insert = { type: 'insert', translations: { en: 'Site' } };
    const bad: [unknown, number, RegExp][] = [
      [{}, 400, /operations/],
      [{ operations: [{ type: 'rename', id }] }, 400, /operations/],
      [{ operations: [{ type: 'insert', translations: { en: 'a\nb' } }] }, 400, /operations/],
      [{ operations: [insert, { type: 'insert', translations: {} }] }, 400, /^operations\[1\]\.translations: /],
      [{ operations: [insert, { type: 'insert', translations: { xx: 'Site' } }] }, 400, /^operations\[1\]\.translations\.xx: /],
      [{ operations: [insert, { type: 'insert', translations: { fr: '  ' } }] }, 400, /^operations\[1\]\.translations\.fr: /],
      [{ operations: [insert, { type: 'update', id: 'nope', translations: { en: 'x' } }] }, 400, /^operations\[1\]\.id: /],
      [{ operations: [insert, { type: 'insert', translations: { en: 'Space' } }] }, 409, /^operations\[1\]\.translations\.en: "Space" is already/],
    ];
    for (const [body, status, message] of bad) {
      const response = await s.request('PUT', path, { body });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.json.error.message).toMatch(message);
    }
    expect((await s.request('PUT', path, { token: reader.token, body: { operations: [insert] } })).status).toBe(403);
    expect((await s.request('GET', path, { token: reader.token })).status).toBe(200);
    expect((await s.request('GET', path, { token: null })).status).toBe(401);
    expect((await s.request('GET', `${path}/nope`)).status).toBe(404);
    expect(await s.store.snapshot()).toEqual(snapshot);
  });
});
