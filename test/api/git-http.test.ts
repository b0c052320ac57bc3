import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/index.js';
import { Caller, Domain, ManualClock } from '../../src/domain/index.js';
import { gitEvents, gitSpaces } from '../../src/domain/git-sync/git.js';
import { bootstrap } from '../../src/domain/core/setup.js';
import { exportRevision } from '../../src/gitsync/export/export.js';
import { GIT_MERGED_JOB, installGitSync } from '../../src/gitsync/two-way/install.js';
import { newId } from '../../src/model/index.js';
import { memoryStore } from '../../src/store/index.js';
import { cleanTemps, lines, repository, SAMPLE } from '../gitsync/two-way-helpers.js';

// A git smart-HTTP remote (git http-backend behind Basic auth): the credentials travel in the URL.
const root = mkdtempSync(join(tmpdir(), 'quire-git-http-'));
const cache = mkdtempSync(join(tmpdir(), 'quire-git-cache-'));
const AUTH = `Basic ${Buffer.from('user:secret').toString('base64')}`;
let server: Server;
let port = 0;
/** The pushes (git-receive-pack requests) the remote still refuses, with a 500. */
let refusedPushes = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.headers.authorization !== AUTH) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end();
      return;
    }
    const url = new URL(req.url!, 'http://localhost');
    if (req.method === 'POST' && url.pathname.endsWith('/git-receive-pack') && refusedPushes > 0) {
      refusedPushes--;
      res.writeHead(500).end();
      return;
    }
    const cgi = spawn('git', ['http-backend'], {
      env: {
        ...process.env,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        REMOTE_USER: 'user',
        PATH_INFO: url.pathname,
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method!,
        CONTENT_TYPE: req.headers['content-type'] ?? '',
      },
    });
    req.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on('data', (c: Buffer) => chunks.push(c));
    cgi.on('close', () => {
      const out = Buffer.concat(chunks);
      const split = out.indexOf('\r\n\r\n');
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of out.subarray(0, split).toString().split('\r\n')) {
        const [name, ...rest] = line.split(':');
        if (name!.toLowerCase() === 'status') status = Number.parseInt(rest.join(':').trim(), 10);
        else headers[name!] = rest.join(':').trim();
      }
      res.writeHead(status, headers).end(out.subarray(split + 4));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  cleanTemps();
  rmSync(root, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});

describe('git operations against an http remote', () => {
  it('imports over http with credentials in the URL, and pushes an export back', async () => {
    const source = repository(SAMPLE);
    execFileSync('git', ['clone', '-q', '--bare', source.dir, join(root, 'docs.git')]);
    const store = memoryStore();
    const domain = new Domain(store);
    const boot = await bootstrap(domain, configSchema.parse({}));
    const caller = new Caller(store, boot.admin);
    installGitSync(domain, { cacheDir: cache });
    const spaceId = (await domain.spaces.create(caller, boot.organizations[0]!.id, { title: 'Remote' })).space.id;
    const url = `http://user:secret@127.0.0.1:${port}/docs.git`;

    await gitSpaces(domain).request(caller, spaceId, 'import', { url, ref: 'main' });
    await domain.jobs.runDue();
    expect((await gitEvents(domain.deps, spaceId)).at(-1)).toMatchObject({
      type: 'space_gitsync_completed',
      state: 'success',
      url: `http://127.0.0.1:${port}/docs.git`,
    });
    const content = await store.revisions.content((await store.content.space(spaceId))!.revisionId);
    expect(content.pages.map((p) => p.title)).toEqual(['Welcome', 'Guide', 'API', 'FAQ']);

    const space = (await store.content.space(spaceId))!;
    const pages = await Promise.all(
      content.pages.map(async (p) =>
        p.kind === 'document' && p.git?.path === 'faq.md'
          ? { ...p, blob: await store.blobs.put(Buffer.from(lines('# FAQ', '', 'Pushed over http.'), 'utf8')) }
          : p,
      ),
    );
    const revision = newId();
    await store.tx(async () => {
      await store.revisions.insert(
        { id: revision, spaceId, parents: [space.revisionId], type: 'edits', git: null, createdAt: new Date().toISOString() },
        { ...content, pages },
      );
      await store.content.setSpaceRevision(spaceId, space.revisionId, revision, new Date().toISOString());
    });
    await gitSpaces(domain).request(caller, spaceId, 'export', { url, ref: 'main', commitMessage: 'From Quire over http' });
    await domain.jobs.runDue();
    expect((await gitEvents(domain.deps, spaceId)).at(-1)).toMatchObject({ state: 'success', operation: 'export' });
    const bare = (...args: string[]) =>
      execFileSync('git', ['--git-dir', join(root, 'docs.git'), ...args])
        .toString()
        .trim();
    expect(bare('log', '-1', '--format=%s', 'main')).toBe('From Quire over http');
    expect(bare('show', 'main:faq.md')).toContain('Pushed over http.');
    expect(await gitSpaces(domain).info(caller, spaceId)).toMatchObject({ url: `http://127.0.0.1:${port}/docs.git`, repoName: 'docs' });

    await gitSpaces(domain).request(caller, spaceId, 'import', { url: url.replace('secret', 'wrong-password'), ref: 'main' });
    await domain.jobs.runDue();
    const failed = (await gitEvents(domain.deps, spaceId)).at(-1)!;
    expect(failed).toMatchObject({ state: 'failure', operation: 'import' });
    expect(failed.error).toMatch(/401/);
    expect(JSON.stringify(await gitEvents(domain.deps, spaceId))).not.toMatch(/secret|wrong-password/);
    // Credentials are kept only sealed: nowhere in the database in clear, yet the jobs can still connect.
    expect(JSON.stringify(await domain.deps.store.snapshot())).not.toMatch(/secret|wrong-password/);
  });

  it('pushes a merge whose push failed on the retry: the remote gets every merged page and the space keeps them', async () => {
    const r = await exportedOverHttp('flaky');
    await r.mergeEdits();
    refusedPushes = 1;
    await r.domain.jobs.schedule({ kind: GIT_MERGED_JOB, payload: { spaceId: r.spaceId, userId: r.userId, message: 'QUIRE-1: Merged' }, maxAttempts: 5 });
    await r.domain.jobs.runDue();
    expect((await gitEvents(r.domain.deps, r.spaceId)).at(-1)).toMatchObject({ state: 'failure', operation: 'export' });
    expect(r.bare('show', 'main:faq.md')).not.toContain('Merged FAQ.');
    // Meanwhile someone else pushes to the branch.
    const clone = mkdtempSync(join(tmpdir(), 'quire-git-clone-'));
    const inClone = (...args: string[]) => execFileSync('git', ['-c', 'user.name=A', '-c', 'user.email=a@example.com', ...args], { cwd: clone });
    inClone('clone', '-q', join(root, 'flaky.git'), '.');
    writeFileSync(join(clone, 'guide.md'), lines('# Guide', '', 'Pushed by someone else.'));
    inClone('commit', '-q', '-am', 'Elsewhere');
    inClone('push', '-q', 'origin', 'main');
    rmSync(clone, { recursive: true, force: true });

    // The retry, after its backoff.
    r.clock.advance(60_000);
    await r.domain.jobs.runDue();
    expect(refusedPushes).toBe(0);
    expect((await gitEvents(r.domain.deps, r.spaceId)).at(-1)).toMatchObject({ state: 'success', operation: 'export' });
    expect(r.bare('show', 'main:guide.md')).toContain('Pushed by someone else.');
    await r.expectEverywhere();
  });

  it('pushes the commit an export wrote before its process died, on the next export', async () => {
    const r = await exportedOverHttp('orphan');
    const revisionId = await r.mergeEdits();
    // What an export job killed between its commit and its push leaves: the commit in the clone, paired in the store.
    const { commit } = await exportRevision(r.domain, { dir: join(cache, r.spaceId), spaceId: r.spaceId, revisionId, ref: 'main', message: 'QUIRE-1: Merged' });
    expect(commit).not.toBeNull();
    await r.domain.jobs.schedule({ kind: GIT_MERGED_JOB, payload: { spaceId: r.spaceId, userId: r.userId, message: 'QUIRE-1: Merged' }, maxAttempts: 5 });
    await r.domain.jobs.runDue();
    expect((await gitEvents(r.domain.deps, r.spaceId)).at(-1)).toMatchObject({ state: 'success', operation: 'export' });
    expect(r.bare('rev-parse', 'main')).toBe(commit);
    await r.expectEverywhere();
  });
});

/** A space imported from and exported to the http remote `<name>.git` (a copy of SAMPLE), with a manual clock. */
async function exportedOverHttp(name: string) {
  const source = repository(SAMPLE);
  execFileSync('git', ['clone', '-q', '--bare', source.dir, join(root, `${name}.git`)]);
  const clock = new ManualClock(new Date());
  const store = memoryStore();
  const domain = new Domain(store, { clock });
  const boot = await bootstrap(domain, configSchema.parse({}));
  const caller = new Caller(store, boot.admin);
  installGitSync(domain, { cacheDir: cache });
  const spaceId = (await domain.spaces.create(caller, boot.organizations[0]!.id, { title: name })).space.id;
  const url = `http://user:secret@127.0.0.1:${port}/${name}.git`;
  await gitSpaces(domain).request(caller, spaceId, 'import', { url, ref: 'main' });
  await domain.jobs.runDue();
  await gitSpaces(domain).request(caller, spaceId, 'export', { url, ref: 'main', commitMessage: 'Follow the space' });
  await domain.jobs.runDue();
  expect((await gitEvents(domain.deps, spaceId)).at(-1)).toMatchObject({ state: 'success', operation: 'export' });
  const bare = (...args: string[]) =>
    execFileSync('git', ['--git-dir', join(root, `${name}.git`), ...args])
      .toString()
      .trim();
  const edits: Record<string, string> = { 'faq.md': lines('# FAQ', '', 'Merged FAQ.'), 'api.md': lines('# API', '', 'Merged API.') };
  /** A change request merged: two pages edited in the space; returns the space's new revision. */
  const mergeEdits = async () => {
    const space = (await store.content.space(spaceId))!;
    const content = await store.revisions.content(space.revisionId);
    const pages = await Promise.all(
      content.pages.map(async (p) =>
        p.kind === 'document' && p.git && edits[p.git.path] ? { ...p, blob: await store.blobs.put(Buffer.from(edits[p.git.path]!, 'utf8')) } : p,
      ),
    );
    const revision = newId();
    await store.tx(async () => {
      await store.revisions.insert(
        { id: revision, spaceId, parents: [space.revisionId], type: 'merge', git: null, createdAt: clock.now().toISOString() },
        { ...content, pages },
      );
      await store.content.setSpaceRevision(spaceId, space.revisionId, revision, clock.now().toISOString());
    });
    return revision;
  };
  /** The merged pages are on the remote and in the space, and another export finds both in step. */
  const expectEverywhere = async () => {
    expect(bare('show', 'main:faq.md')).toContain('Merged FAQ.');
    expect(bare('show', 'main:api.md')).toContain('Merged API.');
    await gitSpaces(domain).request(caller, spaceId, 'export', { url, ref: 'main', commitMessage: 'Again' });
    clock.advance(60_000);
    await domain.jobs.runDue();
    const after = await store.revisions.content((await store.content.space(spaceId))!.revisionId);
    const bodies = await Promise.all(after.pages.filter((p) => p.kind === 'document').map(async (p) => (await store.blobs.get(p.blob))!.toString('utf8')));
    expect(bodies).toEqual(expect.arrayContaining([edits['faq.md'], edits['api.md']]));
    expect(bare('show', 'main:faq.md')).toContain('Merged FAQ.');
  };
  return { domain, store, clock, spaceId, userId: boot.admin.id, bare, mergeEdits, expectEverywhere };
}
