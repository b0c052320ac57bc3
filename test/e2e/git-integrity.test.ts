// Git Sync integrity through the real CLI: a conflict `docs sync` resolves is in its --json report with the page,
// the commit and the losing text; a failed background export is named in `docs serve`'s log.
import { join } from 'node:path';
import { GitBookAPI } from '@gitbook/api';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import { newId } from '../../src/model/index.js';
import { openStore } from '../../src/store/index.js';
import { cleanTemps, lines, repository, SAMPLE } from '../gitsync/two-way-helpers.js';
import { docs, project as newProject, serve } from '../helpers/cli.js';

const project = (config: string) => newProject(config, 'git-integrity');

afterAll(cleanTemps);

/** Edits api.md in the space the way the API does (a new revision of the space); the CLI is not running meanwhile. */
async function editApiInSpace(projectDir: string, text: string): Promise<string> {
  const store = openStore(join(projectDir, '.docs'));
  try {
    const space = (await store.content.spacesIn((await store.organizations.all())[0]!.id)).find((s) => s.title === 'Docs')!;
    const content = await store.revisions.content(space.revisionId);
    const blob = await store.blobs.put(Buffer.from(text, 'utf8'));
    const pages = content.pages.map((p) => (p.kind === 'document' && p.git?.path === 'api.md' ? { ...p, blob } : p));
    const id = newId();
    const now = new Date().toISOString();
    await store.tx(async () => {
      await store.revisions.insert({ id, spaceId: space.id, parents: [space.revisionId], type: 'edits', git: null, createdAt: now }, { ...content, pages });
      await store.content.setSpaceRevision(space.id, space.revisionId, id, now);
    });
    return id;
  } finally {
    await store.close();
  }
}

describe('git sync integrity, from the command line', () => {
  it('reports a resolved conflict in `docs sync --json`: page path, commit, losing text', async () => {
    const repo = repository(SAMPLE);
    const dir = project(`spaces:\n  - title: Docs\n    directory: ${repo.dir}\n`);
    expect((await docs(dir, 'sync')).code).toBe(0);
    const gitTip = repo.commit({ 'api.md': lines('# API', '', 'By git.') });
    const spaceRevision = await editApiInSpace(dir, lines('# API', '', 'By the space.'));

    const synced = await docs(dir, 'sync', '--json');
    expect(synced.code).toBe(0);
    const [report] = JSON.parse(synced.stdout).spaces;
    expect(report).toMatchObject({ action: 'merge', failed: false });
    expect(report.conflicts).toEqual([
      expect.objectContaining({ kind: 'page', title: 'API', path: 'api.md', commit: gitTip, winner: 'git', losingText: lines('# API', '', 'By the space.') }),
    ]);
    expect(report.conflicts[0].kept).toEqual([{ side: 'space', revisionId: spaceRevision, commit: null }]);
    expect(repo.show('api.md')).toContain('By git.');
  });

  it("names the space and the error of a failed export in `docs serve`'s log, and on getSpaceGitInfo", async () => {
    const dir = project('organizations:\n  - title: Acme\n');
    const server = await serve(dir, { DOCS_TOKEN: 'git-integrity-token' });
    let stderr = '';
    server.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const api = new GitBookAPI({ endpoint: server.url, authToken: 'git-integrity-token' });
    const { data: orgs } = await api.orgs.listOrganizationsForAuthenticatedUser();
    const { data: space } = await api.orgs.createSpace(orgs.items[0]!.id, { title: 'Handbook' });
    const notARepository = project('');
    expect((await api.spaces.exportToGitRepository(space.id, { url: notARepository, ref: 'main', commitMessage: 'Never' })).status).toBe(204);

    await waitFor(() => stderr.includes(space.id), { timeout: 30_000, interval: 50, message: () => `the failed export in the log:\n${stderr}` });
    expect(stderr).toMatch(new RegExp(`git export of space "Handbook" \\(${space.id}\\) failed: .*not in a git repository`));
    expect(stderr).not.toMatch(/\n\s+at /);
    const { data: info } = await api.spaces.getSpaceGitInfo(space.id);
    expect(info).toMatchObject({ operation: { state: 'failure', direction: 'export', error: expect.stringContaining('not in a git repository') } });
  });
});
