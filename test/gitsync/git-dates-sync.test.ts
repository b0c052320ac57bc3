// backends: SQLite, and PostgreSQL in the domain-postgres project.
// Page dates through the importer: each page's git side carries the date of the last commit that touched its file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageUpdatedAt } from '../../src/domain/content/page-dates.js';
import { GIT_DATES_VERSION } from '../../src/domain/git-sync/git-sync.js';
import type { DocumentPage } from '../../src/model/index.js';
import type { Store } from '../../src/store/index.js';
import { datedRepo, day, iso } from './dates-helpers.js';
import { setup } from './helpers.js';

const [T1, T2, T3] = [day(1, 10), day(2, 10), day(3, 10)];
const SUMMARY = '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n* [API](api.md)\n';

async function docsRepo() {
  const repo = await datedRepo();
  await repo.commit(T1, { 'README.md': '# Welcome\n', 'SUMMARY.md': SUMMARY, 'guide.md': '# Guide\n', 'api.md': '# API\n' });
  const head = await repo.commit(T2, { 'guide.md': '# Guide\n\nMore.\n' });
  return { ...repo, head };
}

async function datesOf(store: Store, revisionId: string): Promise<Record<string, string | undefined>> {
  const pages = (await store.revisions.content(revisionId)).pages.filter((p): p is DocumentPage => p.kind === 'document');
  return Object.fromEntries(pages.map((p) => [p.git!.path, pageUpdatedAt(p)]));
}

describe('page dates from git', () => {
  it('dates each page by the last commit that touched its file; a new commit re-dates only the pages it touched', async () => {
    const repo = await docsRepo();
    const { store, sync } = await setup();
    const [first] = await sync(repo.dir, { space: 'Docs' });
    expect(await datesOf(store, first!.revisionId!)).toEqual({ 'README.md': iso(T1), 'guide.md': iso(T2), 'api.md': iso(T1) });
    expect(await store.gitDates.get(repo.head, GIT_DATES_VERSION)).toMatchObject({ 'guide.md': T2, 'api.md': T1 });

    await repo.commit(T3, { 'api.md': '# API\n\nNew.\n' });
    const [second] = await sync(repo.dir, { space: 'Docs' });
    expect(second).toMatchObject({ pagesChanged: 1, pagesAdded: 0 });
    expect(await datesOf(store, second!.revisionId!)).toEqual({ 'README.md': iso(T1), 'guide.md': iso(T2), 'api.md': iso(T3) });
  });

  it('keeps the dates a full history gave when a shallow clone of a later commit is synced into the space', async () => {
    const repo = await docsRepo();
    const { store, sync } = await setup();
    await sync(repo.dir, { space: 'Docs' });
    await repo.commit(T3, { 'api.md': '# API\n\nNew.\n' });
    const clone = join(mkdtempSync(join(tmpdir(), 'quire-dates-ci-')), 'clone');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo.dir}`, clone], { stdio: 'ignore' });
    const [report] = await sync(clone, { space: 'Docs' });
    expect(await datesOf(store, report!.revisionId!)).toEqual({ 'README.md': iso(T1), 'guide.md': iso(T2), 'api.md': iso(T3) });
  });

  it('gives a shallow clone synced into a new space the date of its oldest commit', async () => {
    const repo = await docsRepo();
    const clone = join(mkdtempSync(join(tmpdir(), 'quire-dates-ci-')), 'clone');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo.dir}`, clone], { stdio: 'ignore' });
    const { store, sync } = await setup();
    const [report] = await sync(clone, { space: 'Docs' });
    expect(await datesOf(store, report!.revisionId!)).toEqual({ 'README.md': iso(T2), 'guide.md': iso(T2), 'api.md': iso(T2) });
    expect(report!.warnings).toEqual([expect.stringMatching(/^3 pages could not be dated past the oldest commit of this shallow clone: .*fetch-depth: 0/)]);
  });

  it('dates an edited file of a --work-tree sync by its modification time, the others by their commits', async () => {
    const repo = await docsRepo();
    const edited = day(5, 5);
    writeFileSync(join(repo.dir, 'api.md'), '# API\n\nEdited, not committed.\n');
    utimesSync(join(repo.dir, 'api.md'), edited, edited);
    const { store, sync } = await setup();
    const [report] = await sync(repo.dir, { space: 'Docs', workTree: true });
    expect(await datesOf(store, report!.revisionId!)).toEqual({ 'README.md': iso(T1), 'guide.md': iso(T2), 'api.md': iso(edited) });
  });

  it('walks no history with gitDates: false', async () => {
    const repo = await docsRepo();
    const { store, sync } = await setup();
    const [report] = await sync(repo.dir, { space: 'Docs', gitDates: false });
    expect(await datesOf(store, report!.revisionId!)).toEqual({ 'README.md': undefined, 'guide.md': undefined, 'api.md': undefined });
    expect(await store.gitDates.get(repo.head, GIT_DATES_VERSION)).toBeUndefined();
  });
});

describe('pageUpdatedAt', () => {
  it('is the git date while the page holds the blob the date is about, and nothing once it was edited', () => {
    const page: DocumentPage = {
      id: 'p',
      kind: 'document',
      title: 'P',
      slug: 'p',
      path: 'p',
      parentId: null,
      hidden: false,
      blob: 'b1',
      git: { oid: 'b1', path: 'p.md', updatedAt: iso(T1) },
    };
    expect(pageUpdatedAt(page)).toBe(iso(T1));
    expect(pageUpdatedAt({ ...page, blob: 'b2' })).toBeUndefined();
  });
});
