// backends: SQLite, and PostgreSQL in the domain-postgres project.
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentPage } from '../../src/model/index.js';
import { cleanTemps, lines, SAMPLE, synced } from './two-way-helpers.js';

afterAll(cleanTemps);

describe('two-way docs sync', () => {
  it('does nothing when neither side moved, and imports when only git moved', async () => {
    const s = await synced();
    const snapshot = await s.store.snapshot();
    const [nothing] = await s.sync();
    expect(nothing).toMatchObject({ action: 'nothing', commit: null, conflicts: [], failed: false });
    expect(await s.store.snapshot()).toEqual(snapshot);

    s.repo.commit({ 'api.md': lines('# API', '', 'The API, from git.') });
    const [imported] = await s.sync();
    expect(imported).toMatchObject({ action: 'import', pagesChanged: 1, commit: null });
    expect(await s.body(await s.pageAt('api.md'))).toContain('from git');
  });

  it('exports when only the space moved, and the next sync does nothing', async () => {
    const s = await synced();
    await s.setBody('api.md', lines('# API', '', 'The API, from the space.'));
    const [exported] = await s.sync();
    expect(exported).toMatchObject({ action: 'export', written: ['api.md'], removed: [] });
    expect(exported!.commit).toBe(s.repo.git('rev-parse', 'main'));
    expect(s.repo.show('api.md')).toContain('from the space');
    const [again] = await s.sync();
    expect(again).toMatchObject({ action: 'nothing', commit: null });
  });

  it('merges edits of different pages from both sides into the space and one commit', async () => {
    const s = await synced();
    const gitCommit = s.repo.commit({ 'api.md': lines('# API', '', 'The API, from git.') });
    await s.setBody('faq.md', lines('# FAQ', '', 'Questions, from the space.'));
    const [merged] = await s.sync();
    expect(merged).toMatchObject({ action: 'merge', conflicts: [], failed: false, written: ['faq.md'] });
    expect(await s.body(await s.pageAt('api.md'))).toContain('from git');
    expect(await s.body(await s.pageAt('faq.md'))).toContain('from the space');
    expect(s.repo.show('faq.md')).toContain('from the space');
    expect(s.repo.show('api.md')).toContain('from git');
    expect(s.repo.git('rev-parse', 'main^')).toBe(gitCommit);
    expect((await s.sync())[0]).toMatchObject({ action: 'nothing' });
  });

  it('merges edits of different lines of one page', async () => {
    const s = await synced();
    s.repo.commit({ 'guide.md': SAMPLE['guide.md'].replace('Fourth line.', 'Fourth line, from git.') });
    await s.setBody('guide.md', SAMPLE['guide.md'].replace('First line.', 'First line, from the space.'));
    const [merged] = await s.sync();
    expect(merged).toMatchObject({ action: 'merge', conflicts: [] });
    const expected = SAMPLE['guide.md'].replace('Fourth line.', 'Fourth line, from git.').replace('First line.', 'First line, from the space.');
    expect(await s.body(await s.pageAt('guide.md'))).toBe(expected);
    expect(`${s.repo.show('guide.md')}\n`).toBe(expected);
  });
});

describe('true conflicts', () => {
  const conflict = async () => {
    const s = await synced();
    const gitCommit = s.repo.commit({ 'api.md': lines('# API', '', 'The API, by git.'), 'faq.md': lines('# FAQ', '', 'Questions, by git.') });
    const spaceRevision = await s.setBody('api.md', lines('# API', '', 'The API, by the space.'));
    return { s, gitCommit, spaceRevision };
  };

  it('--conflict git: git wins the page, the space version is kept in its revision and reported', async () => {
    const { s, gitCommit, spaceRevision } = await conflict();
    const [report] = await s.sync({ conflict: 'git' });
    expect(report).toMatchObject({ action: 'merge', failed: false, policy: 'git' });
    expect(report!.conflicts).toEqual([
      expect.objectContaining({ kind: 'page', title: 'API', winner: 'git', kept: [{ side: 'space', revisionId: spaceRevision, commit: null }] }),
    ]);
    expect(await s.body(await s.pageAt('api.md'))).toContain('by git');
    expect(await s.body(await s.pageAt('faq.md'))).toContain('by git');
    expect(await s.body(await s.pageAt('api.md', await s.content(spaceRevision)))).toContain('by the space');
    // Nothing of the space's survived, so git needs no new commit.
    expect(s.repo.git('rev-parse', 'main')).toBe(gitCommit);
    expect((await s.store.revisions.get(report!.revisionId!))!.parents).toContain(spaceRevision);
  });

  it('--conflict space: the space wins the page, the git version is kept in a revision and in its commit', async () => {
    const { s, gitCommit } = await conflict();
    const [report] = await s.sync({ conflict: 'space' });
    const [entry] = report!.conflicts;
    expect(entry).toMatchObject({ winner: 'space', kept: [{ side: 'git', commit: gitCommit }] });
    expect(await s.body(await s.pageAt('api.md', await s.content(entry!.kept[0]!.revisionId!)))).toContain('by git');
    expect(await s.body(await s.pageAt('api.md'))).toContain('by the space');
    expect(await s.body(await s.pageAt('faq.md'))).toContain('by git');
    expect(s.repo.show('api.md')).toContain('by the space');
    expect(s.repo.git('rev-parse', 'main^')).toBe(gitCommit);
  });

  it('--conflict fail: reports the conflict and changes neither side', async () => {
    const { s, gitCommit, spaceRevision } = await conflict();
    const snapshot = await s.store.snapshot();
    const state = await s.store.revisions.syncState(s.spaceId);
    const [report] = await s.sync({ conflict: 'fail' });
    expect(report).toMatchObject({ failed: true, commit: null, revisionId: null });
    expect(report!.conflicts).toEqual([expect.objectContaining({ title: 'API', winner: null })]);
    expect((await s.current()).revisionId).toBe(spaceRevision);
    expect(s.repo.git('rev-parse', 'main')).toBe(gitCommit);
    expect(await s.store.revisions.syncState(s.spaceId)).toEqual(state);
    expect((await s.store.snapshot()).revisions).toEqual(snapshot.revisions);
  });
});

describe('structure changes on both sides', () => {
  it('moves a page moved in git and keeps the edit made in the space', async () => {
    const s = await synced();
    const id = (await s.pageAt('api.md')).id;
    s.repo.git('mv', 'api.md', 'reference.md');
    s.repo.commit({ 'SUMMARY.md': SAMPLE['SUMMARY.md'].replace('(api.md)', '(reference.md)') });
    await s.setBody('api.md', lines('# API', '', 'The API, edited in the space.'));
    const [report] = await s.sync();
    expect(report).toMatchObject({ action: 'merge', conflicts: [] });
    const page = await s.pageAt('reference.md');
    expect(page.id).toBe(id);
    expect(await s.body(page)).toContain('edited in the space');
    expect(s.repo.show('reference.md')).toContain('edited in the space');
    expect(() => s.repo.show('api.md')).toThrow();
  });

  it('settles a page deleted in git and edited in the space by the policy', async () => {
    const s = await synced();
    s.repo.commit({ 'faq.md': null, 'SUMMARY.md': SAMPLE['SUMMARY.md'].replace('* [FAQ](faq.md)\n', '') });
    const edited = await s.setBody('faq.md', lines('# FAQ', '', 'Questions, edited.'));
    const [report] = await s.sync({ conflict: 'space' });
    expect(report!.conflicts).toEqual([expect.objectContaining({ title: 'FAQ', reason: expect.stringContaining('deleted'), winner: 'space' })]);
    expect(await s.body(await s.pageAt('faq.md'))).toContain('edited');
    expect(s.repo.show('faq.md')).toContain('edited');
    expect(s.repo.show('SUMMARY.md')).toContain('(faq.md)');
    expect((await s.store.revisions.get((await s.current()).revisionId))!.parents.length).toBeGreaterThan(0);
    expect(report!.conflicts[0]!.kept[0]!.side).toBe('git');
    expect(edited).not.toBe((await s.current()).revisionId);
  });

  it('moves a page moved in the space and keeps the edit made in git', async () => {
    const s = await synced();
    const id = (await s.pageAt('api.md')).id;
    const faq = (await s.pageAt('faq.md')).id;
    s.repo.commit({ 'api.md': lines('# API', '', 'The API, edited in git.') });
    // Through the API: api becomes FAQ's child, after it; its file is still api.md until the export.
    await s.editSpace((pages) => {
      const api = { ...pages.find((p) => p.id === id)!, parentId: faq, path: 'faq/api' };
      return [...pages.filter((p) => p.id !== id), api];
    });
    const [report] = await s.sync();
    expect(report).toMatchObject({ action: 'merge', conflicts: [] });
    const page = (await s.content()).pages.find((p) => p.id === id) as DocumentPage;
    expect(page).toMatchObject({ parentId: faq });
    expect(await s.body(page)).toContain('edited in git');
    expect(page.git!.path).not.toBe('api.md');
    expect(report!.removed).toContain('api.md');
    expect(() => s.repo.show('api.md')).toThrow();
    expect(s.repo.show(page.git!.path)).toContain('edited in git');
    expect(s.repo.show('SUMMARY.md')).toContain(`  * [API](${page.git!.path})`);
    expect((await s.sync())[0]).toMatchObject({ action: 'nothing' });
  });

  it.each(['git', 'space', 'fail'] as const)(
    'settles a page deleted in the space and edited in git with --conflict %s, losing nothing silently',
    async (policy) => {
      const s = await synced();
      const faq = await s.pageAt('faq.md');
      const gitCommit = s.repo.commit({ 'faq.md': lines('# FAQ', '', 'Questions, edited in git.') });
      const deleted = await s.editSpace((pages) => pages.filter((p) => p.id !== faq.id));
      const [report] = await s.sync({ conflict: policy });
      const entry = expect.objectContaining({ kind: 'page', id: faq.id, title: 'FAQ', reason: expect.stringContaining('deleted') });
      expect(report!.conflicts).toEqual([entry]);
      if (policy === 'fail') {
        expect(report).toMatchObject({ failed: true, commit: null, revisionId: null });
        expect((await s.current()).revisionId).toBe(deleted);
        expect(s.repo.git('rev-parse', 'main')).toBe(gitCommit);
        return;
      }
      expect(report!.conflicts[0]!.winner).toBe(policy);
      if (policy === 'git') {
        // The edit stands, in the space and the repository; the deletion is kept in the space's revision.
        expect(await s.body(await s.pageAt('faq.md'))).toContain('edited in git');
        expect(s.repo.git('rev-parse', 'main')).toBe(gitCommit);
        expect(report!.conflicts[0]!.kept).toEqual([{ side: 'space', revisionId: deleted, commit: null }]);
        expect((await s.content(deleted)).pages.some((p) => p.id === faq.id)).toBe(false);
      } else {
        // The page is gone from both sides; git's edit is kept in a revision of the space and in its commit.
        expect((await s.content()).pages.some((p) => p.id === faq.id)).toBe(false);
        expect(() => s.repo.show('faq.md')).toThrow();
        expect(s.repo.show('SUMMARY.md')).not.toContain('faq.md');
        expect(s.repo.git('rev-parse', 'main^')).toBe(gitCommit);
        const [kept] = report!.conflicts[0]!.kept;
        expect(kept).toMatchObject({ side: 'git', commit: gitCommit });
        expect(await s.body(await s.pageAt('faq.md', await s.content(kept!.revisionId!)))).toContain('edited in git');
        expect((await s.store.revisions.get((await s.current()).revisionId))!.parents).toEqual(expect.arrayContaining([kept!.revisionId, deleted]));
      }
      expect((await s.sync({ conflict: policy }))[0]).toMatchObject({ action: 'nothing' });
    },
  );

  it('reorders SUMMARY on both sides: a conflict the policy settles, with every other change kept', async () => {
    const s = await synced();
    s.repo.commit({
      'SUMMARY.md': lines('# Table of contents', '', '* [Welcome](README.md)', '* [FAQ](faq.md)', '* [API](api.md)', '* [Guide](guide.md)'),
      'api.md': lines('# API', '', 'The API, from git.'),
    });
    const order = async (ids: string[]) => await s.editSpace((pages) => ids.map((path) => pages.find((p) => p.kind === 'document' && p.git?.path === path)!));
    await order(['README.md', 'guide.md', 'faq.md', 'api.md']);
    const [report] = await s.sync({ conflict: 'git' });
    expect(report!.conflicts).toEqual([expect.objectContaining({ reason: expect.stringContaining('reordered'), winner: 'git' })]);
    expect((await s.content()).pages.map((p) => p.title)).toEqual(['Welcome', 'FAQ', 'API', 'Guide']);
    expect(await s.body(await s.pageAt('api.md'))).toContain('from git');
  });
});

describe('a rewritten repository', () => {
  it('takes the new tip after a force-push, merging the space edits onto it', async () => {
    const s = await synced();
    s.repo.commit({
      'api.md': lines('# API', '', 'Soon gone.'),
      'gone.md': lines('# Gone', '', 'A page the force-push removes.'),
      'SUMMARY.md': `${SAMPLE['SUMMARY.md']}* [Gone](gone.md)\n`,
    });
    await s.sync();
    const gone = await s.pageAt('gone.md');
    expect(gone).toBeDefined();
    s.repo.git('reset', '-q', '--hard', 'HEAD~1');
    const tip = s.repo.commit({ 'guide.md': SAMPLE['guide.md'].replace('Third line.', 'Third line, rewritten.') }, 'rewritten');
    await s.setBody('faq.md', lines('# FAQ', '', 'Questions, from the space.'));
    const [report] = await s.sync();
    expect(report!.warnings.some((w) => w.includes('rewritten'))).toBe(true);
    expect(report).toMatchObject({ action: 'merge', conflicts: [] });
    expect(await s.body(await s.pageAt('guide.md'))).toContain('rewritten');
    expect(await s.body(await s.pageAt('faq.md'))).toContain('from the space');
    expect(s.repo.git('rev-parse', 'main^')).toBe(tip);
    expect(s.repo.show('faq.md')).toContain('from the space');
    // What only the rewritten-away commit had is gone from the space and stays out of the repository.
    expect((await s.content()).pages.map((p) => p.id)).not.toContain(gone.id);
    expect((await s.content()).pages.map((p) => p.title)).toEqual(['Welcome', 'Guide', 'API', 'FAQ']);
    expect(await s.body(await s.pageAt('api.md'))).toBe(SAMPLE['api.md']);
    expect(() => s.repo.show('gone.md')).toThrow();
    expect(s.repo.show('SUMMARY.md')).not.toContain('gone.md');
    expect((await s.sync())[0]).toMatchObject({ action: 'nothing' });
  });
});

describe('refs that are not branches', () => {
  it('imports a tag or a commit without exporting anything to it', async () => {
    const s = await synced();
    const tagged = s.repo.commit({ 'api.md': lines('# API', '', 'Tagged.') });
    s.repo.git('tag', 'v1');
    s.repo.commit({ 'api.md': lines('# API', '', 'After the tag.') });
    const [report] = await s.sync({ ref: 'v1' });
    expect(report).toMatchObject({ action: 'import', commit: null });
    expect(await s.body(await s.pageAt('api.md'))).toContain('Tagged.');
    expect((await s.store.revisions.get((await s.current()).revisionId))!.git).toMatchObject({ oid: tagged });
    expect(await s.store.changeRequests.list([s.spaceId], {})).toEqual([]);
    // Back on the branch, the space follows main again.
    const [back] = await s.sync();
    expect(back).toMatchObject({ action: 'import' });
    expect(await s.body(await s.pageAt('api.md'))).toContain('After the tag.');
    expect(await s.store.changeRequests.list([s.spaceId], {})).toEqual([]);
  });
});

describe('an export whose process died between its commit and the store', () => {
  /** A synced space with a page added in it, exported by a process that dies before the store records the commit. */
  async function killedExport() {
    const s = await synced();
    const welcome = (await s.content()).pages.find((p) => p.kind === 'document') as DocumentPage;
    await s.editSpace(async (pages) => [
      ...pages,
      {
        ...welcome,
        id: 'added-in-space',
        title: 'Added',
        slug: 'added',
        path: 'added',
        git: null,
        blob: await s.store.blobs.put(Buffer.from(lines('# Added', '', 'New.'))),
      },
    ]);
    // The store refuses the record, as a dead process would never send it.
    const record = s.domain.sync.recordExport;
    s.domain.sync.recordExport = async () => {
      throw new Error('killed');
    };
    await expect(s.sync()).rejects.toThrow('killed');
    s.domain.sync.recordExport = record;
    return { s, tip: s.repo.git('rev-parse', 'main') };
  }

  it('is recognised on the next sync: its pages are not added a second time, and nothing is left to do', async () => {
    const { s, tip } = await killedExport();
    expect(s.repo.show('SUMMARY.md')).toContain('[Added]');

    const [recovered] = await s.sync();
    expect(recovered).toMatchObject({ action: 'export', commit: tip, conflicts: [], failed: false });
    expect((await s.content()).pages.filter((p) => p.title === 'Added')).toHaveLength(1);
    expect(s.repo.git('rev-parse', 'main')).toBe(tip);
    expect(s.repo.show('SUMMARY.md').split('[Added]')).toHaveLength(2);
    expect((await s.store.revisions.syncState(s.spaceId))!.commit).toBe(tip);
    expect((await s.sync())[0]).toMatchObject({ action: 'nothing' });
  });

  it('with the space edited again before the next sync, records the commit as the export of the revision it holds, then exports the later edit on top of it', async () => {
    const { s, tip } = await killedExport();
    await s.setBody('api.md', lines('# API', '', 'Edited after the crash.'));

    const [recovered] = await s.sync();
    expect(recovered).toMatchObject({ action: 'export', conflicts: [], failed: false, written: ['api.md'] });
    expect((await s.content()).pages.filter((p) => p.title === 'Added')).toHaveLength(1);
    expect(s.repo.git('rev-parse', 'main^')).toBe(tip);
    expect(s.repo.show('api.md')).toContain('Edited after the crash.');
    expect(s.repo.show('SUMMARY.md').split('[Added]')).toHaveLength(2);
    expect((await s.sync())[0]).toMatchObject({ action: 'nothing' });
  });
});
