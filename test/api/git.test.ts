import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import { configSchema } from '../../src/config/index.js';
import { Caller, Domain } from '../../src/domain/index.js';
import { gitEvents } from '../../src/domain/git-sync/git.js';
import { bootstrap } from '../../src/domain/core/setup.js';
import { installGitSync } from '../../src/gitsync/two-way/install.js';
import { buildServer } from '../../src/server/app.js';
import { handlers } from '../../src/server/handlers/index.js';
import { gitHandlers } from '../../src/server/handlers/git.js';
import { newId } from '../../src/model/index.js';
import { memoryStore } from '../../src/store/index.js';
import { checkResponse } from '../helpers/contract.js';
import { cleanTemps, lines, repository, SAMPLE } from '../gitsync/two-way-helpers.js';

// The git operations through HTTP, on a server whose handlers include them (and Git Sync installed, as `docs serve` would).
const store = memoryStore();
const domain = new Domain(store);
const boot = await bootstrap(domain, configSchema.parse({ organizations: [{ title: 'Main' }] }));
const app = buildServer({ domain, publicUrl: () => base, handlers: { ...handlers, ...gitHandlers } });
let base = '';
const violations: string[] = [];
const token = boot.newAdminToken!;
const org = boot.organizations[0]!.id;

beforeAll(async () => {
  installGitSync(domain);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await domain.jobs.stop();
  cleanTemps();
  expect(violations).toEqual([]);
});

async function call(method: string, path: string, body?: unknown, auth = token) {
  const response = await fetch(`${base}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${auth}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  violations.push(...checkResponse(method, `${base}/v1${path}`, response.status, text));
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

const newSpace = async (title: string) => (await domain.spaces.create(new Caller(store, boot.admin), org, { title })).space.id;

/** An edit of faq.md through the space: a new revision the space moves to. */
async function editFaq(spaceId: string, text: string) {
  const space = (await store.content.space(spaceId))!;
  const content = await store.revisions.content(space.revisionId);
  const pages = await Promise.all(
    content.pages.map(async (p) => (p.kind === 'document' && p.git?.path === 'faq.md' ? { ...p, blob: await store.blobs.put(Buffer.from(text, 'utf8')) } : p)),
  );
  const id = newId();
  const now = new Date().toISOString();
  await store.tx(async () => {
    await store.revisions.insert({ id, spaceId, parents: [space.revisionId], type: 'edits', git: null, createdAt: now }, { ...content, pages });
    await store.content.setSpaceRevision(spaceId, space.revisionId, id, now);
  });
}

/** Waits for the space's git operation to complete (the job runs after the 204). */
function completed(spaceId: string, count = 1) {
  return waitFor(
    async () => {
      await domain.jobs.runDue();
      const done = (await gitEvents(domain.deps, spaceId)).filter((e) => e.type === 'space_gitsync_completed');
      return done.length >= count && done.at(-1);
    },
    { timeout: 20_000, interval: 10, message: `${count} git operations of space ${spaceId} to complete` },
  );
}

describe('importGitRepository / exportToGitRepository / getSpaceGitInfo', () => {
  it('imports a repository as a job (204), recording the started and completed events', async () => {
    const repo = repository(SAMPLE);
    const spaceId = await newSpace('Imported');
    expect((await call('GET', `/spaces/${spaceId}/git/info`)).status).toBe(404);
    const started = await call('POST', `/spaces/${spaceId}/git/import`, { url: repo.dir, ref: 'main' });
    expect(started.status).toBe(204);
    const done = await completed(spaceId);
    expect(done).toMatchObject({ state: 'success', operation: 'import', ref: 'main' });
    expect((await gitEvents(domain.deps, spaceId)).map((e) => e.type)).toEqual(['space_gitsync_started', 'space_gitsync_completed']);
    const pages = await call('GET', `/spaces/${spaceId}/content`);
    expect(pages.json.pages.map((p: { title: string }) => p.title)).toEqual(['Welcome', 'Guide', 'API', 'FAQ']);
    const info = await call('GET', `/spaces/${spaceId}/git/info`);
    expect(info).toMatchObject({ status: 200, json: { url: repo.dir, repoName: repo.dir.split('/').at(-1) } });
  });

  it('exports the space to a branch with the commit message given', async () => {
    const repo = repository(SAMPLE);
    const spaceId = await newSpace('Exported');
    await call('POST', `/spaces/${spaceId}/git/import`, { url: repo.dir, ref: 'main' });
    await completed(spaceId);
    const mainTip = repo.commit({ 'api.md': lines('# API', '', 'Changed in git.') });
    await editFaq(spaceId, lines('# FAQ', '', 'Questions, edited through Quire.'));
    const exported = await call('POST', `/spaces/${spaceId}/git/export`, { url: repo.dir, ref: 'release', commitMessage: 'Release notes' });
    expect(exported.status).toBe(204);
    const done = await completed(spaceId, 2);
    expect(done).toMatchObject({ operation: 'export', state: 'success', commit: repo.git('rev-parse', 'release') });
    expect(repo.git('log', '-1', '--format=%s', 'release')).toBe('Release notes');
    expect(repo.show('faq.md', 'release')).toContain('edited through Quire');
    expect(repo.git('rev-parse', 'main')).toBe(mainTip);
  });

  it('refuses what it cannot do: other URL schemes, a missing ref or message, unknown spaces, too low a role', async () => {
    const spaceId = await newSpace('Refused');
    expect((await call('POST', `/spaces/${spaceId}/git/import`, { url: 'ssh://git@example.com/repo.git', ref: 'main' })).status).toBe(400);
    expect((await call('POST', `/spaces/${spaceId}/git/import`, { url: '/tmp/x', ref: '' })).status).toBe(400);
    expect((await call('POST', `/spaces/nope/git/import`, { url: '/tmp/x', ref: 'main' })).status).toBe(404);
    const reader = await domain.users.ensure('reader@test.local', 'Reader');
    await domain.organizations.ensureMember(org, reader.id, 'read');
    const readerToken = (await domain.users.createToken(reader.id, 'test')).token;
    expect((await call('POST', `/spaces/${spaceId}/git/import`, { url: '/tmp/x', ref: 'main' }, readerToken)).status).toBe(403);
    expect((await store.jobs.list('pending')).filter((j) => j.kind.startsWith('gitsync'))).toEqual([]);
  });

  it('records a failed operation as a completed event with the error, and never shows credentials', async () => {
    const spaceId = await newSpace('Failing');
    expect((await call('POST', `/spaces/${spaceId}/git/import`, { url: 'https://user:secret@127.0.0.1:9/none.git', ref: 'main' })).status).toBe(204);
    const done = await completed(spaceId);
    expect(done.state).toBe('failure');
    expect(JSON.stringify(await gitEvents(domain.deps, spaceId))).not.toContain('secret');
  });
});
