// Two `docs serve` processes on one PostgreSQL database export a git-synced space's merges to its repository. The
// server that merged is killed (kill -9) at several moments of the export: the other one takes the job over once its
// claim runs out (`server.jobLeaseSeconds`), and every merge reaches the repository once, with nothing doubled.
import { GitBookAPI } from '@gitbook/api';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { JobRecord } from '../../src/model/index.js';
import { PostgresStore } from '../../src/store/postgres/store.js';
import { SecretBox } from '../../src/store/secrets.js';
import { project, serve } from '../helpers/cli.js';
import { createDatabase } from '../helpers/postgres.js';
import { waitFor } from '../helpers/wait-for.js';

const TOKEN = 'kill-export-admin';
const SECRET = 'cd'.repeat(32);
const CONFIG = 'organizations:\n  - title: Acme\nserver:\n  jobLeaseSeconds: 2\n';
/** After the merge answered: at once, while the export runs, and about when it ends. */
const KILL_AFTER_MS = [0, 60, 250];

let env: Record<string, string>;
let database: string;
let repo: string;
const folders = [project(CONFIG, 'export-a'), project(CONFIG, 'export-b')];

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Author', '-c', 'user.email=author@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
    .toString()
    .trim();

beforeAll(async () => {
  repo = mkdtempSync(join(tmpdir(), 'quire-kill-export-'));
  mkdirSync(join(repo, 'guide'));
  writeFileSync(join(repo, 'README.md'), '# Home\n\nWelcome.\n');
  writeFileSync(join(repo, 'guide', 'README.md'), '# Guide\n\nStart here.\n');
  writeFileSync(join(repo, 'SUMMARY.md'), '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide/README.md)\n');
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'Initial');
  database = await createDatabase(inject('postgresUrl'), `kill_export_${process.pid}`);
  env = { DOCS_DATABASE_URL: database, DOCS_SECRET_KEY: SECRET, DOCS_TOKEN: TOKEN };
}, 60_000);

async function request(base: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

/** The store's jobs, read through a store of the test's own. */
async function jobs(): Promise<JobRecord[]> {
  const store = await PostgresStore.open(database, SecretBox.withKey(SECRET)!, { max: 1 });
  try {
    return await store.jobs.list();
  } finally {
    await store.close();
  }
}
/** Every sync job ran to its end (the audit log's daily prune waits for tomorrow). */
const jobsDone = async () => (await jobs()).filter((job) => job.kind.startsWith('gitsync:')).every((job) => job.state === 'done');

/** The titles of the space's pages, depth first. */
async function titles(api: GitBookAPI, spaceId: string): Promise<string[]> {
  const { data } = await api.spaces.getCurrentRevision(spaceId);
  const out: string[] = [];
  const walk = (pages: typeof data.pages) => {
    for (const page of pages) {
      out.push(page.title);
      if ('pages' in page) walk(page.pages as typeof data.pages);
    }
  };
  walk(data.pages);
  return out;
}

describe('a server killed while it exports a merge', () => {
  it('leaves the export to the other server: every merge reaches the repository once', async () => {
    let [a, b] = await Promise.all(folders.map((folder) => serve(folder, env)));
    const apiB = new GitBookAPI({ endpoint: b!.url, authToken: TOKEN });
    const org = (await apiB.orgs.listOrganizationsForAuthenticatedUser()).data.items[0]!.id;
    const { data: space } = await apiB.orgs.createSpace(org, { title: 'Exported' });
    expect((await request(b!.url, 'POST', `/spaces/${space.id}/git/import`, { url: repo, ref: 'main' })).status).toBe(204);
    await waitFor(async () => (await titles(apiB, space.id)).includes('Guide'), { message: 'the import', timeout: 20_000 });
    const guide = (await apiB.spaces.listPages(space.id)).data.pages.find((page) => page.title === 'Guide')!;
    // Exported once through the API: from then on, the space's merges go to the repository.
    const exported = await request(b!.url, 'POST', `/spaces/${space.id}/git/export`, { url: repo, ref: 'main', commitMessage: 'First export' });
    expect(exported.status).toBe(204);
    await waitFor(jobsDone, { message: 'the first export' });

    for (const [round, delay] of KILL_AFTER_MS.entries()) {
      const title = `Round ${round}`;
      const { data: cr } = await apiB.spaces.createChangeRequest(space.id, { subject: title });
      const written = await request(b!.url, 'POST', `/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, {
        changes: [{ operation: 'insert_page', into: guide.id, title, document: { markdown: `Written in round ${round}.\n` } }],
      });
      expect(written.status).toBe(200);
      // Merged through A, which schedules the export and starts it at once; then A dies.
      expect((await request(a!.url, 'POST', `/spaces/${space.id}/change-requests/${cr.id}/merge`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, delay));
      a!.child.kill('SIGKILL');
      await waitFor(() => git('show', 'main:SUMMARY.md').includes(title), { message: `${title} in the repository`, timeout: 30_000 });
      a = await serve(folders[0]!, env);
    }

    // Every page once in the space, once in the table of contents, with a file of its own; the history is sound.
    const inSpace = await titles(apiB, space.id);
    const summary = git('show', 'main:SUMMARY.md');
    for (const round of KILL_AFTER_MS.keys()) {
      expect(inSpace.filter((t) => t === `Round ${round}`)).toHaveLength(1);
      expect(summary.split(`[Round ${round}]`)).toHaveLength(2);
    }
    expect(new Set(inSpace).size).toBe(inSpace.length);
    const files = git('ls-tree', '-r', '--name-only', 'main').split('\n');
    expect(files.filter((file) => file.startsWith('guide/round-'))).toHaveLength(KILL_AFTER_MS.length);
    git('fsck', '--strict');

    // No export left behind: every job ran to its end, once its claim was taken over.
    await waitFor(jobsDone, { message: 'every job done', timeout: 30_000 });
    // At least one export was claimed by the server that died, and run again by the other.
    const exports = (await jobs()).filter((job) => job.kind === 'gitsync:merged');
    expect(exports).toHaveLength(KILL_AFTER_MS.length);
    expect(exports.some((job) => job.attempts > 1)).toBe(true);
    // And the space and the repository still sync both ways: one more merge, through the restarted A, is exported.
    const { data: last } = await apiB.spaces.createChangeRequest(space.id, { subject: 'After' });
    await request(b!.url, 'POST', `/spaces/${space.id}/change-requests/${last.id}/content?compat=false`, {
      changes: [{ operation: 'insert_page', into: guide.id, title: 'After', document: { markdown: 'After the kills.\n' } }],
    });
    expect((await request(a!.url, 'POST', `/spaces/${space.id}/change-requests/${last.id}/merge`)).status).toBe(200);
    await waitFor(() => git('show', 'main:SUMMARY.md').includes('[After]'), { message: 'the last merge in the repository', timeout: 30_000 });
  }, 240_000);
});
