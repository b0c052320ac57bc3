// The merge under change requests, on its own: line-based diff3 and the page-level three-way merge of revision content.
import { describe, expect, it } from 'vitest';
import { diff3Merge } from '../../src/content/merge/diff3.js';
import { mergeContentsWith } from '../../src/content/merge/merge.js';
import { MemoryBlobStore } from '../../src/store/blobs.js';
import type { DocumentPage, RevisionContent, RevisionPage } from '../../src/model/index.js';

describe('diff3Merge', () => {
  const base = 'a\nb\nc\nd\ne\n';
  it('merges edits of different lines, and identical edits', () => {
    expect(diff3Merge(base, 'A\nb\nc\nd\ne\n', 'a\nb\nc\nd\nE\n')).toEqual({ ok: true, text: 'A\nb\nc\nd\nE\n' });
    expect(diff3Merge(base, 'a\nb\nX\nd\ne\n', 'a\nb\nX\nd\ne\n')).toEqual({ ok: true, text: 'a\nb\nX\nd\ne\n' });
    expect(diff3Merge(base, 'a\nnew\nb\nc\nd\ne\n', 'a\nb\nc\ne\n')).toEqual({ ok: true, text: 'a\nnew\nb\nc\ne\n' });
    expect(diff3Merge('', 'x\n', '')).toEqual({ ok: true, text: 'x\n' });
  });

  it('conflicts on different edits of the same lines, and different insertions at one place', () => {
    expect(diff3Merge(base, 'a\nB1\nc\nd\ne\n', 'a\nB2\nc\nd\ne\n')).toEqual({ ok: false, conflicts: 1 });
    expect(diff3Merge(base, `${base}one\n`, `${base}two\n`)).toEqual({ ok: false, conflicts: 1 });
    expect(diff3Merge(base, 'a\nb\nc\nd\n', 'a\nb\nc\nd\nE\n')).toEqual({ ok: false, conflicts: 1 });
  });
});

describe('mergeContents', async () => {
  const blobs = new MemoryBlobStore();
  const doc = async (id: string, text: string, extra: Partial<DocumentPage> = {}): Promise<DocumentPage> => {
    const blob = await blobs.put(Buffer.from(text));
    return {
      id,
      kind: 'document',
      title: id.toUpperCase(),
      slug: id,
      path: id,
      parentId: null,
      hidden: false,
      blob,
      git: { oid: blob, path: `${id}.md` },
      ...extra,
    };
  };
  const content = (pages: RevisionPage[], variables: Record<string, unknown> = {}): RevisionContent => ({ pages, files: [], reusableContents: [], variables });
  const group: RevisionPage = { id: 'g', kind: 'group', title: 'G', slug: 'g', path: 'g', parentId: null, hidden: false };
  const base = content([await doc('a', '# A\n\none\ntwo\nthree\n'), group, await doc('b', '# B\n', { parentId: 'g', path: 'g/b' })], { v: 1, w: 1 });
  const text = async (c: RevisionContent, id: string) => (await blobs.get((c.pages.find((p) => p.id === id) as DocumentPage).blob))!.toString();

  it('applies one-sided changes from both sides: new pages, edits, titles, variables', async () => {
    const [a, g, b] = base.pages as [DocumentPage, RevisionPage, DocumentPage];
    const ours = content([await doc('a', '# A\n\nONE\ntwo\nthree\n'), g, b, await doc('c', '# C\n', { parentId: 'g', path: 'g/c' })], { v: 2, w: 1 });
    const theirs = content([{ ...a, title: 'Renamed' }, g, await doc('b', '# B\n\nmore\n', { parentId: 'g', path: 'g/b' })], { v: 1, w: 3 });
    const { content: merged, conflicts } = await mergeContentsWith(base, ours, theirs, blobs);
    expect(conflicts).toEqual([]);
    expect(merged.pages.map((p) => [p.id, p.parentId])).toEqual([
      ['a', null],
      ['g', null],
      ['b', 'g'],
      ['c', 'g'],
    ]);
    expect(merged.pages[0]!.title).toBe('Renamed');
    expect(await text(merged, 'a')).toBe('# A\n\nONE\ntwo\nthree\n');
    expect(await text(merged, 'b')).toBe('# B\n\nmore\n');
    expect(merged.variables).toEqual({ v: 2, w: 3 });
  });

  it('merges both-sided edits of one page line by line, and keeps git metadata pointing at the merged blob', async () => {
    const ours = content([await doc('a', '# A\n\nONE\ntwo\nthree\n'), ...base.pages.slice(1)]);
    const theirs = content([await doc('a', '# A\n\none\ntwo\nTHREE\n'), ...base.pages.slice(1)]);
    const { content: merged, conflicts } = await mergeContentsWith(
      base,
      { ...ours, variables: base.variables },
      { ...theirs, variables: base.variables },
      blobs,
    );
    expect(conflicts).toEqual([]);
    const page = merged.pages[0] as DocumentPage;
    expect(await text(merged, 'a')).toBe('# A\n\nONE\ntwo\nTHREE\n');
    expect(page.git).toEqual({ oid: page.blob, path: 'a.md' });
  });

  it('reports what cannot merge: same lines, delete against edit, a child added under a deleted parent, a variable', async () => {
    const [, , b] = base.pages as [DocumentPage, RevisionPage, DocumentPage];
    const ours = content([await doc('a', '# A\n\nmine\ntwo\nthree\n'), group, { ...b, title: 'Edited B' }, await doc('c', '# C\n', { parentId: 'g' })], {
      v: 5,
      w: 1,
    });
    const theirs = content([await doc('a', '# A\n\ntheirs\ntwo\nthree\n')], { v: 6, w: 1 });
    const { conflicts } = await mergeContentsWith(base, ours, theirs, blobs);
    expect(conflicts.map((c) => [c.kind, c.id])).toEqual([
      ['page', 'a'],
      ['page', 'b'],
      ['page', 'c'],
      ['variable', 'v'],
    ]);
    expect(conflicts.find((c) => c.id === 'c')!.reason).toMatch(/parent/);
  });

  it('keeps the order of the side that reordered pages, and refuses two different reorders', async () => {
    const [a, g, b] = base.pages;
    const reordered = content([g!, b!, a!], base.variables);
    expect((await mergeContentsWith(base, reordered, base, blobs)).content.pages.map((p) => p.id)).toEqual(['g', 'b', 'a']);
    expect((await mergeContentsWith(base, base, reordered, blobs)).content.pages.map((p) => p.id)).toEqual(['g', 'b', 'a']);
    const other = content([g!, b!, await doc('x', 'x'), a!], base.variables);
    expect((await mergeContentsWith(base, reordered, other, blobs)).conflicts).toEqual([]);

    const three = content([await doc('p', 'p'), await doc('q', 'q'), await doc('r', 'r')]);
    const [p, q, r] = three.pages;
    const conflicts = (await mergeContentsWith(three, content([q!, p!, r!]), content([p!, r!, q!]), blobs)).conflicts;
    expect(conflicts).toEqual([expect.objectContaining({ kind: 'page', id: '', reason: expect.stringMatching(/reordered/) })]);
  });
});
