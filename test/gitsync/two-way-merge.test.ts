import { describe, expect, it } from 'vitest';
import { decide } from '../../src/gitsync/two-way/decide.js';
import { mergeSides } from '../../src/gitsync/two-way/merge.js';
import type { ConflictPolicy } from '../../src/gitsync/two-way/policy.js';
import type { DocumentPage, RevisionContent, RevisionPage } from '../../src/model/index.js';
import { memoryStore } from '../../src/store/index.js';

const blobs = memoryStore().blobs;
const text = async (oid: string) => (await blobs.get(oid))!.toString('utf8');

async function page(id: string, body: string, extra: Partial<DocumentPage> = {}): Promise<DocumentPage> {
  const blob = await blobs.put(Buffer.from(body, 'utf8'));
  const path = extra.path ?? id;
  return {
    id,
    kind: 'document',
    title: id.toUpperCase(),
    slug: path.split('/').at(-1)!,
    path,
    parentId: null,
    hidden: false,
    blob,
    git: { oid: blob, path: `${path}.md` },
    ...extra,
  };
}

const content = (pages: RevisionPage[]): RevisionContent => ({ pages, files: [], reusableContents: [], variables: {} });
const edit = async (c: RevisionContent, id: string, body: string): Promise<RevisionContent> => ({
  ...c,
  pages: await Promise.all(c.pages.map(async (p) => (p.id === id && p.kind === 'document' ? { ...p, blob: await blobs.put(Buffer.from(body, 'utf8')) } : p))),
});
const bodyOf = async (c: RevisionContent, id: string) => await text((c.pages.find((p) => p.id === id) as DocumentPage).blob);

const lines = (...l: string[]) => `${l.join('\n')}\n`;
const base = content([
  await page('intro', lines('# Intro', '', 'one', '', 'two', '', 'three', '', 'four')),
  await page('guide', lines('# Guide', '', 'alpha')),
  await page('api', lines('# API', '', 'beta')),
]);

describe('deciding what a two-way sync does', () => {
  it('imports, exports, merges or does nothing from what moved', () => {
    expect(decide({ syncedRevisionId: 'r0', spaceRevisionId: 'r0', gitChanged: false })).toBe('nothing');
    expect(decide({ syncedRevisionId: 'r0', spaceRevisionId: 'r0', gitChanged: true })).toBe('import');
    expect(decide({ syncedRevisionId: 'r0', spaceRevisionId: 'r1', gitChanged: false })).toBe('export');
    expect(decide({ syncedRevisionId: 'r0', spaceRevisionId: 'r1', gitChanged: true })).toBe('merge');
    expect(decide({ syncedRevisionId: null, spaceRevisionId: 'r1', gitChanged: true })).toBe('import');
  });
});

describe('merging the space and the repository against the last sync', () => {
  it('applies edits of different pages from both sides', async () => {
    const space = await edit(base, 'guide', lines('# Guide', '', 'alpha from the space'));
    const git = await edit(base, 'api', lines('# API', '', 'beta from git'));
    const merged = await mergeSides(base, space, git, blobs, 'fail');
    expect(merged.conflicts).toEqual([]);
    expect(await bodyOf(merged.content!, 'guide')).toContain('alpha from the space');
    expect(await bodyOf(merged.content!, 'api')).toContain('beta from git');
  });

  it('merges edits of different lines of one page line by line', async () => {
    const space = await edit(base, 'intro', lines('# Intro', '', 'ONE (space)', '', 'two', '', 'three', '', 'four'));
    const git = await edit(base, 'intro', lines('# Intro', '', 'one', '', 'two', '', 'three', '', 'FOUR (git)'));
    const merged = await mergeSides(base, space, git, blobs, 'fail');
    expect(merged.conflicts).toEqual([]);
    expect(await bodyOf(merged.content!, 'intro')).toBe(lines('# Intro', '', 'ONE (space)', '', 'two', '', 'three', '', 'FOUR (git)'));
  });

  const conflicting = async () => ({
    space: await edit(
      await edit(base, 'intro', lines('# Intro', '', 'one by the space', '', 'two', '', 'three', '', 'four')),
      'guide',
      lines('# Guide', '', 'space only'),
    ),
    git: await edit(await edit(base, 'intro', lines('# Intro', '', 'one by git', '', 'two', '', 'three', '', 'four')), 'api', lines('# API', '', 'git only')),
  });

  it.each([
    ['git', 'one by git'],
    ['space', 'one by the space'],
  ] as [ConflictPolicy, string][])('settles a true conflict with --conflict %s and keeps every other change', async (policy, winner) => {
    const { space, git } = await conflicting();
    const merged = await mergeSides(base, space, git, blobs, policy);
    expect(merged.winner).toBe(policy);
    expect(merged.conflicts).toEqual([expect.objectContaining({ kind: 'page', id: 'intro', reason: expect.stringContaining('same lines') })]);
    expect(await bodyOf(merged.content!, 'intro')).toContain(winner);
    expect(await bodyOf(merged.content!, 'guide')).toContain('space only');
    expect(await bodyOf(merged.content!, 'api')).toContain('git only');
  });

  it('stops on a true conflict with --conflict fail, listing it and merging nothing', async () => {
    const { space, git } = await conflicting();
    const merged = await mergeSides(base, space, git, blobs, 'fail');
    expect(merged.content).toBeNull();
    expect(merged.winner).toBeNull();
    expect(merged.conflicts.map((c) => c.id)).toEqual(['intro']);
  });

  it('moves a page moved on one side and keeps the edit made on the other', async () => {
    const group: RevisionPage = { id: 'group', kind: 'group', title: 'Reference', slug: 'reference', path: 'reference', parentId: null, hidden: false };
    const withGroup = content([...base.pages, group]);
    const git = content(
      withGroup.pages.map((p) =>
        p.id === 'api' && p.kind === 'document' ? { ...p, parentId: 'group', path: 'reference/api', git: { oid: p.blob, path: 'reference/api.md' } } : p,
      ),
    );
    const gitOrdered = content([...git.pages.filter((p) => p.id !== 'api'), git.pages.find((p) => p.id === 'api')!]);
    const space = await edit(withGroup, 'api', lines('# API', '', 'beta, edited in the space'));
    const merged = await mergeSides(withGroup, space, gitOrdered, blobs, 'fail');
    expect(merged.conflicts).toEqual([]);
    const moved = merged.content!.pages.find((p) => p.id === 'api') as DocumentPage;
    expect(moved).toMatchObject({ parentId: 'group', path: 'reference/api' });
    expect(moved.git?.path).toBe('reference/api.md');
    expect(await text(moved.blob)).toContain('edited in the space');
    expect(merged.content!.pages.map((p) => p.id)).toEqual(['intro', 'guide', 'group', 'api']);
  });

  it('moves a page moved in the space and keeps the edit made in git', async () => {
    const group: RevisionPage = { id: 'group', kind: 'group', title: 'Reference', slug: 'reference', path: 'reference', parentId: null, hidden: false };
    const withGroup = content([...base.pages, group]);
    // A move through the API: new parent, path and place; the page keeps its git ref until the export places it.
    const moved = withGroup.pages.map((p) => (p.id === 'api' ? { ...p, parentId: 'group', path: 'reference/api' } : p));
    const space = content([...moved.filter((p) => p.id !== 'api'), moved.find((p) => p.id === 'api')!]);
    const git = await edit(withGroup, 'api', lines('# API', '', 'beta, edited in git'));
    for (const policy of ['git', 'space', 'fail'] as ConflictPolicy[]) {
      const merged = await mergeSides(withGroup, space, git, blobs, policy);
      expect(merged.conflicts).toEqual([]);
      const page = merged.content!.pages.find((p) => p.id === 'api') as DocumentPage;
      expect(page).toMatchObject({ parentId: 'group', path: 'reference/api' });
      expect(await text(page.blob)).toContain('edited in git');
      expect(page.git).toEqual({ oid: page.blob, path: 'api.md' });
      expect(merged.content!.pages.map((p) => p.id)).toEqual(['intro', 'guide', 'group', 'api']);
    }
  });

  it('settles a page deleted in the space and edited in git by the policy, the edit never lost silently', async () => {
    const space = content(base.pages.filter((p) => p.id !== 'guide'));
    const git = await edit(base, 'guide', lines('# Guide', '', 'alpha, edited in git'));
    const byGit = await mergeSides(base, space, git, blobs, 'git');
    expect(byGit.conflicts).toEqual([expect.objectContaining({ kind: 'page', id: 'guide', reason: expect.stringContaining('deleted') })]);
    expect(byGit.winner).toBe('git');
    expect(byGit.content!.pages.map((p) => p.id)).toEqual(['intro', 'guide', 'api']);
    expect(await bodyOf(byGit.content!, 'guide')).toContain('edited in git');
    const bySpace = await mergeSides(base, space, git, blobs, 'space');
    expect(bySpace.conflicts).toEqual(byGit.conflicts);
    expect(bySpace.winner).toBe('space');
    expect(bySpace.content!.pages.map((p) => p.id)).toEqual(['intro', 'api']);
    const failed = await mergeSides(base, space, git, blobs, 'fail');
    expect(failed.content).toBeNull();
    expect(failed.conflicts.map((c) => c.id)).toEqual(['guide']);
  });

  it('keeps the child git added under a page the space deleted, or reports it', async () => {
    const git = content([
      ...(await edit(base, 'api', lines('# API', '', 'beta, edited in git'))).pages,
      await page('child', lines('# Child'), { parentId: 'api', path: 'api/child' }),
    ]);
    const space = content(base.pages.filter((p) => p.id !== 'api'));
    const byGit = await mergeSides(base, space, git, blobs, 'git');
    expect(byGit.content!.pages.map((p) => p.id)).toEqual(['intro', 'guide', 'api', 'child']);
    const bySpace = await mergeSides(base, space, git, blobs, 'space');
    expect(bySpace.conflicts.map((c) => c.id)).toEqual(['api', 'child']);
    expect(bySpace.content!.pages.map((p) => p.id)).toEqual(['intro', 'guide']);
  });

  it('settles a page deleted on one side and edited on the other by the policy, the edit never lost silently', async () => {
    const git = content(base.pages.filter((p) => p.id !== 'guide'));
    const space = await edit(base, 'guide', lines('# Guide', '', 'alpha, edited'));
    const byGit = await mergeSides(base, space, git, blobs, 'git');
    expect(byGit.conflicts).toEqual([expect.objectContaining({ id: 'guide', reason: expect.stringContaining('deleted') })]);
    expect(byGit.content!.pages.map((p) => p.id)).toEqual(['intro', 'api']);
    const bySpace = await mergeSides(base, space, git, blobs, 'space');
    expect(bySpace.content!.pages.map((p) => p.id)).toEqual(['intro', 'guide', 'api']);
    expect(await bodyOf(bySpace.content!, 'guide')).toContain('alpha, edited');
    expect((await mergeSides(base, space, git, blobs, 'fail')).content).toBeNull();
  });

  it('keeps a page deleted on one side when its edit on the other wins, with the parent it needs', async () => {
    const child = await page('child', lines('# Child', '', 'x'), { parentId: 'api', path: 'api/child' });
    const tree = content([...base.pages, child]);
    const git = content(tree.pages.filter((p) => p.id !== 'api' && p.id !== 'child'));
    const space = await edit(tree, 'child', lines('# Child', '', 'x, edited'));
    const merged = await mergeSides(tree, space, git, blobs, 'space');
    expect(merged.content!.pages.map((p) => p.id)).toEqual(['intro', 'guide', 'api', 'child']);
    expect(await bodyOf(merged.content!, 'child')).toContain('x, edited');
  });

  it('reorders the table of contents: one side alone wins; both differently is a conflict the policy settles', async () => {
    const reorder = (c: RevisionContent, ids: string[]) => content(ids.map((id) => c.pages.find((p) => p.id === id)!));
    const space = reorder(base, ['api', 'intro', 'guide']);
    const alone = await mergeSides(base, space, await edit(base, 'guide', lines('# Guide', '', 'git edit')), blobs, 'fail');
    expect(alone.content!.pages.map((p) => p.id)).toEqual(['api', 'intro', 'guide']);
    expect(await bodyOf(alone.content!, 'guide')).toContain('git edit');

    const git = await edit(reorder(base, ['guide', 'api', 'intro']), 'intro', lines('# Intro', '', 'one', '', 'two', '', 'three', '', 'four, by git'));
    const both = await mergeSides(base, space, git, blobs, 'git');
    expect(both.conflicts).toEqual([expect.objectContaining({ id: '', reason: expect.stringContaining('reordered') })]);
    expect(both.content!.pages.map((p) => p.id)).toEqual(['guide', 'api', 'intro']);
    expect(await bodyOf(both.content!, 'intro')).toContain('four, by git');
    expect((await mergeSides(base, space, git, blobs, 'space')).content!.pages.map((p) => p.id)).toEqual(['api', 'intro', 'guide']);
    expect((await mergeSides(base, space, git, blobs, 'fail')).content).toBeNull();
  });
});
