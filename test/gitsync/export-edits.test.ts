// backends: SQLite, and PostgreSQL in the domain-postgres project.
// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyChanges } from '../../src/domain/content-writes/apply-changes.js';
import type { ContentChange } from '../../src/domain/content-writes/changes.js';
import type { PreparedFile } from '../../src/domain/content-writes/files.js';
import { exportRevision } from '../../src/gitsync/export/export.js';
import { SERVICE_AUTHOR } from '../../src/gitsync/export/write.js';
import { newId, type RevisionPage } from '../../src/model/index.js';
import { changedFiles, cleanTemps, git, lsTree, tempRepo } from './export-helpers.js';
import { setup } from './helpers.js';

afterAll(cleanTemps);

type Env = Awaited<ReturnType<typeof setup>>;

/** Applies `changes` to the space's current revision as the API writer does, and moves the space to the result. */
async function edit(env: Env, spaceId: string, changes: ContentChange[], files = new Map<number, PreparedFile[]>()): Promise<string> {
  const { store } = env;
  const space = (await store.content.space(spaceId))!;
  const result = await applyChanges(
    {
      base: await store.revisions.content(space.revisionId),
      baseRevisionId: space.revisionId,
      spaceRoot: '',
      files,
      revisionContent: async (id) => await store.revisions.content(id),
      readBlob: async (oid) => (await store.blobs.get(oid)) ?? undefined,
      newId,
    },
    changes,
  );
  for (const bytes of result.blobs.values()) await store.blobs.put(bytes);
  const id = newId();
  const now = new Date().toISOString();
  await store.tx(async () => {
    await store.revisions.insert({ id, spaceId, parents: [space.revisionId], type: 'edits', git: null, createdAt: now }, result.content);
    expect(await store.content.setSpaceRevision(spaceId, space.revisionId, id, now)).toBe(true);
  });
  return id;
}

async function imported(corpus: string) {
  const repo = tempRepo(corpus);
  const env = await setup();
  const [report] = await env.sync(repo, { space: 'Docs' });
  const spaceId = report!.space.id;
  const page = async (title: string): Promise<RevisionPage> => {
    const content = await env.store.revisions.content((await env.store.content.space(spaceId))!.revisionId);
    return content.pages.find((p) => p.title === title)!;
  };
  return { repo, env, spaceId, page, main: git(repo, 'rev-parse', 'main').trim() };
}

const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));

describe('exporting edits made through the domain', () => {
  it('writes one commit with exactly the changed, new, moved, deleted and renamed pages and the new asset', async () => {
    const { repo, env, spaceId, page, main } = await imported('git-sync-normalization');
    const group = await page('This is a group');
    const revisionId = await edit(
      env,
      spaceId,
      [
        { operation: 'update_page', page: (await page('Quote')).id, document: { markdown: '# Quote\n\n> A changed quote.\n' } },
        { operation: 'insert_page', document: { markdown: '# Brand new page\n\nHello.\n' } },
        { operation: 'update_page', page: (await page('Emoji')).id, into: group.id },
        { operation: 'delete_page', page: (await page('Tabs')).id },
        { operation: 'update_page', page: (await page('Lists')).id, title: 'Lists and bullets' },
        { operation: 'insert_files', files: [] },
      ],
      new Map([[5, [{ name: 'sofianna-customer-avatar.png', contentType: 'image/png', bytes: PNG }]]]),
    );

    const result = await exportRevision(env.domain, { dir: repo, spaceId, revisionId, ref: 'main', message: 'QUIRE-1: Edits' });
    expect(result.commit).not.toBeNull();
    const changed = changedFiles(repo, main, 'main');
    expect(Object.fromEntries([...changed].sort())).toEqual({
      '.gitbook/assets/sofianna-customer-avatar (1).png': 'A',
      'SUMMARY.md': 'M',
      'brand-new-page.md': 'A',
      'emoji.md': 'D',
      'lists.md': 'M',
      'page-link.md': 'M',
      'quote.md': 'M',
      'tabs.md': 'D',
      'this-is-a-group/emoji.md': 'A',
    });
    expect(result.written).toEqual(
      [...changed]
        .filter(([, s]) => s !== 'D')
        .map(([p]) => p)
        .sort(),
    );
    expect(result.removed).toEqual(['emoji.md', 'tabs.md']);

    expect(git(repo, 'show', 'main:quote.md')).toBe('# Quote\n\n> A changed quote.\n');
    expect(lsTree(repo, 'main').get('this-is-a-group/emoji.md')).toBe(lsTree(repo, main).get('emoji.md'));
    expect(git(repo, 'show', 'main:lists.md')).toMatch(/^---\ndescription: Ordered and unordered lists\n---\n\n# Lists and bullets\n/);
    expect(git(repo, 'show', 'main:page-link.md')).toContain('{% page-ref page="this-is-a-group/emoji.md" %}');
    const summary = git(repo, 'show', 'main:SUMMARY.md');
    expect(summary).toContain('* [Lists and bullets](lists.md)\n');
    expect(summary).toContain('* [Emoji](this-is-a-group/emoji.md)\n');
    expect(summary).toContain('* [Brand new page](brand-new-page.md)\n');
    expect(summary).not.toContain('tabs.md');
    expect(git(repo, 'show', 'main:.gitbook/assets/sofianna-customer-avatar (1).png', '--format=')).toBeTruthy();
    expect(git(repo, 'log', '-1', '--format=%an <%ae>|%s', 'main').trim()).toBe(`${SERVICE_AUTHOR.name} <${SERVICE_AUTHOR.email}>|QUIRE-1: Edits`);
    expect(git(repo, 'rev-parse', 'main~1').trim()).toBe(main);
    // main is checked out: the work tree and index follow the commit.
    expect(git(repo, 'status', '--porcelain')).toBe('');

    // The pair is remembered: the space's revision records the commit, and syncing the commit back changes nothing.
    const state = (await env.store.revisions.syncState(spaceId))!;
    const space = (await env.store.content.space(spaceId))!;
    expect(state).toMatchObject({ commit: result.commit, revisionId: space.revisionId });
    expect((await env.store.revisions.get(space.revisionId))!.git).toMatchObject({ oid: result.commit, createdByService: true });
    for (const p of (await env.store.revisions.content(space.revisionId)).pages) {
      if (p.kind === 'document') expect(lsTree(repo, 'main').get(p.git!.path)).toBe(p.blob);
    }
    const [again] = await env.sync(repo, { space: 'Docs' });
    expect(again!.revisionId).toBeNull();
    const noop = await exportRevision(env.domain, { dir: repo, spaceId, revisionId: space.revisionId, ref: 'main', message: 'Nothing' });
    expect(noop).toEqual({ commit: null, written: [], removed: [] });
  }, 60_000);

  it('never overwrites an unrelated file, and puts a page with children in its own folder', async () => {
    const { repo, env, spaceId, page, main } = await imported('git-sync-normalization');
    mkdirSync(join(repo, 'guide'));
    writeFileSync(join(repo, 'guide/README.md'), 'not a page of the space\n');
    git(repo, 'add', 'guide');
    git(repo, '-c', 'user.name=T', '-c', 'user.email=t@e', 'commit', '-q', '-m', 'unrelated');
    const second = git(repo, 'rev-parse', 'main').trim();
    let revisionId = await edit(env, spaceId, [{ operation: 'insert_page', document: { markdown: '# Guide\n\nA guide.\n' }, ref: 'guide' }]);
    const guide = await page('Guide');
    revisionId = await edit(env, spaceId, [{ operation: 'insert_page', into: guide.id, document: { markdown: '# Step one\n\nFirst.\n' } }]);

    const result = await exportRevision(env.domain, { dir: repo, spaceId, revisionId, ref: 'main', message: 'Guide' });
    expect(result.written).toEqual(['SUMMARY.md', 'guide-1/README.md', 'guide-1/step-one.md']);
    expect(git(repo, 'show', 'main:guide/README.md')).toBe('not a page of the space\n');
    expect(git(repo, 'show', 'main:SUMMARY.md')).toContain('* [Guide](guide-1/README.md)\n  * [Step one](guide-1/step-one.md)\n');
    expect(git(repo, 'rev-parse', 'main~1').trim()).toBe(second);
    expect(main).not.toBe(second);
  }, 60_000);

  it('re-serialises the frontmatter and title of a page whose metadata changed over the same file', async () => {
    const { repo, env, spaceId, main } = await imported('git-sync-normalization');
    const { store } = env;
    const space = (await store.content.space(spaceId))!;
    const content = structuredClone(await store.revisions.content(space.revisionId));
    const lists = content.pages.find((p) => p.title === 'Lists')!;
    Object.assign(lists, { title: 'All the lists', description: 'Bullets, numbers and tasks', hidden: true });
    const id = newId();
    const now = new Date().toISOString();
    await store.tx(async () => {
      await store.revisions.insert({ id, spaceId, parents: [space.revisionId], type: 'edits', git: null, createdAt: now }, content);
      await store.content.setSpaceRevision(spaceId, space.revisionId, id, now);
    });

    const result = await exportRevision(env.domain, { dir: repo, spaceId, revisionId: id, ref: 'main', message: 'Metadata' });
    expect(result.written).toEqual(['SUMMARY.md', 'lists.md']);
    const before = git(repo, 'show', `${main}:lists.md`);
    const after = git(repo, 'show', 'main:lists.md');
    expect(after).toMatch(/^---\ndescription: Bullets, numbers and tasks\nhidden: true\n---\n\n# All the lists\n/);
    expect(after.slice(after.indexOf('# All the lists\n') + '# All the lists\n'.length)).toBe(before.slice(before.indexOf('# Lists\n') + '# Lists\n'.length));
  }, 60_000);

  it('exports a space into an empty repository as the tree GitBook would write', async () => {
    const { repo, env, spaceId } = await imported('git-sync-normalization');
    const target = tempRepo();
    const space = (await env.store.content.space(spaceId))!;
    const result = await exportRevision(env.domain, { dir: target, spaceId, revisionId: space.revisionId, ref: 'main', message: 'First export' });
    expect(result.removed).toEqual([]);
    const original = lsTree(repo, 'main');
    const exported = lsTree(target, 'main');
    expect(Object.fromEntries([...exported].sort())).toEqual(Object.fromEntries([...original].sort()));
    expect(git(target, 'status', '--porcelain')).toBe('');
    // The space stays synced with the repository it came from.
    expect((await env.store.revisions.syncState(spaceId))!.source).toBe(repo);
  }, 60_000);
});
