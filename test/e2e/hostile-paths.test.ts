import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newId, type RevisionPage } from '../../src/model/index.js';
import { openStore } from '../../src/store/index.js';
import { cleanTemps, lines, repository, SAMPLE } from '../gitsync/two-way-helpers.js';
import { docs, project as newProject, serve } from '../helpers/cli.js';

const project = (config: string) => newProject(config, 'hostile');

const temps: string[] = [];
afterAll(() => {
  cleanTemps();
  temps.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

/** Every file under `dir`, relative to it, `.git` left out. */
const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .filter((f) => !f.startsWith('.git/'))
    .sort();

/** Adds pages straight to the store, below the API's checks: bad data written before slugs were validated. */
async function addBadPages(projectDir: string, make: (blob: string) => RevisionPage[]): Promise<void> {
  const store = openStore(join(projectDir, '.docs'));
  try {
    const space = (await store.content.spacesIn((await store.organizations.all())[0]!.id)).find((s) => s.title === 'Docs')!;
    const content = await store.revisions.content(space.revisionId);
    const blob = await store.blobs.put(Buffer.from(lines('# Escape', '', 'Out of bounds.'), 'utf8'));
    const id = newId();
    const now = new Date().toISOString();
    await store.tx(async () => {
      await store.revisions.insert(
        { id, spaceId: space.id, parents: [space.revisionId], type: 'edits', git: null, createdAt: now },
        { ...content, pages: [...content.pages, ...make(blob)] },
      );
      await store.content.setSpaceRevision(space.id, space.revisionId, id, now);
    });
  } finally {
    await store.close();
  }
}

/** A fetch that fails after a deadline instead of waiting on a server that stopped answering. */
async function call(url: string, token: string, method: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

describe('hostile slugs and paths, end to end', () => {
  it('answers the reproduction of the `..` slug hang with 400s, and keeps answering (docs serve in a child process)', async () => {
    const dir = project('organizations:\n  - title: Acme\n');
    const { url, child } = await serve(dir, { DOCS_TOKEN: 'e2e-hostile' });
    try {
      const api = (method: string, path: string, body?: unknown) => call(`${url}/v1${path}`, 'e2e-hostile', method, body);
      const org = (await api('GET', '/orgs')).json.items[0].id as string;
      const space = (await api('POST', `/orgs/${org}/spaces`, { title: 'Handbook' })).json.id as string;
      const insert = async (slug: string) => {
        const cr = (await api('POST', `/spaces/${space}/change-requests`, { subject: `Insert ${slug}` })).json.id as string;
        const written = await api('POST', `/spaces/${space}/change-requests/${cr}/content`, {
          changes: [{ operation: 'insert_page', title: 'Page', slug, document: { markdown: 'Body.\n' } }],
        });
        return { cr, written };
      };
      const first = await insert('..');
      expect(first.written).toEqual({
        status: 400,
        json: { error: { code: 400, message: expect.stringMatching(/^changes\[0\]\.slug: "\.\." is not a valid slug/) } },
      });
      const second = await insert('../../../x');
      expect(second.written.status).toBe(400);
      await api('POST', `/spaces/${space}/change-requests/${second.cr}/merge`);
      const third = await insert('../../../edit-escape');
      expect(third.written).toEqual({ status: 400, json: { error: { code: 400, message: expect.stringMatching(/^changes\[0\]\.slug: /) } } });
      expect((await api('GET', '/orgs')).status).toBe(200);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('syncs a space holding `..`-slug pages: each is written under a safe path inside the repository, with a warning', async () => {
    const repo = repository(SAMPLE);
    const dir = project(`spaces:\n  - title: Docs\n    directory: ${repo.dir}\n`);
    expect((await docs(dir, 'sync')).code).toBe(0);
    // What the unchecked API used to store: a `..` slug, and one climbing out of the repository with no git path.
    await addBadPages(dir, (blob) => [
      {
        id: newId(),
        kind: 'document',
        title: 'Dots',
        slug: '..',
        path: '..',
        parentId: null,
        hidden: false,
        blob,
        git: { oid: blob, path: null as unknown as string },
      },
      {
        id: newId(),
        kind: 'document',
        title: 'Climber',
        slug: '../../../x',
        path: '../../../x',
        parentId: null,
        hidden: false,
        blob,
        git: { oid: blob, path: null as unknown as string },
      },
    ]);

    const result = await docs(dir, 'sync');
    expect(result.stderr).not.toMatch(/TypeError|\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(': page "Dots": its slug ".." is not a valid slug (one path segment); written as untitled.md');
    expect(result.stderr).toContain(': page "Climber": its slug "../../../x" is not a valid slug (one path segment); written as x.md');
    expect(repo.show('untitled.md')).toContain('Out of bounds.');
    expect(repo.show('x.md')).toContain('Out of bounds.');
    expect(repo.git('ls-tree', '-r', '--name-only', 'main').split('\n').sort()).toEqual([
      'README.md',
      'SUMMARY.md',
      'api.md',
      'faq.md',
      'guide.md',
      'untitled.md',
      'x.md',
    ]);
    // The space is repaired: the pages carry the slugs they were written under, and the next sync has nothing to say.
    const again = await docs(dir, 'sync', '--json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).spaces[0].warnings).toEqual([]);

    // The site build puts them under safe paths too, and nothing beside the output folder.
    const parent = mkdtempSync(join(tmpdir(), 'quire-e2e-hostile-out-'));
    temps.push(parent);
    const built = await docs(dir, 'build', '--space', 'Docs', '--out', join(parent, 'site'), '--no-strict-links');
    expect(built.stderr).toMatch(/^(docs: warning: no site URL given [^\n]*\n)?$/);
    expect(built.code).toBe(0);
    expect(files(parent).every((f) => f.startsWith('site/'))).toBe(true);
    expect(files(parent)).toEqual(expect.arrayContaining(['site/x/index.html', 'site/untitled/index.html']));
  });

  it('syncs a stored `.hidden` page with a child and a `.git` page under safe paths; the next sync is a no-op and keeps the child', async () => {
    const repo = repository(SAMPLE);
    const dir = project(`spaces:\n  - title: Docs\n    directory: ${repo.dir}\n`);
    expect((await docs(dir, 'sync')).code).toBe(0);
    // What the API used to store for slugs `.hidden` (with a child inserted into it) and `.git`: git paths in a folder
    // the importer skips, and one git refuses.
    const parent = newId();
    await addBadPages(dir, (blob) => [
      {
        id: parent,
        kind: 'document',
        title: 'Hidden',
        slug: '.hidden',
        path: '.hidden',
        parentId: null,
        hidden: false,
        blob,
        git: { oid: blob, path: '.hidden.md' },
      },
      {
        id: newId(),
        kind: 'document',
        title: 'Child',
        slug: 'child',
        path: '.hidden/child',
        parentId: parent,
        hidden: false,
        blob,
        git: { oid: blob, path: '.hidden/child.md' },
      },
      { id: newId(), kind: 'document', title: 'Git', slug: '.git', path: '.git', parentId: null, hidden: false, blob, git: { oid: blob, path: '.git.md' } },
    ]);

    const result = await docs(dir, 'sync');
    expect(result.stderr).not.toMatch(/TypeError|\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(': page "Hidden": its slug ".hidden" is not a valid slug (one path segment); written as hidden/README.md');
    const tree = repo.git('ls-tree', '-r', '--name-only', 'main').split('\n').sort();
    expect(tree).toEqual(['README.md', 'SUMMARY.md', 'api.md', 'faq.md', 'git.md', 'guide.md', 'hidden/README.md', 'hidden/child.md']);
    expect(repo.show('hidden/child.md')).toContain('Out of bounds.');
    expect(repo.git('fsck', '--strict')).not.toMatch(/error/);

    const again = await docs(dir, 'sync', '--json');
    expect(again.code, again.stderr).toBe(0);
    const report = JSON.parse(again.stdout).spaces[0];
    expect(report).toMatchObject({ action: 'nothing', pagesAdded: 0, pagesChanged: 0, pagesRemoved: 0, warnings: [] });
    expect(repo.git('ls-tree', '-r', '--name-only', 'main').split('\n').sort()).toEqual(tree);
    const store = openStore(join(dir, '.docs'));
    try {
      const space = (await store.content.spacesIn((await store.organizations.all())[0]!.id)).find((s) => s.title === 'Docs')!;
      const pages = (await store.revisions.content(space.revisionId)).pages.map((p) => [p.title, p.path]);
      expect(pages).toEqual(
        expect.arrayContaining([
          ['Hidden', 'hidden'],
          ['Child', 'hidden/child'],
          ['Git', 'git'],
        ]),
      );
    } finally {
      await store.close();
    }
  });

  it('skips `.gitbook.yaml` redirects that climb out, warning with the file and line; the build writes nothing outside --out', async () => {
    const repo = repository({
      ...SAMPLE,
      '.gitbook.yaml': lines('root: ./', 'redirects:', '  old-guide: guide.md', '  ../../../../escaped-x: README.md', '  "%2e%2e/%2e%2e/escaped-y": api.md'),
    });
    const dir = project(`spaces:\n  - title: Docs\n    directory: ${repo.dir}\n`);
    const synced = await docs(dir, 'sync');
    expect(synced.code).toBe(0);
    expect(synced.stderr).toContain(': .gitbook.yaml:4: redirect source "../../../../escaped-x" has a "." or ".." segment; skipped');
    expect(synced.stderr).toContain(': .gitbook.yaml:5: redirect source "%2e%2e/%2e%2e/escaped-y" has a "." or ".." segment; skipped');

    const parent = mkdtempSync(join(tmpdir(), 'quire-e2e-hostile-out-'));
    temps.push(parent);
    const built = await docs(dir, 'build', '--space', 'Docs', '--out', join(parent, 'a', 'b', 'site'));
    expect(built.code).toBe(0);
    expect(files(parent).every((f) => f.startsWith('a/b/site/'))).toBe(true);
    expect(files(parent)).toContain('a/b/site/old-guide/index.html');
  });
});
