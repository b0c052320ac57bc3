// The git-date walk: the date of the last commit that touched each file, in one walk of history.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fileDates } from '../../src/gitsync/dates/files.js';
import { ObjectReader } from '../../src/gitsync/dates/objects.js';
import { type DateCache, lastCommitDates } from '../../src/gitsync/dates/walk.js';
import { readWorkTree } from '../../src/gitsync/tree.js';
import { datedRepo, day, iso } from './dates-helpers.js';

const [T1, T2, T3, T4] = [day(1, 10), day(2, 10), day(3, 10), day(4, 10)];

/** A repository of three commits: a.md last touched in the first, b.md and guide/x.md in the second, c.md in the third. */
async function threeCommits() {
  const repo = await datedRepo();
  await repo.commit(T1, { 'a.md': 'a\n', 'b.md': 'b\n', 'c.md': 'c\n', 'guide/x.md': 'x\n', 'guide/y.md': 'y\n' });
  await repo.commit(T2, { 'b.md': 'b, again\n', 'guide/x.md': 'x, again\n' });
  const head = await repo.commit(T3, { 'c.md': 'c, again\n' });
  return { ...repo, head };
}

const timesOf = (dates: Map<string, { time: number }>) => Object.fromEntries([...dates].map(([path, d]) => [path, d.time]));

function memoryCache(): DateCache & { rows: Map<string, Record<string, number>> } {
  const rows = new Map<string, Record<string, number>>();
  return { rows, get: async (commit) => rows.get(commit), put: async (commit, dates) => void rows.set(commit, dates), commits: async () => [...rows.keys()] };
}

/** A commit object written by hand (git itself refuses such dates): `treeOf`'s tree on top of `parent`. */
function handMadeCommit(dir: string, parent: string, treeOf: string, author: string, committer: string): string {
  const git = (args: string[], input?: string) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', ...(input ? { input } : {}) }).trim();
  const tree = git(['rev-parse', `${treeOf}^{tree}`]);
  return git(
    ['hash-object', '-t', 'commit', '-w', '--literally', '--stdin'],
    `tree ${tree}\nparent ${parent}\nauthor A <a@example.com> ${author}\ncommitter C <c@example.com> ${committer}\n\nodd\n`,
  );
}

describe('lastCommitDates', () => {
  it('reads an author date with an odd time zone as git does, and falls back to the committer date past year 9999', async () => {
    const repo = await datedRepo();
    const first = await repo.commit(T1, { 'a.md': 'a\n' });
    const changed = await repo.commit(T2, { 'a.md': 'a, again\n' });
    const odd = handMadeCommit(repo.dir, first, changed, `${T3} +05300`, `${T4} +0000`);
    const huge = handMadeCommit(repo.dir, first, changed, '99999999999999999 +0000', `${T4} +0000`);
    expect(timesOf((await lastCommitDates({ repo: repo.dir, commit: odd, paths: ['a.md'] })).dates)).toEqual({ 'a.md': T3 });
    expect(timesOf((await lastCommitDates({ repo: repo.dir, commit: huge, paths: ['a.md'] })).dates)).toEqual({ 'a.md': T4 });
  });

  it('dates each file by the last commit that touched it', async () => {
    const { dir, head } = await threeCommits();
    const { dates } = await lastCommitDates({ repo: dir, commit: head, paths: ['a.md', 'b.md', 'c.md', 'guide/x.md', 'guide/y.md'] });
    expect(timesOf(dates)).toEqual({ 'a.md': T1, 'b.md': T2, 'c.md': T3, 'guide/x.md': T2, 'guide/y.md': T1 });
    expect([...dates.values()].every((d) => d.exact)).toBe(true);
  });

  it('dates a renamed file by the rename, and a file changed back by the change back (as `git log -1 -- <path>`)', async () => {
    const repo = await datedRepo();
    await repo.commit(T1, { 'a.md': 'same\n', 'b.md': 'b\n', 'x.md': '1\n' });
    await repo.commit(T2, { 'x.md': '2\n' });
    const head = await repo.commit(T3, { 'a.md': null, 'moved/a.md': 'same\n', 'x.md': '1\n' });
    const { dates } = await lastCommitDates({ repo: repo.dir, commit: head, paths: ['b.md', 'moved/a.md', 'x.md'] });
    expect(timesOf(dates)).toEqual({ 'b.md': T1, 'moved/a.md': T3, 'x.md': T3 });
  });

  it('follows a merge into the parent a file came from; a file only the merge changed is dated by the merge', async () => {
    const repo = await datedRepo();
    const base = await repo.commit(T1, { 'a.md': 'a\n', 'b.md': 'b\n', 'c.md': 'c\n', 'd.md': 'd\n' });
    const side = await repo.commit(T2, { 'b.md': 'b on the side\n' }, { ref: 'refs/heads/side', parents: [base] });
    const main = await repo.commit(T3, { 'b.md': 'b\n', 'c.md': 'c on main\n' });
    const merge = await repo.commit(T4 - 100, { 'b.md': 'b on the side\n', 'd.md': 'd in the merge\n' }, { parents: [main, side] });
    const { dates } = await lastCommitDates({ repo: repo.dir, commit: merge, paths: ['a.md', 'b.md', 'c.md', 'd.md'] });
    expect(timesOf(dates)).toEqual({ 'a.md': T1, 'b.md': T2, 'c.md': T3, 'd.md': T4 - 100 });
  });

  it('in a shallow clone, dates a file older than the history it has by its oldest commit, and says so', async () => {
    const { dir } = await threeCommits();
    const clone = join(mkdtempSync(join(tmpdir(), 'quire-dates-clone-')), 'clone');
    execFileSync('git', ['clone', '-q', '--depth', '2', `file://${dir}`, clone], { stdio: 'ignore' });
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: clone, encoding: 'utf8' }).trim();
    const { dates } = await lastCommitDates({ repo: clone, commit: head, paths: ['a.md', 'c.md'] });
    expect(dates.get('a.md')).toEqual({ time: T2, exact: false });
    expect(dates.get('c.md')).toEqual({ time: T3, exact: true });
  });

  it('reads a packed clone as it reads loose objects', async () => {
    const { dir, head } = await threeCommits();
    const clone = join(mkdtempSync(join(tmpdir(), 'quire-dates-clone-')), 'clone');
    execFileSync('git', ['clone', '-q', '--no-local', dir, clone], { stdio: 'ignore' });
    const paths = ['a.md', 'b.md', 'c.md', 'guide/x.md', 'guide/y.md'];
    const packed = await lastCommitDates({ repo: clone, commit: head, paths });
    expect(timesOf(packed.dates)).toEqual(timesOf((await lastCommitDates({ repo: dir, commit: head, paths })).dates));
    expect(timesOf(packed.dates)).toEqual({ 'a.md': T1, 'b.md': T2, 'c.md': T3, 'guide/x.md': T2, 'guide/y.md': T1 });
  });

  it('reads through isomorphic-git the objects its own reader cannot read', async () => {
    const { dir, head } = await threeCommits();
    const read = vi.spyOn(ObjectReader.prototype, 'read').mockImplementation(() => {
      throw new Error('unreadable');
    });
    try {
      const { dates } = await lastCommitDates({ repo: dir, commit: head, paths: ['a.md', 'b.md', 'c.md'] });
      expect(timesOf(dates)).toEqual({ 'a.md': T1, 'b.md': T2, 'c.md': T3 });
      expect(read).toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
  });

  it('stops at its commit limit, dating what is left by the last commit it reached, inexactly', async () => {
    const { dir, head } = await threeCommits();
    const { dates } = await lastCommitDates({ repo: dir, commit: head, paths: ['a.md', 'c.md'], maxCommits: 1 });
    expect(dates.get('a.md')).toEqual({ time: T2, exact: false });
    expect(dates.get('c.md')).toEqual({ time: T3, exact: true });
  });

  it('caches by commit: the same commit walks nothing, a child walks only itself', async () => {
    const repo = await threeCommits();
    const cache = memoryCache();
    const paths = ['a.md', 'b.md', 'c.md', 'guide/x.md'];
    const first = await lastCommitDates({ repo: repo.dir, commit: repo.head, paths, cache });
    expect(first.commits).toBe(3);
    expect(cache.rows.get(repo.head)).toEqual(timesOf(first.dates));

    const again = await lastCommitDates({ repo: repo.dir, commit: repo.head, paths, cache });
    expect(again.commits).toBe(0);
    expect(timesOf(again.dates)).toEqual(timesOf(first.dates));

    const child = await repo.commit(T4, { 'a.md': 'a, at last\n' });
    const next = await lastCommitDates({ repo: repo.dir, commit: child, paths, cache });
    expect(next.commits).toBe(1);
    expect(timesOf(next.dates)).toEqual({ 'a.md': T4, 'b.md': T2, 'c.md': T3, 'guide/x.md': T2 });
  });
});

describe('lastCommitDates on a worker thread', () => {
  it('walks there, and dates here the files that reach a cached commit', async () => {
    const repo = await threeCommits();
    const cache = memoryCache();
    const paths = ['a.md', 'b.md', 'c.md', 'guide/x.md'];
    await lastCommitDates({ repo: repo.dir, commit: repo.head, paths, cache });
    const child = await repo.commit(T4, { 'a.md': 'a, at last\n' });
    const next = await lastCommitDates({ repo: repo.dir, commit: child, paths, cache, worker: true });
    expect(next).toMatchObject({ worker: true, commits: 1 });
    expect(timesOf(next.dates)).toEqual({ 'a.md': T4, 'b.md': T2, 'c.md': T3, 'guide/x.md': T2 });
    expect(cache.rows.get(child)).toEqual(timesOf(next.dates));
  });
});

describe('fileDates of files on disk', () => {
  const mtime = day(6, 1);

  it('gives a file as HEAD holds it its commit date, an edited or untracked file its modification time', async () => {
    const { dir } = await threeCommits();
    writeFileSync(join(dir, 'b.md'), 'b, edited\n');
    writeFileSync(join(dir, 'new.md'), 'new\n');
    for (const path of ['b.md', 'new.md']) utimesSync(join(dir, path), mtime, mtime);
    const { dates } = await fileDates(readWorkTree(dir), dir, ['a.md', 'b.md', 'c.md', 'new.md']);
    expect(Object.fromEntries(dates)).toEqual({
      'a.md': { at: iso(T1), exact: true },
      'b.md': { at: iso(mtime), exact: false },
      'c.md': { at: iso(T3), exact: true },
      'new.md': { at: iso(mtime), exact: false },
    });
  });

  it('reads a folder inside the repository against HEAD at that folder', async () => {
    const { dir } = await threeCommits();
    const guide = join(dir, 'guide');
    const { dates } = await fileDates(readWorkTree(guide), guide, ['x.md', 'y.md']);
    expect(Object.fromEntries(dates)).toEqual({ 'x.md': { at: iso(T2), exact: true }, 'y.md': { at: iso(T1), exact: true } });
  });

  it('gives the files of a plain folder their modification times', async () => {
    const { dir } = await threeCommits();
    const plain = mkdtempSync(join(tmpdir(), 'quire-dates-plain-'));
    cpSync(join(dir, 'a.md'), join(plain, 'a.md'));
    utimesSync(join(plain, 'a.md'), mtime, mtime);
    expect(Object.fromEntries((await fileDates(readWorkTree(plain), plain, ['a.md'])).dates)).toEqual({ 'a.md': { at: iso(mtime), exact: false } });
  });
});
