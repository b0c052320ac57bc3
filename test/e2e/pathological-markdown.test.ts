// Liveness: pathological markdown sent to `docs serve` (a child process, so a server that spins fails the test
// instead of hanging the run) gets a clear 4xx while other clients are answered.
import { GitBookAPI, ImportContentSource } from '@gitbook/api';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MARKDOWN_LIMITS } from '../../src/content/limits.js';
import { docs, serve } from '../helpers/cli.js';

const TOKEN = 'e2e-pathological';
let url: string;
let api: GitBookAPI;
let spaceId: string;
let changeRequestId: string;
let syncOutput: string;
/** A page nested deeper than the limit: synced, kept as written, never parsed. */
const DEEP = `# Deep\n\n${'- '.repeat(100)}bottom\n`;
/** Flat but quadratic for the markdown parser (seconds), within every limit: synced, and kept as written. */
const SLOW = `# Slow\n\n${'_a '.repeat(4_000)}x${' b*'.repeat(4_000)}\n`;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-e2e-pathological-'));
  writeFileSync(join(dir, 'docs.config.yaml'), 'organizations:\n  - title: Acme\n');
  const tree = join(dir, 'tree');
  mkdirSync(tree);
  writeFileSync(join(tree, 'README.md'), '# Home\n');
  writeFileSync(join(tree, 'deep.md'), DEEP);
  writeFileSync(join(tree, 'slow.md'), SLOW);
  writeFileSync(join(tree, 'SUMMARY.md'), '# Summary\n\n* [Home](README.md)\n* [Deep](deep.md)\n* [Slow](slow.md)\n');
  const synced = await docs(dir, 'sync', tree, '--space', 'Synced');
  syncOutput = `${synced.stdout}${synced.stderr}`;
  url = (await serve(dir, { DOCS_TOKEN: TOKEN })).url;
  api = new GitBookAPI({ endpoint: url, authToken: TOKEN });
  const [org] = (await api.orgs.listOrganizationsForAuthenticatedUser()).data.items;
  spaceId = (await api.orgs.createSpace(org!.id, { title: 'Liveness' })).data.id;
  changeRequestId = (await api.spaces.createChangeRequest(spaceId, { subject: 'Pathological' })).data.id;
});

const links = `${Array.from({ length: 100_000 }, (_, i) => `[link ${i}](https://example.com/${i})`).join(' ')}\n`;
const indentedList = `${Array.from({ length: 2_000 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n')}\n`;
const compactList = `${'- '.repeat(2_000)}deep\n`;
/** Small, within the size and nesting limits, and quadratic for the markdown parser: only the time limit stops it. */
const emphasis = `${'*a '.repeat(20_000)}x${' b*'.repeat(20_000)}\n`;

/** POSTs one insert_page with `markdown` to updateChangeRequestContent (0.202: not in the 0.143.2 client). */
const insertPage = (markdown: string) =>
  fetch(`${url}/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes: [{ operation: 'insert_page', title: 'Big', document: { markdown } }] }),
  });

/** While `slow` runs, another client's `GET /v1/orgs` is answered within a second, again and again; then `slow`'s answer. */
async function whileOthersAreServed(slow: Promise<Response>): Promise<{ status: number; body: any }> {
  let settled = false;
  const done = slow.finally(() => (settled = true));
  do {
    const orgs = await fetch(`${url}/v1/orgs`, { headers: { authorization: `Bearer ${TOKEN}` }, signal: AbortSignal.timeout(1_000) });
    expect(orgs.status).toBe(200);
  } while (!settled);
  const response = await done;
  return { status: response.status, body: await response.json() };
}

describe('pathological markdown', () => {
  it('a page of 100,000 links is refused with 413 naming the field and the limit; others are answered meanwhile', async () => {
    const { status, body } = await whileOthersAreServed(insertPage(links));
    expect(status).toBe(413);
    expect(body.error.code).toBe(413);
    expect(body.error.message).toMatch(/^changes\[0\]\.document\.markdown: .*at most 1048576 bytes/);
  });

  it('a list nested 2,000 deep is refused with 4xx naming the field and the nesting limit', async () => {
    const indented = await whileOthersAreServed(insertPage(indentedList));
    expect(indented.status).toBe(413); // 4 MB of indentation: over the size limit first
    const compact = await whileOthersAreServed(insertPage(compactList));
    expect(compact.status).toBe(400);
    expect(compact.body.error).toEqual({
      code: 400,
      message: expect.stringMatching(/^changes\[0\]\.document\.markdown: line 1 nests .* 2000 deep; at most 32 levels/),
    });
  });

  it('markdown that parses too slowly is stopped by the time limit off the request thread; others are answered meanwhile', async () => {
    const { status, body } = await whileOthersAreServed(insertPage(emphasis));
    expect(body.error).toEqual({
      code: 400,
      message: expect.stringMatching(new RegExp(`^changes\\[0\\]\\.document\\.markdown: .*more than ${MARKDOWN_LIMITS.parseTimeMs / 1000} s`)),
    });
    expect(status).toBe(400);
  });

  it('a markdown import that parses too slowly is stopped the same way, naming the url, and writes nothing', async () => {
    const imported = whileOthersAreServed(
      api.spaces
        .importContent(spaceId, { source: ImportContentSource.Markdown, url: `data:text/markdown;base64,${Buffer.from(emphasis).toString('base64')}` })
        .then(
          () => new Response('{}', { status: 200 }),
          (error: { code: number; errorMessage: string }) =>
            Response.json({ error: { code: error.code, message: error.errorMessage } }, { status: error.code }),
        ),
    );
    expect((await imported).body.error).toEqual({ code: 400, message: expect.stringMatching(/^url: .*more than \d+ s to parse/) });
    // Nothing was written: the space and the change request have no page.
    expect((await api.spaces.getCurrentRevision(spaceId)).data.pages).toEqual([]);
    expect((await api.spaces.getRevisionOfChangeRequestById(spaceId, changeRequestId)).data.pages).toEqual([]);
  });

  it('a synced page over the limits is kept as written: a warning names it, format=markdown gives it back, format=document is a 400', async () => {
    expect(syncOutput).toMatch(
      /^Synced Synced: 3 pages added, .*1 warning\n[\s\S]*docs: warning: Synced: deep\.md: line 3 nests lists or block quotes 100 deep; .*kept as written but not parsed/,
    );
    const [org] = (await api.orgs.listOrganizationsForAuthenticatedUser()).data.items;
    const synced = (await api.orgs.listSpacesInOrganizationById(org!.id)).data.items.find((space) => space.title === 'Synced')!;
    const get = (format: string) =>
      fetch(`${url}/v1/spaces/${synced.id}/content/path/deep?format=${format}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const markdown = await get('markdown');
    expect(markdown.status).toBe(200);
    expect((await markdown.json()).markdown).toBe(DEEP);
    const document = await get('document');
    expect(await document.json()).toEqual({
      error: {
        code: 400,
        message: expect.stringMatching(/^format: the page's markdown line 3 nests .* 100 deep; at most 32 levels .*read it with format=markdown/),
      },
    });
  });

  it('a stored page that parses slowly but within the limits is rewritten off the request thread (a title change)', async () => {
    const [org] = (await api.orgs.listOrganizationsForAuthenticatedUser()).data.items;
    const synced = (await api.orgs.listSpacesInOrganizationById(org!.id)).data.items.find((space) => space.title === 'Synced')!;
    const page = (await api.spaces.getPageByPath(synced.id, 'slow')).data.id;
    const cr = (await api.spaces.createChangeRequest(synced.id, { subject: 'Rename' })).data.id;
    const rename = fetch(`${url}/v1/spaces/${synced.id}/change-requests/${cr}/content?compat=false`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ changes: [{ operation: 'update_page', page, title: 'Renamed' }] }),
    });
    const renamed = await whileOthersAreServed(rename);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.changes).toEqual([expect.objectContaining({ object: 'updated_page', page: expect.objectContaining({ id: page }) })]);
    expect((await api.spaces.getPageInChangeRequestById(synced.id, cr, page)).data.title).toBe('Renamed');
  });

  // A thousand, not more: micromark resolves nested marks in time quadratic in their count (3,000 take 6.5 s alone),
  // and past the parse's time limit the answer is the time limit's 400 instead (its own test above).
  it('marks nested a thousand deep are refused with 400 naming the depth limit (they would overflow the stack later)', async () => {
    const { status, body } = await whileOthersAreServed(insertPage(`${'*a '.repeat(1_000)}x${' b*'.repeat(1_000)}\n`));
    expect(body.error).toEqual({
      code: 400,
      message: expect.stringMatching(new RegExp(`^changes\\[0\\]\\.document\\.markdown: .*at most ${MARKDOWN_LIMITS.maxTreeDepth} are allowed`)),
    });
    expect(status).toBe(400);
  });

  it('ordinary markdown is still written', async () => {
    const response = await insertPage('# Fine\n\n- a\n  - b\n\n> quote\n\n*emphasis* and [a link](https://example.com)\n');
    expect(response.status).toBe(200);
  });
});
