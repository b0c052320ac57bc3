// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
// Lossless content through the API, on every shared corpus: a document read and sent back unchanged exports the
// repository byte for byte; an edit of one text leaf (as a document or as markdown) changes the lines of its block
// and nothing else; an edit made through the lines a document shows is never dropped.
import type { RevisionPage as ApiPage } from '@gitbook/api';
import { afterAll, describe, expect, it } from 'vitest';
import { exportRevision } from '../../src/gitsync/export/export.js';
import { syncDirectory } from '../../src/gitsync/import.js';
import { changedFiles, cleanTemps, git, tempRepo } from '../gitsync/export-helpers.js';
import { useServer } from '../helpers/server.js';

const s = useServer();
afterAll(cleanTemps);

type Doc = {
  object: string;
  type?: string;
  key?: string;
  data?: Record<string, any>;
  nodes?: Doc[];
  fragments?: Doc[];
  leaves?: Array<{ text: string }>;
};

function flatten(pages: ApiPage[]): ApiPage[] {
  return pages.flatMap((p) => [p, ...('pages' in p ? flatten(p.pages as ApiPage[]) : [])]);
}

/** POSTs a batch to updateChangeRequestContent (0.202, not in the client of 0.143.2). */
async function writeContent(spaceId: string, crId: string, changes: unknown[]): Promise<void> {
  const response = await fetch(`${s.url}/v1/spaces/${spaceId}/change-requests/${crId}/content?compat=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A corpus in a fresh repository, imported into new spaces (one per space of the corpus). */
async function imported(corpus: string) {
  const repo = tempRepo(corpus);
  const caller = (await s.domain.users.authenticate(s.ownerToken))!;
  const reports = await syncDirectory(s.domain, { dir: repo, organizationId: s.org, caller, ...(corpus === 'public-docs' ? {} : { space: corpus }) });
  return { repo, spaces: reports.map((r) => r.space.id) };
}

/** Applies `changes` to `spaceId` in one change request (batches of 25 pages), merged. */
async function merge(spaceId: string, changes: unknown[]): Promise<void> {
  const api = s.client().spaces;
  const { data: cr } = await api.createChangeRequest(spaceId, { subject: 'Round trip' });
  for (let i = 0; i < changes.length; i += 25) await writeContent(spaceId, cr.id, changes.slice(i, i + 25));
  expect((await api.mergeChangeRequest(spaceId, cr.id)).data.result).toBe('merge');
}

/** Exports each space's current revision to `ref`; the paths written. */
async function exportTo(repo: string, spaces: string[], ref: string): Promise<string[]> {
  const written: string[] = [];
  for (const spaceId of spaces) {
    const space = (await s.store.content.space(spaceId))!;
    written.push(...(await exportRevision(s.domain, { dir: repo, spaceId, revisionId: space.revisionId, ref, message: 'Edit' })).written);
  }
  return written;
}

async function documentPages(spaceId: string): Promise<ApiPage[]> {
  const { data } = await s.client().spaces.listPages(spaceId);
  return flatten(data.pages).filter((p) => p.type === 'document');
}

/** A new space holding one page written from `markdown`: the space, the page, and the page as a document. */
async function onePage(markdown: string): Promise<{ spaceId: string; pageId: string; doc: Doc }> {
  const api = s.client();
  const { data: space } = await api.orgs.createSpace(s.org, { title: 'One page' });
  const { data: cr } = await api.spaces.createChangeRequest(space.id, { subject: 'Page' });
  await writeContent(space.id, cr.id, [{ operation: 'insert_page', title: 'Page', document: { markdown } }]);
  await api.spaces.mergeChangeRequest(space.id, cr.id);
  const [page] = await documentPages(space.id);
  const { data } = await api.spaces.getPageById(space.id, page!.id, { format: 'document' });
  return { spaceId: space.id, pageId: page!.id, doc: (data as { document: Doc }).document };
}

/** A page's body as markdown, through the client. */
async function markdownOfPage(spaceId: string, pageId: string): Promise<string> {
  const { data } = await s.client().spaces.getPageById(spaceId, pageId, { format: 'markdown' });
  return (data as { markdown: string }).markdown;
}

/** The first text leaf of `doc` holding a word of 4+ letters, under a paragraph. */
function paragraphLeaf(doc: Doc): { text: string } | undefined {
  for (const node of doc.nodes ?? []) {
    if (node.object === 'block' && node.type === 'paragraph') {
      const leaf = node.nodes?.flatMap((n) => n.leaves ?? []).find((l) => /\b[a-z]{4,}\b/.test(l.text));
      if (leaf) return leaf;
    }
    const inner = node.object === 'block' && node.type !== 'code' ? paragraphLeaf(node) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** `git diff -U0` hunks of one file between two refs: [removed lines, added lines] each. */
function hunks(repo: string, from: string, to: string, path: string): Array<{ removed: string[]; added: string[] }> {
  const out: Array<{ removed: string[]; added: string[] }> = [];
  for (const line of git(repo, 'diff', '-U0', from, to, '--', path).split('\n')) {
    if (line.startsWith('@@')) out.push({ removed: [], added: [] });
    else if (line.startsWith('-') && !line.startsWith('---')) out[out.length - 1]!.removed.push(line.slice(1));
    else if (line.startsWith('+') && !line.startsWith('+++')) out[out.length - 1]!.added.push(line.slice(1));
  }
  return out;
}

const CORPORA = ['git-sync-normalization', 'public-docs', 'beefree-sdk-docs', 'metalbear-docs'] as const;

describe('every page of every corpus read as a document and sent back unchanged', () => {
  for (const corpus of CORPORA) {
    it(`${corpus}: the export writes nothing, every file is as it was`, async () => {
      const { repo, spaces } = await imported(corpus);
      let pages = 0;
      for (const spaceId of spaces) {
        const changes = [];
        for (const page of await documentPages(spaceId)) {
          const { data } = await s.client().spaces.getPageById(spaceId, page.id, { format: 'document' });
          changes.push({ operation: 'update_page', page: page.id, document: { document: (data as { document: unknown }).document } });
        }
        pages += changes.length;
        await merge(spaceId, changes);
      }
      expect(pages).toBeGreaterThan(5);
      const written = await exportTo(repo, spaces, 'roundtrip');
      expect(written).toEqual([]);
      expect(git(repo, 'branch', '--list', 'roundtrip').trim()).toBe('');
      expect(s.violations).toEqual([]);
    }, 240_000);
  }
});

describe('an edit of one text leaf changes the lines of its block and nothing else', () => {
  for (const corpus of CORPORA) {
    it(`${corpus}: through the document and through markdown`, async () => {
      const { repo, spaces } = await imported(corpus);
      const spaceId = spaces[0]!;
      const pages = (await documentPages(spaceId)).filter((p) => 'path' in p && p.path !== '');
      const api = s.client().spaces;
      // A few pages spread over the space, each edited once through each format.
      const picked = pages.filter((_, i) => i % Math.max(1, Math.floor(pages.length / 6)) === 0).slice(0, 6);
      let checked = 0;
      // Each export holds every edit so far: each is compared with the one before.
      let base = git(repo, 'rev-parse', 'HEAD').trim();
      let step = 0;
      const exportStep = async () => {
        const ref = `step-${++step}`;
        await exportTo(repo, [spaceId], ref);
        return ref;
      };
      for (const page of picked) {
        const stored = (await s.store.revisions.content((await s.store.content.space(spaceId))!.revisionId)).pages.find((p) => p.id === page.id);
        const gitPath = stored?.kind === 'document' ? stored.git!.path : '';

        const { data: asDocument } = await api.getPageById(spaceId, page.id, { format: 'document' });
        const doc = (asDocument as { document: Doc }).document;
        const leaf = paragraphLeaf(doc);
        if (!leaf) continue;
        const word = /\b[a-z]{4,}\b/.exec(leaf.text)![0];
        leaf.text = leaf.text.replace(word, `${word}ish`);
        await merge(spaceId, [{ operation: 'update_page', page: page.id, document: { document: doc } }]);
        const viaDocument = await exportStep();
        expect([...changedFiles(repo, base, viaDocument).keys()], git(repo, 'diff', base, viaDocument)).toEqual([gitPath]);
        const [only, ...more] = hunks(repo, base, viaDocument, gitPath);
        expect(more, `${gitPath}: one hunk`).toEqual([]);
        expect(only!.removed.length, gitPath).toBe(only!.added.length);
        expect(only!.added.join('\n')).toContain(`${word}ish`);
        expect(only!.added.join('\n').replace(`${word}ish`, word)).toBe(only!.removed.join('\n'));

        const { data: asMarkdown } = await api.getPageById(spaceId, page.id, { format: 'markdown' });
        const markdown = (asMarkdown as { markdown: string }).markdown;
        const edited = markdown.replace(`${word}ish`, `${word}ful`);
        expect(edited).not.toBe(markdown);
        await merge(spaceId, [{ operation: 'update_page', page: page.id, document: { markdown: edited } }]);
        const viaMarkdown = await exportStep();
        expect([...changedFiles(repo, viaDocument, viaMarkdown).keys()]).toEqual([gitPath]);
        const [line, ...others] = hunks(repo, viaDocument, viaMarkdown, gitPath);
        expect(others, `${gitPath}: one hunk`).toEqual([]);
        expect(line!.removed.map((l) => l.replace(`${word}ish`, `${word}ful`))).toEqual(line!.added);
        base = viaMarkdown;
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
      expect(s.violations).toEqual([]);
    }, 240_000);
  }
});

describe('edits are never lost', () => {
  it('a paragraph with a soft line break is a paragraph; an edit of its text is exported, keeping the line break', async () => {
    const { spaceId, pageId, doc } = await onePage('# Page\n\nLine one.\nLine two.\n');
    expect(JSON.stringify(doc)).not.toContain('"syntax":"markdown"');
    const paragraph = doc.nodes![0]!;
    expect(paragraph.type).toBe('paragraph');
    const leaf = paragraph.nodes![0]!.leaves![0]!;
    expect(leaf.text).toBe('Line one.\nLine two.');
    leaf.text = 'Line one, edited.\nLine two.';
    await merge(spaceId, [{ operation: 'update_page', page: pageId, document: { document: doc } }]);
    expect(await markdownOfPage(spaceId, pageId)).toBe('Line one, edited.\nLine two.\n');
  });

  it('a block with no document form (an unknown Liquid tag) takes an edit made through its lines', async () => {
    const { spaceId, pageId, doc } = await onePage('# Page\n\nBefore.\n\n{% custom-widget size="2" %}\n\nAfter.\n');
    const escape = doc.nodes!.find((n) => n.type === 'code')!;
    escape.nodes![0]!.nodes![0]!.leaves![0]!.text = '{% custom-widget size="3" %}';
    await merge(spaceId, [{ operation: 'update_page', page: pageId, document: { document: doc } }]);
    expect(await markdownOfPage(spaceId, pageId)).toBe('Before.\n\n{% custom-widget size="3" %}\n\nAfter.\n');
  });

  it('refuses an edit through an escape block that no block could hold, naming the change and the block, and changes nothing', async () => {
    const { spaceId, pageId, doc } = await onePage('# Page\n\n{% custom-widget %}\n');
    const escape = doc.nodes!.find((n) => n.type === 'code')!;
    escape.nodes![0]!.nodes![0]!.leaves![0]!.text = 'x'.repeat(70 * 1024);
    const { data: edit } = await s.client().spaces.createChangeRequest(spaceId, { subject: 'Too big' });
    const response = await fetch(`${s.url}/v1/spaces/${spaceId}/change-requests/${edit.id}/content?compat=false`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.ownerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ changes: [{ operation: 'update_page', page: pageId, document: { document: doc } }] }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(400);
    expect(body.error.message).toMatch(/^changes\[0\]\.document: block \S+: its lines hold 71680 characters/);
    expect(await markdownOfPage(spaceId, pageId)).toBe('{% custom-widget %}\n');
  });

  it('an HTML cards table is a table block; an edit of one cell is exported in that cell, references and labels kept', async () => {
    const table =
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody>' +
      '<tr><td><strong>Guides</strong> for teams</td><td><a href="https://app.gitbook.com/s/abc/guides">Team guides</a></td></tr>' +
      '<tr><td>Reference</td><td><a href="https://example.com/ref">https://example.com/ref</a></td></tr></tbody></table>';
    const { spaceId, pageId, doc } = await onePage(`# Page\n\nIntro.\n\n${table}\n`);
    expect(JSON.stringify(doc)).not.toContain('"syntax":"markdown"');
    const block = doc.nodes!.find((n) => n.type === 'table')!;
    expect(block.data).toMatchObject({ view: { type: 'cards', cardSize: 'medium' }, linkLabels: { 'https://app.gitbook.com/s/abc/guides': 'Team guides' } });
    const cell = block.fragments!.find((f) => JSON.stringify(f).includes('Reference'))!;
    cell.nodes![0]!.nodes![0]!.leaves![0]!.text = 'API reference';
    await merge(spaceId, [{ operation: 'update_page', page: pageId, document: { document: doc } }]);
    expect(await markdownOfPage(spaceId, pageId)).toBe(`Intro.\n\n${table.replace('<td>Reference</td>', '<td>API reference</td>')}\n`);
  });

  it('aligned paragraphs and headings carry their alignment; a block an HTML table cell cannot hold is refused with 400', async () => {
    const { spaceId, pageId, doc } = await onePage('# Page\n\n<h3 align="center">Build</h3>\n\n<p align="center">Choose a <strong>path</strong>.</p>\n');
    expect(doc.nodes!.map((n) => [n.type, n.data?.align])).toEqual([
      ['heading-2', 'center'],
      ['paragraph', 'center'],
    ]);
    doc.nodes![1]!.data!.align = 'end';
    await merge(spaceId, [{ operation: 'update_page', page: pageId, document: { document: doc } }]);
    expect(await markdownOfPage(spaceId, pageId)).toBe('<h3 align="center">Build</h3>\n\n<p align="right">Choose a <strong>path</strong>.</p>\n');

    const grid = await onePage('# Grid\n\n<table><thead><tr><th width="100">A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>\n');
    const cell = grid.doc.nodes![0]!.fragments![0]!;
    cell.nodes!.push({ object: 'block', type: 'divider', key: 'rule', isVoid: true, data: {} } as Doc);
    const { data: edit } = await s.client().spaces.createChangeRequest(grid.spaceId, { subject: 'Rule in a cell' });
    const response = await fetch(`${s.url}/v1/spaces/${grid.spaceId}/change-requests/${edit.id}/content?compat=false`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.ownerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ changes: [{ operation: 'update_page', page: grid.pageId, document: { document: grid.doc } }] }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(
      new RegExp(`block ${grid.doc.nodes![0]!.key}: row \\S+, column \\S+: a thematicBreak cannot be written in a cell of an HTML table`),
    );
  });
});
