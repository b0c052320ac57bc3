import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/index.js';
import { cleanTemps, lines, repository, SAMPLE } from '../gitsync/two-way-helpers.js';

const BIN = new URL('../../bin/docs.js', import.meta.url).pathname;
const run = promisify(execFile);
const temps: string[] = [];
afterAll(() => {
  cleanTemps();
  temps.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

async function docs(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A project syncing `repo` as the space Docs, with `conflict` in its config. */
function project(repoDir: string, conflict: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'quire-e2e-two-way-'));
  temps.push(dir);
  writeFileSync(join(dir, 'docs.config.yaml'), `spaces:\n  - title: Docs\n    directory: ${repoDir}\n    conflict: ${conflict}\n`);
  return dir;
}

/** Edits api.md in the space the way the API does: a new revision of the space (the CLI is not running meanwhile). */
function editInSpace(projectDir: string, text: string): string {
  const store = Store.open(join(projectDir, '.docs'));
  try {
    const space = store.content.spacesIn(store.organizations.all()[0]!.id).find((s) => s.title === 'Docs')!;
    const content = store.revisions.content(space.revisionId);
    const pages = content.pages.map((p) => (p.kind === 'document' && p.git?.path === 'api.md' ? { ...p, blob: store.blobs.put(Buffer.from(text, 'utf8')) } : p));
    const id = `edit${Date.now()}`.padEnd(20, '0');
    const now = new Date().toISOString();
    store.tx(() => {
      store.revisions.insert({ id, spaceId: space.id, parents: [space.revisionId], type: 'edits', git: null, createdAt: now }, { ...content, pages });
      store.content.setSpaceRevision(space.id, space.revisionId, id, now);
    });
    return id;
  } finally {
    store.close();
  }
}

describe('docs sync, both ways', () => {
  it('stops on a conflict under `conflict: fail` with exit 1, a JSON report, and nothing changed; --conflict space settles it', async () => {
    const repo = repository(SAMPLE);
    const dir = project(repo.dir, 'fail');
    expect((await docs(dir, 'sync')).code).toBe(0);
    const gitTip = repo.commit({ 'api.md': lines('# API', '', 'By git.') });
    const spaceRevision = editInSpace(dir, lines('# API', '', 'By the space.'));

    const failed = await docs(dir, 'sync', '--json');
    expect(failed.code).toBe(1);
    const [report] = JSON.parse(failed.stdout).spaces;
    expect(report).toMatchObject({ failed: true, policy: 'fail', commit: null, conflicts: [{ kind: 'page', title: 'API', winner: null }] });
    expect(report.conflicts[0].kept).toEqual([
      { side: 'space', revisionId: spaceRevision, commit: null },
      { side: 'git', revisionId: null, commit: gitTip },
    ]);
    expect(repo.git('rev-parse', 'main')).toBe(gitTip);

    const text = await docs(dir, 'sync', '--conflict', 'space');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/merged both sides; commit [0-9a-f]{7}; 1 conflict\n  conflict: page "API" \([\w-]+\): both sides changed the same lines of its content; space wins; the git version is kept in revision [\w-]+, commit [0-9a-f]{7}\n/);
    expect(repo.show('api.md')).toContain('By the space.');
    expect(repo.git('rev-parse', 'main^')).toBe(gitTip);
    expect((await docs(dir, 'sync')).stdout).toContain('(no changes)');
  });

  it('rejects an unknown --conflict policy as a usage error', async () => {
    const repo = repository(SAMPLE);
    const result = await docs(project(repo.dir, 'git'), 'sync', '--conflict', 'ours');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--conflict ours: expected one of git, space, fail');
  });
});
