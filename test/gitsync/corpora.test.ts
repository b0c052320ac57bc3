// backends: SQLite, and PostgreSQL in the domain-postgres project.
// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RevisionContent } from '../../src/model/index.js';
import { CORPORA, setup } from './helpers.js';
import { countSummary } from './summary-count.js';

/** `git hash-object` of every path, relative to `root`. */
function hashObjects(root: string, paths: string[]): string[] {
  if (paths.length === 0) return [];
  return execFileSync('git', ['hash-object', '--stdin-paths'], { cwd: root, input: paths.map((p) => join(root, p)).join('\n') })
    .toString()
    .trim()
    .split('\n');
}

function checkContent(corpus: string, content: RevisionContent, summary: string) {
  const count = countSummary(join(CORPORA, corpus, summary));
  const kinds = (kind: string) => content.pages.filter((p) => p.kind === kind).length;
  expect({ documents: kinds('document'), links: kinds('link'), computed: kinds('computed'), groups: kinds('group') }).toEqual(count);

  const gitRefs = [...content.pages.flatMap((p) => (p.kind === 'document' && p.git ? [p.git] : [])), ...content.files.map((f) => f.git!)];
  const root = join(CORPORA, corpus);
  expect(gitRefs.map((g) => g.oid)).toEqual(
    hashObjects(
      root,
      gitRefs.map((g) => g.path),
    ),
  );
  expect(new Set(content.pages.map((p) => p.id)).size).toBe(content.pages.length);
  expect(new Set(content.pages.map((p) => p.path)).size).toBe(content.pages.length);
  const ids = new Set(content.pages.map((p) => p.id));
  for (const page of content.pages) if (page.parentId !== null) expect(ids.has(page.parentId)).toBe(true);
}

describe('importing the corpora', () => {
  it.each([
    ['git-sync-normalization', 'SUMMARY.md'],
    ['beefree-sdk-docs', 'SUMMARY.md'],
    ['metalbear-docs', 'docs/SUMMARY.md'],
  ])('%s: every SUMMARY entry becomes a page with the git oid of its file', async (corpus, summary) => {
    const { sync, store } = await setup();
    const [report, ...more] = await sync(join(CORPORA, corpus), { space: corpus });
    expect(more).toEqual([]);
    expect(report!.revisionId).not.toBeNull();
    const space = (await store.content.space(report!.space.id))!;
    expect(space.title).toBe(corpus);
    const content = await store.revisions.content(space.revisionId);
    checkContent(corpus, content, summary);
    expect(report!.pagesAdded).toBe(content.pages.length);
    expect(report!.files).toBe(content.files.length);
    expect(report!.warnings.filter((w) => !/does not exist|is not a file of the space/.test(w))).toEqual([]);
  });

  it('public-docs: one space per docs.yaml key, each from its own directory', async () => {
    const { sync, store } = await setup();
    const reports = await sync(join(CORPORA, 'public-docs'));
    expect(reports.map((r) => [r.key, r.space.title])).toEqual([
      ['space-1', '🇺🇸 English'],
      ['space-3', 'Developer Documentation'],
      ['space-2', 'Public Changelog'],
      ['space-7', 'GitBook Site Policy'],
      ['space-4', 'GitBook Guides'],
    ]);
    const dirs = ['documentation', 'developers', 'changelog', 'policies', 'guides'];
    for (const [i, report] of reports.entries()) {
      const content = await store.revisions.content((await store.content.space(report.space.id))!.revisionId);
      checkContent('public-docs', content, `${dirs[i]}/SUMMARY.md`);
      for (const page of content.pages) if (page.kind === 'document') expect(page.git!.path.startsWith(`${dirs[i]}/`)).toBe(true);
      expect(await store.revisions.syncState(report.space.id)).toMatchObject({ key: report.key, directory: dirs[i] });
    }
    const english = await store.revisions.content((await store.content.space(reports[0]!.space.id))!.revisionId);
    expect(english.pages[0]).toMatchObject({ kind: 'document', path: '', git: { path: 'documentation/README.md' } });
    const computed = (await store.revisions.content((await store.content.space(reports[1]!.space.id))!.revisionId)).pages.find((p) => p.kind === 'computed');
    expect(computed).toMatchObject({ source: 'builtin:openapi' });

    // The keys map to the same spaces on the next sync.
    const again = await sync(join(CORPORA, 'public-docs'));
    expect(again.map((r) => r.space.id)).toEqual(reports.map((r) => r.space.id));
    expect(again.map((r) => r.revisionId)).toEqual([null, null, null, null, null]);
  });
});
