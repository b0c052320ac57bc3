// Spaces with real content for the content API tests: a corpus of ../shared/corpora, committed to a temporary git
// repository and imported by the real importer.
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syncDirectory } from '../../src/gitsync/import.js';
import type { RevisionPage } from '../../src/model/index.js';
import type { TestServer } from './server.js';

import { CORPORA } from './corpora.js';

export { CORPORA };
export const NORMALIZATION = `${CORPORA}git-sync-normalization/`;

export interface SeededSpace {
  spaceId: string;
  revisionId: string;
  /** The commit the content was imported from. */
  commit: string;
  /** The repository the content came from (a temporary copy of the corpus). */
  dir: string;
  /** Page id by the page file's repository path. */
  page(gitPath: string): string;
  /** File id by repository path. */
  file(gitPath: string): string;
  /** Every page, in tree order. */
  pages: RevisionPage[];
}

/** Pages added to the corpus: a link page, and a page with a broken link, an in-app link, a variable and a section. */
const EXTRA_SUMMARY = ['* [GitHub](https://github.com/GitbookIO/git-sync-normalization)', '* [Dangling](dangling.md)'];
const DANGLING =
  '# Dangling\n\nSee [a gone page](gone.md), [the lists](lists.md) and [the app](https://app.gitbook.com/o/x/s/y/).\n\n' +
  'Made by <code class="expression">space.vars.product</code>.\n\n## Zebra crossing\n\nQuokkas cross here.\n';

/** A new space in the test organization holding git-sync-normalization (plus EXTRA_SUMMARY) as its current revision. */
export async function seedNormalizationSpace(server: TestServer, title = 'Normalization'): Promise<SeededSpace> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-content-'));
  cpSync(NORMALIZATION, dir, { recursive: true });
  const summary = readFileSync(join(dir, 'SUMMARY.md'), 'utf8');
  writeFileSync(join(dir, 'SUMMARY.md'), summary.replace('\n## ', `\n${EXTRA_SUMMARY.join('\n')}\n\n## `));
  writeFileSync(join(dir, 'dangling.md'), DANGLING);
  mkdirSync(join(dir, '.gitbook'), { recursive: true });
  appendFileSync(join(dir, '.gitbook/vars.yaml'), 'product: Quire\n');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'Import');
  const commit = git('rev-parse', 'HEAD');

  const { data: space } = await server.client().orgs.createSpace(server.org, { title });
  const caller = (await server.domain.users.authenticate(server.ownerToken))!;
  const [report] = await syncDirectory(server.domain, { dir, space: space.id, organizationId: server.org, caller, parseWorkers: 0 });
  if (!report?.revisionId || report.warnings.length > 0) throw new Error(`import of ${dir} failed: ${JSON.stringify(report)}`);
  const content = await server.store.revisions.content(report.revisionId);

  const byGitPath = (list: readonly { id: string; git?: { path: string } | null }[], path: string) => {
    const found = list.find((x) => x.git?.path === path);
    if (!found) throw new Error(`no ${path} in the seeded space`);
    return found.id;
  };
  return {
    spaceId: space.id,
    revisionId: report.revisionId,
    commit,
    dir,
    page: (path) => byGitPath(content.pages as { id: string; git?: { path: string } | null }[], path),
    file: (path) => byGitPath(content.files, path),
    pages: content.pages,
  };
}
