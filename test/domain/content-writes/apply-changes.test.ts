import { describe, expect, it } from 'vitest';
import { type ApplyContext, applyChanges } from '../../../src/domain/content-writes/apply-changes.js';
import type { ContentChange } from '../../../src/domain/content-writes/changes.js';
import type { DomainError } from '../../../src/domain/core/errors.js';
import { gitBlobOid, type DocumentPage, type RevisionContent } from '../../../src/model/index.js';

const text = (s: string) => new TextEncoder().encode(s);
const blobs = new Map<string, Uint8Array>();
const stored = (s: string) => {
  const bytes = text(s);
  const oid = gitBlobOid(bytes);
  blobs.set(oid, bytes);
  return oid;
};

function doc(id: string, slug: string, path: string, parentId: string | null, gitPath: string, body: string): DocumentPage {
  const blob = stored(body);
  return { id, kind: 'document', title: id.toUpperCase(), slug, path, parentId, hidden: false, blob, git: { oid: blob, path: gitPath } };
}

const base: RevisionContent = {
  pages: [
    doc('home', 'readme', '', null, 'README.md', '# HOME\n\nWelcome.\n'),
    doc('guide', 'guide', 'guide', null, 'guide/README.md', '---\ndescription: Old\nweight: 3\n---\n\n# GUIDE\n\nSee [home](../README.md).\n'),
    doc('setup', 'setup', 'guide/setup', 'guide', 'guide/setup.md', '# SETUP\n\nSteps.\n'),
  ],
  files: [],
  reusableContents: [],
  variables: {},
};

function context(over: Partial<ApplyContext> = {}): ApplyContext {
  let n = 0;
  return {
    base,
    baseRevisionId: 'rev0',
    spaceRoot: '',
    files: new Map(),
    revisionContent: async (id) => (id === 'rev0' ? base : undefined),
    readBlob: async (oid) => blobs.get(oid),
    newId: () => `new${++n}`,
    ...over,
  };
}

const apply = async (changes: ContentChange[], over?: Partial<ApplyContext>) => await applyChanges(context(over), changes);
const fileOf = (result: Awaited<ReturnType<typeof apply>>, id: string) => {
  const page = result.content.pages.find((p) => p.id === id) as DocumentPage;
  return new TextDecoder().decode(result.blobs.get(page.blob) ?? blobs.get(page.blob));
};
const errorOf = async (fn: () => Promise<unknown>): Promise<DomainError> => {
  try {
    await fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected an error');
};

describe('applyChanges', () => {
  it('inserts a page into a parent at a position, with a unique slug, a git path and the page file', async () => {
    const result = await apply([
      {
        operation: 'insert_page',
        into: 'guide',
        at: 0,
        title: 'Setup',
        document: { markdown: 'Hello [home](/pages/home) and [setup](/pages/guide/setup).\n' },
      },
    ]);
    const page = result.content.pages.find((p) => p.id === 'new1') as DocumentPage;
    expect(page).toMatchObject({ slug: 'setup-1', path: 'guide/setup-1', parentId: 'guide', git: { path: 'guide/setup-1.md' } });
    expect(result.content.pages.map((p) => p.id)).toEqual(['home', 'new1', 'setup'].flatMap((id) => (id === 'new1' ? ['guide', 'new1'] : [id])));
    expect(fileOf(result, 'new1')).toBe('# Setup\n\nHello [home](../README.md) and [setup](setup.md).\n');
    expect(result.pageFiles).toEqual([{ oid: page.blob, path: 'guide/setup-1.md' }]);
    expect(result.outcomes).toEqual([{ object: 'created_page', page: 'new1' }]);
  });

  it('reads title and metadata from markdown frontmatter and H1, over the fields', async () => {
    const result = await apply([
      {
        operation: 'insert_page',
        title: 'Ignored',
        description: 'field',
        document: { markdown: '---\ndescription: From file\nhidden: true\ncustom: 1\n---\n\n# Real title\n\nBody.\n' },
      },
    ]);
    const page = result.content.pages.at(-1) as DocumentPage;
    expect(page).toMatchObject({ title: 'Real title', slug: 'real-title', description: 'From file', hidden: true, path: 'real-title' });
    expect(fileOf(result, page.id)).toBe('---\ndescription: From file\nhidden: true\ncustom: 1\n---\n\n# Real title\n\nBody.\n');
  });

  it('updates metadata only, keeping the body and unknown frontmatter keys', async () => {
    const result = await apply([{ operation: 'update_page', page: 'guide', title: 'Guides', description: 'New' }]);
    const page = result.content.pages.find((p) => p.id === 'guide')!;
    expect(page).toMatchObject({ title: 'Guides', slug: 'guide', path: 'guide' });
    expect(fileOf(result, 'guide')).toBe('---\ndescription: New\nweight: 3\n---\n\n# Guides\n\nSee [home](../README.md).\n');
    expect(result.outcomes).toEqual([{ object: 'updated_page', page: 'guide' }]);
  });

  it('moves a page, recomputing the paths of its subtree, and refuses a move under itself', async () => {
    const result = await apply([{ operation: 'update_page', page: 'setup', into: null, at: 1 }]);
    expect(result.content.pages.map((p) => [p.id, p.path])).toEqual([
      ['home', ''],
      ['setup', 'setup'],
      ['guide', 'guide'],
    ]);
    expect((await errorOf(async () => await apply([{ operation: 'update_page', page: 'guide', into: 'setup' }]))).message).toMatch(
      /^changes\[0\]\.into: .*under itself/,
    );
  });

  it('rejects an explicit slug taken by a sibling, naming the field', async () => {
    const error = await errorOf(async () => await apply([{ operation: 'insert_page', slug: 'guide', document: {} }]));
    expect(error).toMatchObject({ kind: 'invalid' });
    expect(error.message).toMatch(/^changes\[0\]\.slug: /);
  });

  it('deletes a subtree, and a page created then deleted in the batch leaves no trace', async () => {
    const result = await apply([
      { operation: 'insert_page', into: 'setup', document: { markdown: 'x' }, title: 'Deep' },
      { operation: 'delete_page', page: 'guide' },
    ]);
    expect(result.content.pages.map((p) => p.id)).toEqual(['home']);
    expect(result.outcomes).toEqual([
      { object: 'deleted_page', page: 'guide' },
      { object: 'deleted_page', page: 'setup' },
    ]);
  });

  it('fails the whole batch on the first bad change, naming it', async () => {
    const error = await errorOf(
      async () =>
        await apply([
          { operation: 'update_page', page: 'home', title: 'Fine' },
          { operation: 'delete_page', page: 'nope' },
        ]),
    );
    expect(error.message).toBe('changes[1].page: no page nope in the change request');
  });

  it('reverts a page to the base: modified pages reset, deleted ones restored in place, added ones removed', async () => {
    const edited = await apply([
      { operation: 'update_page', page: 'setup', document: { markdown: 'Changed' } },
      { operation: 'delete_page', page: 'home' },
    ]);
    const mid = { ...base, pages: edited.content.pages };
    const result = await apply(
      [
        { operation: 'revert_page', page: 'setup' },
        { operation: 'revert_page', page: 'home' },
      ],
      { base: mid, readBlob: async (oid) => edited.blobs.get(oid) ?? blobs.get(oid) },
    );
    expect(result.content.pages).toEqual(base.pages);
    expect((await errorOf(async () => await apply([{ operation: 'revert_page', page: 'setup', block: ['k'] }]))).message).toMatch(/^changes\[0\]\.block/);
  });

  it('uploads files to .gitbook/assets with GitBook de-duplication, linkable by ref from any change', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const files = new Map([
      [
        1,
        [
          { name: 'a.png', ref: 'pic', contentType: 'image/png', bytes: png },
          { name: 'a.png', contentType: 'image/png', bytes: png },
        ],
      ],
    ]);
    const result = await apply(
      [
        { operation: 'insert_page', into: 'guide', document: { markdown: '# Pics\n\n![x](./pic)\n' } },
        { operation: 'insert_files', files: [] },
      ],
      { files },
    );
    expect(result.insertedFiles.map((f) => f.git?.path)).toEqual(['.gitbook/assets/a.png', '.gitbook/assets/a (1).png']);
    expect(result.insertedFiles[0]).toMatchObject({ name: 'a.png', size: 8, blob: gitBlobOid(png) });
    expect(fileOf(result, 'new1')).toBe('# Pics\n\n![x](../.gitbook/assets/a.png)\n');
  });

  it('writes a document body through fromDocument, page references as relative paths', async () => {
    const document = {
      object: 'document',
      data: {},
      nodes: [
        { object: 'block', type: 'heading-1', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Part', marks: [] }] }] },
        {
          object: 'block',
          type: 'paragraph',
          data: {},
          nodes: [
            {
              object: 'inline',
              type: 'link',
              data: { ref: { kind: 'page', page: 'setup' } },
              nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Setup', marks: [] }] }],
            },
          ],
        },
      ],
    };
    const result = await apply([{ operation: 'update_page', page: 'home', document: { document } as never }]);
    expect(fileOf(result, 'home')).toBe('# HOME\n\n## Part\n\n[Setup](guide/setup.md)\n');
  });
});
