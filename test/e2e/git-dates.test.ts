// "Last updated" from git through the real CLI: a built page and the sitemap carry the date of the last commit that
// touched the page's file, not the day of the sync or the build.
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docs, project } from '../helpers/cli.js';
import { datedRepo, day, iso } from '../gitsync/dates-helpers.js';

const [T1, T2] = [day(1, 10), day(2, 10)];
const SUMMARY = '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n';

async function docsRepo() {
  const repo = await datedRepo();
  await repo.commit(T1, { 'README.md': '# Welcome\n\nHello.\n', 'SUMMARY.md': SUMMARY, 'guide.md': '# Guide\n\nFirst.\n' });
  await repo.commit(T2, { 'guide.md': '# Guide\n\nSecond.\n' });
  return repo;
}

const timeOf = (html: string) => /Last updated <time datetime="([^"]+)">([^<]+)<\/time>/.exec(html)?.slice(1);
const lastmods = (xml: string) => Object.fromEntries([...xml.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((m) => [m[1], m[2]]));

describe('"Last updated" from git', () => {
  it("shows each page's last commit date on the page and in the sitemap", async () => {
    const repo = await docsRepo();
    const cwd = project('organizations:\n  - title: Dates\n', 'git-dates');
    expect((await docs(cwd, 'sync', repo.dir, '--space', 'Docs')).code).toBe(0);
    const built = await docs(cwd, 'build', '--space', 'Docs', '--out', 'site', '--site-url', 'https://docs.example.com');
    expect(built.code).toBe(0);
    expect(timeOf(readFileSync(join(cwd, 'site/index.html'), 'utf8'))).toEqual([iso(T1), iso(T1).slice(0, 10)]);
    expect(timeOf(readFileSync(join(cwd, 'site/guide/index.html'), 'utf8'))).toEqual([iso(T2), iso(T2).slice(0, 10)]);
    expect(lastmods(readFileSync(join(cwd, 'site/sitemap.xml'), 'utf8'))).toEqual({
      'https://docs.example.com/': iso(T1).slice(0, 10),
      'https://docs.example.com/guide/': iso(T2).slice(0, 10),
    });
  });

  it("dates an uncommitted edit synced with --work-tree by the file's modification time", async () => {
    const repo = await docsRepo();
    const edited = day(3, 3);
    writeFileSync(join(repo.dir, 'guide.md'), '# Guide\n\nNot committed yet.\n');
    utimesSync(join(repo.dir, 'guide.md'), edited, edited);
    const cwd = project('organizations:\n  - title: Dates\n', 'git-dates');
    expect((await docs(cwd, 'sync', repo.dir, '--space', 'Docs', '--work-tree')).code).toBe(0);
    expect((await docs(cwd, 'build', '--space', 'Docs', '--out', 'site')).code).toBe(0);
    expect(timeOf(readFileSync(join(cwd, 'site/index.html'), 'utf8'))?.[0]).toBe(iso(T1));
    expect(timeOf(readFileSync(join(cwd, 'site/guide/index.html'), 'utf8'))?.[0]).toBe(iso(edited));
  });
});
