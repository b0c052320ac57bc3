// backends: SQLite, and PostgreSQL in the domain-postgres project.
// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { dirname, joinPath } from '../../src/content/paths.js';
import { exportRevision } from '../../src/gitsync/export/export.js';
import { changedFiles, cleanTemps, git, lsTree, omitted, tempRepo } from './export-helpers.js';
import { setup } from './helpers.js';

afterAll(cleanTemps);

/**
 * A SUMMARY.md of a corpus copy lists pages the copy left out (too large); the import drops them, so the summary
 * written back is the original without exactly those lines.
 */
function withoutOmittedPages(text: string, summaryPath: string, left: Set<string>): string {
  return text
    .split('\n')
    .filter((line) => {
      const target = /^\s*\* \[.*\]\(<?([^)>"\s]+)/.exec(line)?.[1];
      return !(target && left.has(joinPath(dirname(summaryPath), decodeURIComponent(target)) ?? ''));
    })
    .join('\n');
}

describe('export round trip: import a GitBook export, export it forcing every page and SUMMARY.md to be written again', () => {
  for (const corpus of ['git-sync-normalization', 'public-docs', 'beefree-sdk-docs']) {
    it(`${corpus}: every file comes back byte for byte`, async () => {
      const repo = tempRepo(corpus);
      const { sync, domain, store } = await setup();
      const reports = await sync(repo, corpus === 'public-docs' ? {} : { space: corpus });
      expect(reports.length).toBe(corpus === 'public-docs' ? 5 : 1);
      const main = git(repo, 'rev-parse', 'main').trim();
      const written: string[] = [];
      let pages = 0;
      for (const report of reports) {
        const space = (await store.content.space(report.space.id))!;
        pages += (await store.revisions.content(space.revisionId)).pages.length;
        const result = await exportRevision(domain, {
          dir: repo,
          spaceId: space.id,
          revisionId: space.revisionId,
          ref: 'roundtrip',
          message: 'Round trip',
          force: true,
        });
        written.push(...result.written);
        expect(result.removed).toEqual([]);
      }
      expect(pages).toBeGreaterThan(15);

      // Only summaries listing left-out pages may differ, and only by those lines.
      const left = omitted(corpus);
      const summaries = new Set(written.filter((p) => p.endsWith('SUMMARY.md')));
      expect(written.filter((p) => !summaries.has(p))).toEqual([]);
      const branch = git(repo, 'branch', '--list', 'roundtrip').trim();
      if (summaries.size === 0) {
        expect(branch).toBe('');
        return;
      }
      const changed = changedFiles(repo, main, 'roundtrip');
      expect([...changed.keys()].sort()).toEqual([...summaries].sort());
      for (const path of summaries) {
        const before = git(repo, 'show', `main:${path}`);
        const after = git(repo, 'show', `roundtrip:${path}`);
        expect(after).not.toBe(before);
        expect(after).toBe(withoutOmittedPages(before, path, left));
      }
      expect(git(repo, 'diff', '--stat', main, 'roundtrip')).toMatch(/SUMMARY\.md/);
    }, 120_000);
  }
});

describe('export of an unchanged hand-edited corpus (metalbear-docs)', () => {
  it('writes no commit at all; forced, it normalises the files and the result imports to the same space', async () => {
    const repo = tempRepo('metalbear-docs');
    const { sync, domain, store } = await setup();
    const [report] = await sync(repo, { space: 'metalbear' });
    const space = (await store.content.space(report!.space.id))!;
    const before = lsTree(repo, 'main');
    const plain = await exportRevision(domain, { dir: repo, spaceId: space.id, revisionId: space.revisionId, ref: 'main', message: 'No change' });
    expect(plain).toEqual({ commit: null, written: [], removed: [] });
    expect(lsTree(repo, 'main')).toEqual(before);
    expect(git(repo, 'rev-list', '--count', 'main').trim()).toBe('1');

    const forced = await exportRevision(domain, {
      dir: repo,
      spaceId: space.id,
      revisionId: space.revisionId,
      ref: 'normalised',
      message: 'Normalise',
      force: true,
    });
    expect(forced.commit).not.toBeNull();
    expect(forced.written.length).toBeGreaterThan(10);
    expect(forced.removed).toEqual([]);
    // The same pages, titles and tree after normalisation: importing the forced commit changes nothing but bytes.
    const shape = async (s: Awaited<ReturnType<typeof setup>>, id: string) =>
      (await s.store.revisions.content((await s.store.content.space(id))!.revisionId)).pages.map((p) => [
        p.kind,
        p.title,
        p.path,
        p.kind === 'document' ? p.git?.path : null,
      ]);
    const a = await setup();
    const b = await setup();
    const [first] = await a.sync(repo, { space: 'metalbear', ref: 'main' });
    const [second] = await b.sync(repo, { space: 'metalbear', ref: 'normalised' });
    expect(await shape(b, second!.space.id)).toEqual(await shape(a, first!.space.id));
  }, 120_000);
});
