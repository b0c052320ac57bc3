// Git Sync integrity through the API: merges racing the background export, exports to bare repositories and their
// failures, conflicts the server resolved, and imports that stay one-time.
import * as fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import git from 'isomorphic-git';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import { Caller } from '../../src/domain/index.js';
import { type GitInfoDetails, gitEvents } from '../../src/domain/git-sync/git.js';
import { installGitSync } from '../../src/gitsync/two-way/install.js';
import { twoWaySync } from '../../src/gitsync/two-way/sync.js';
import { useServer } from '../helpers/server.js';
import { cleanTemps, lines, repository, SAMPLE } from '../gitsync/two-way-helpers.js';

const s = useServer();
beforeAll(async () => installGitSync(s.domain));
const temps: string[] = [];
afterAll(async () => {
  await s.domain.jobs.stop();
  cleanTemps();
  temps.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-git-integrity-'));
  temps.push(dir);
  return dir;
};

const owner = async () => new Caller(s.store, (await s.store.users.get(s.ownerId))!);

/** getSpaceGitInfo through the client; the operation and conflicts are extra fields of its GitSyncState. */
async function gitInfo(spaceId: string): Promise<GitInfoDetails> {
  return (await s.client().spaces.getSpaceGitInfo(spaceId)).data as GitInfoDetails;
}

/** A change request editing one page's markdown, merged; returns the merge's result. */
async function mergeEdit(spaceId: string, pageId: string, markdown: string): Promise<string> {
  const api = s.client().spaces;
  const { data: cr } = await api.createChangeRequest(spaceId, { subject: 'Edit' });
  await writeContent(spaceId, cr.id, [{ operation: 'update_page', page: pageId, document: { markdown } }]);
  return (await api.mergeChangeRequest(spaceId, cr.id)).data.result;
}

/** A change request adding one page, merged. */
async function mergeNewPage(spaceId: string, title: string): Promise<void> {
  const api = s.client().spaces;
  const { data: cr } = await api.createChangeRequest(spaceId, { subject: title });
  await writeContent(spaceId, cr.id, [{ operation: 'insert_page', title, document: { markdown: `${title}.\n` } }]);
  expect((await api.mergeChangeRequest(spaceId, cr.id)).data.result).toBe('merge');
}

const pageId = async (spaceId: string, path: string) =>
  (await s.store.revisions.content((await s.store.content.space(spaceId))!.revisionId)).pages.find((p) => p.kind === 'document' && p.git?.path === path)!.id;

/** POSTs a batch to updateChangeRequestContent (0.202, not in the client of 0.143.2). */
async function writeContent(spaceId: string, crId: string, changes: unknown[]) {
  const response = await fetch(`${s.url}/v1/spaces/${spaceId}/change-requests/${crId}/content?compat=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes }),
  });
  expect(response.status).toBe(200);
}

/** Polls until no git job is pending or running (they run in the background after each merge). */
async function gitJobsSettled(deadlineMs = 60_000) {
  const busy = async () => [...(await s.store.jobs.list('pending')), ...(await s.store.jobs.list('running'))].filter((j) => j.kind.startsWith('gitsync'));
  await waitFor(
    async () => {
      await s.domain.jobs.runDue();
      return (await busy()).length === 0;
    },
    { timeout: deadlineMs, message: async () => `the git jobs to finish: ${JSON.stringify((await busy()).map((j) => [j.kind, j.state, j.lastError]))}` },
  );
}

/** A space synced with a fresh repository the way `docs sync` sets it up. */
async function syncedSpace(title: string) {
  const repo = repository(SAMPLE);
  const [report] = await twoWaySync(s.domain, { dir: repo.dir, ref: 'main', space: title, organizationId: s.org, caller: await owner(), parseWorkers: 0 });
  return { repo, spaceId: report!.space.id };
}

describe('merging change requests back to back on a git-synced space', () => {
  it('exports every page exactly once, in the space and in git', async () => {
    const { repo, spaceId } = await syncedSpace('Back to back');
    const api = s.client().spaces;
    const crs: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { data: cr } = await api.createChangeRequest(spaceId, { subject: `Page ${i}` });
      await writeContent(spaceId, cr.id, [{ operation: 'insert_page', title: `P${i}`, document: { markdown: `Page ${i}.\n` } }]);
      crs.push(cr.id);
    }
    // No waiting between merges: each one queues an export while the previous may still be running.
    for (const cr of crs) expect((await api.mergeChangeRequest(spaceId, cr)).data.result).toBe('merge');
    await gitJobsSettled();

    const { data: content } = await api.listPages(spaceId);
    const titles = content.pages.map((p) => p.title);
    expect(titles.sort()).toEqual(['API', 'FAQ', 'Guide', 'P0', 'P1', 'P2', 'P3', 'P4', 'P5', 'Welcome'].sort());
    const files = repo
      .git('ls-tree', '--name-only', 'main')
      .split('\n')
      .filter((f) => f.endsWith('.md'))
      .sort();
    expect(files).toEqual(['README.md', 'SUMMARY.md', 'api.md', 'faq.md', 'guide.md', 'p0.md', 'p1.md', 'p2.md', 'p3.md', 'p4.md', 'p5.md']);
    expect((await s.store.jobs.list('failed')).filter((j) => j.kind.startsWith('gitsync'))).toEqual([]);

    // Idempotent: syncing again finds both sides paired and writes nothing.
    const tip = repo.git('rev-parse', 'main');
    const [again] = await twoWaySync(s.domain, { dir: repo.dir, ref: 'main', space: spaceId, organizationId: s.org, caller: await owner(), parseWorkers: 0 });
    expect(again).toMatchObject({ action: 'nothing', commit: null, revisionId: null });
    expect(repo.git('rev-parse', 'main')).toBe(tip);
  });
});

describe('exportToGitRepository', () => {
  it('exports to a bare repository: the commit is on the branch with every page', async () => {
    const api = s.client().spaces;
    const { spaceId } = await syncedSpace('To a bare repository');
    const bare = tempDir();
    await git.init({ fs, dir: bare, bare: true, defaultBranch: 'main' });
    expect((await api.exportToGitRepository(spaceId, { url: bare, ref: 'main', commitMessage: 'Into the bare one' })).status).toBe(204);
    await gitJobsSettled();

    expect((await gitInfo(spaceId)).operation).toMatchObject({ state: 'success', direction: 'export' });
    const oid = await git.resolveRef({ fs, gitdir: bare, ref: 'refs/heads/main' });
    const { commit } = await git.readCommit({ fs, gitdir: bare, oid });
    expect(commit.message).toBe('Into the bare one\n');
    const files = (await git.readTree({ fs, gitdir: bare, oid: commit.tree })).tree.map((e) => e.path).sort();
    expect(files).toEqual(['README.md', 'SUMMARY.md', 'api.md', 'faq.md', 'guide.md']);
    const { blob } = await git.readBlob({ fs, gitdir: bare, oid, filepath: 'faq.md' });
    expect(Buffer.from(blob).toString('utf8')).toBe(SAMPLE['faq.md']);

    // And a bare repository imports too.
    const { data: copy } = await s.client().orgs.createSpace(s.org, { title: 'From a bare repository' });
    expect((await api.importGitRepository(copy.id, { url: bare, ref: 'main' })).status).toBe(204);
    await gitJobsSettled();
    expect((await gitInfo(copy.id)).operation).toMatchObject({ state: 'success', direction: 'import' });
    expect((await api.listPages(copy.id)).data.pages.map((p) => p.title)).toEqual(['Welcome', 'Guide', 'API', 'FAQ']);
  });

  it('makes a failed export visible through getSpaceGitInfo: its state, direction and error', async () => {
    const api = s.client().spaces;
    const { data: space } = await s.client().orgs.createSpace(s.org, { title: 'Export fails' });
    const notARepository = tempDir();
    expect((await api.exportToGitRepository(space.id, { url: notARepository, ref: 'main', commitMessage: 'Never' })).status).toBe(204);
    await gitJobsSettled();

    const info = await gitInfo(space.id);
    expect(info.operation).toMatchObject({ state: 'failure', direction: 'export', error: expect.stringContaining('not in a git repository') });
    expect(info.url).toBeUndefined();
    // Bad input is not retried: one attempt, one failure.
    expect((await gitEvents(s.domain.deps, space.id)).filter((e) => e.type === 'space_gitsync_completed')).toHaveLength(1);
  });
});

describe('a conflict the server resolved', () => {
  it('is recorded with the page, the commit and the losing text, on getSpaceGitInfo', async () => {
    const { repo, spaceId } = await syncedSpace('Conflicting');
    const guide = await pageId(spaceId, 'guide.md');
    const gitTip = repo.commit({ 'guide.md': SAMPLE['guide.md'].replace('Second line.', 'Second line, from git.') });
    expect(await mergeEdit(spaceId, guide, lines('First line.', '', 'Second line, from the space.', '', 'Third line.', '', 'Fourth line.'))).toBe('merge');
    await gitJobsSettled();

    // git wins by default: its text is in the space and the repository, the space's is recorded.
    expect(repo.show('guide.md')).toContain('Second line, from git.');
    const { conflicts } = await gitInfo(spaceId);
    expect(conflicts).toEqual([
      expect.objectContaining({
        kind: 'page',
        id: guide,
        path: 'guide.md',
        commit: gitTip,
        winner: 'git',
        loser: 'space',
        losingText: expect.stringContaining('Second line, from the space.'),
      }),
    ]);
    expect((await s.store.revisions.content(conflicts![0]!.losingRevisionId!)).pages.some((p) => p.id === guide)).toBe(true);
  });

  it('keeps an excerpt of a long losing text and the blob of the whole version, not the whole text', async () => {
    const { repo, spaceId } = await syncedSpace('Conflicting at length');
    const guide = await pageId(spaceId, 'guide.md');
    repo.commit({ 'guide.md': SAMPLE['guide.md'].replace('Second line.', 'Second line, from git.') });
    const tail = 'A long paragraph from the space. '.repeat(2000);
    expect(await mergeEdit(spaceId, guide, lines('First line.', '', 'Second line, from the space.', '', 'Third line.', '', 'Fourth line.', '', tail))).toBe(
      'merge',
    );
    await gitJobsSettled();

    const [conflict, ...others] = (await gitInfo(spaceId)).conflicts!;
    expect(others).toEqual([]);
    expect(conflict).toMatchObject({ id: guide, path: 'guide.md', loser: 'space', truncated: true });
    expect(conflict!.losingText).toHaveLength(2000);
    expect(conflict!.losingText).toContain('Second line, from the space.');
    const kept = (await s.store.revisions.content(conflict!.losingRevisionId!)).pages.find((p) => p.id === guide)!;
    expect(kept.kind === 'document' && kept.blob).toBe(conflict!.losingBlob);
    expect((await s.store.blobs.get(conflict!.losingBlob!))!.toString('utf8')).toContain(tail.trim());
    const stored = await s.store.events.forSpace<{ losingText: string }>(spaceId, ['space_gitsync_conflict']);
    expect(stored.map((e) => e.payload.losingText.length)).toEqual([2000]);
  });
});

describe('importGitRepository', () => {
  it('is one-time: a later merge pushes no commit to the imported repository', async () => {
    const api = s.client().spaces;
    const repo = repository(SAMPLE);
    const { data: space } = await s.client().orgs.createSpace(s.org, { title: 'Imported once' });
    expect((await api.importGitRepository(space.id, { url: repo.dir, ref: 'main' })).status).toBe(204);
    await gitJobsSettled();
    expect((await gitInfo(space.id)).operation).toMatchObject({ state: 'success', direction: 'import' });
    const tip = repo.git('rev-parse', 'main');

    await mergeNewPage(space.id, 'After the import');
    await gitJobsSettled();
    expect(repo.git('rev-parse', 'main')).toBe(tip);
    expect(repo.git('ls-tree', '--name-only', 'main')).not.toContain('after-the-import');
    // An explicit export to it does write, and from then on the space follows that target.
    expect((await api.exportToGitRepository(space.id, { url: repo.dir, ref: 'main', commitMessage: 'Now export' })).status).toBe(204);
    await gitJobsSettled();
    expect(repo.git('log', '-1', '--format=%s', 'main')).toBe('Now export');
  });
});
