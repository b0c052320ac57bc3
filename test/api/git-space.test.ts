// The remote of a space's last successful git operation (import or export) through the official client, never a failed
// one and never the credentials: getSpaceGitInfo names it once the space is synced; Space.gitSync too when GitHub or
// GitLab hosts it (0.202.0 requires that provider), so not for these directories.
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import { Caller } from '../../src/domain/index.js';
import { gitEvents } from '../../src/domain/git-sync/git.js';
import { installGitSync } from '../../src/gitsync/two-way/install.js';
import { twoWaySync } from '../../src/gitsync/two-way/sync.js';
import { useServer } from '../helpers/server.js';
import { cleanTemps, lines, repository, SAMPLE } from '../gitsync/two-way-helpers.js';

const s = useServer();
beforeAll(async () => installGitSync(s.domain));
afterAll(async () => {
  await s.domain.jobs.stop();
  cleanTemps();
});

/** Runs the space's git jobs until `count` operations have completed; returns the last one. */
function completed(spaceId: string, count: number) {
  return waitFor(
    async () => {
      await s.domain.jobs.runDue();
      const done = (await gitEvents(s.domain.deps, spaceId)).filter((e) => e.type === 'space_gitsync_completed');
      return done.length >= count && done.at(-1);
    },
    { timeout: 20_000, interval: 10, message: `${count} git operations of space ${spaceId} to complete` },
  );
}

const isoAfter = (earlier: string) => (value: string) => !Number.isNaN(Date.parse(value)) && value >= earlier;

/** The remote getSpaceGitInfo names, after checking the space itself shows no `gitSync` (a directory has no provider). */
async function remoteOf(spaceId: string): Promise<{ url?: string; repoName?: string; updatedAt?: string }> {
  expect((await s.client().spaces.getSpaceById(spaceId)).data.gitSync).toBeUndefined();
  const { url, repoName, updatedAt } = (await s.client().spaces.getSpaceGitInfo(spaceId)).data;
  return { url, repoName, updatedAt };
}

describe('Space.gitSync', () => {
  it('is absent before any sync, then names the remote of the last import and export', async () => {
    const api = s.client();
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Synced' });
    expect(space.gitSync).toBeUndefined();
    expect((await api.spaces.getSpaceById(space.id)).data.gitSync).toBeUndefined();

    const repo = repository(SAMPLE);
    const beforeImport = new Date().toISOString();
    expect((await api.spaces.importGitRepository(space.id, { url: repo.dir, ref: 'main' })).status).toBe(204);
    expect(await completed(space.id, 1)).toMatchObject({ state: 'success', operation: 'import' });
    const imported = await remoteOf(space.id);
    expect(imported).toEqual({ url: repo.dir, repoName: basename(repo.dir), updatedAt: expect.any(String) });
    expect(isoAfter(beforeImport)(imported.updatedAt!)).toBe(true);
    const listed = (await api.orgs.listSpacesInOrganizationById(s.org)).data.items.find((x) => x.id === space.id)!;
    expect(listed.gitSync).toBeUndefined();

    // Exported to another repository: that one is now the space's remote, and the time moved on.
    const mirror = repository({ 'README.md': lines('# Mirror') });
    await waitFor(() => new Date().toISOString() > imported.updatedAt!, { message: 'the clock to pass the import' });
    expect((await api.spaces.exportToGitRepository(space.id, { url: mirror.dir, ref: 'docs', commitMessage: 'Mirror' })).status).toBe(204);
    expect(await completed(space.id, 2)).toMatchObject({ state: 'success', operation: 'export' });
    const exported = await remoteOf(space.id);
    expect(exported).toEqual({ url: mirror.dir, repoName: basename(mirror.dir), updatedAt: expect.any(String) });
    expect(exported.updatedAt! > imported.updatedAt!).toBe(true);
    expect(mirror.show('faq.md', 'docs')).toBe(SAMPLE['faq.md'].trimEnd());
    // getSpaceGitInfo adds the last operation (the spec's GitSyncOperation).
    expect((await api.spaces.getSpaceGitInfo(space.id)).data).toEqual({
      ...exported,
      operation: expect.objectContaining({ state: 'success', direction: 'export' }),
    });

    // A failed operation does not become the remote, and its credentials never show.
    expect((await api.spaces.importGitRepository(space.id, { url: 'https://user:secret@127.0.0.1:9/none.git', ref: 'main' })).status).toBe(204);
    expect(await completed(space.id, 3)).toMatchObject({ state: 'failure' });
    expect(await remoteOf(space.id)).toEqual(exported);
    expect(JSON.stringify((await api.spaces.getSpaceGitInfo(space.id)).data)).not.toContain('secret');
  });

  it('names the directory of a space synced by `docs sync`', async () => {
    const repo = repository(SAMPLE);
    const caller = new Caller(s.store, (await s.store.users.get(s.ownerId))!);
    const [report] = await twoWaySync(s.domain, { dir: repo.dir, space: 'From the CLI', organizationId: s.org, caller, parseWorkers: 0 });
    expect(await remoteOf(report!.space.id)).toEqual({ url: repo.dir, repoName: basename(repo.dir), updatedAt: expect.any(String) });
  });
});
