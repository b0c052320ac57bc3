// crash: an import child process is killed 30 times
// Kills an import (a child process) at each step of it in turn, the blobs' flush and the commit that lands the revision
// among them: after each kill the store is sound, the space shows the repository as it was before that import or as
// it is after, never a mix, and every blob its pages and files name is there with the bytes of its oid. Then the next
// import completes.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild } from '../helpers/child-bundle.js';
import { gitBlobOid } from '../../src/model/index.js';
import { openStore } from '../../src/store/index.js';
import { lines, repository } from './two-way-helpers.js';

const KILLS = 30;
const ATTEMPTS = KILLS + 20;
const root = mkdtempSync(join(tmpdir(), 'quire-import-kill-'));
let child: string;

beforeAll(async () => {
  child = await bundleChild(new URL('./fixtures/import-child.ts', import.meta.url), 'import-kill');
}, 30_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the child import, which kills itself at step `killAt` (never, when 0). */
function runChild(storeDir: string, repo: string, killAt: number): Promise<{ killed: boolean; steps: number; spaceId?: string }> {
  return new Promise((done, fail) => {
    const proc = spawn(process.execPath, [child, storeDir, repo, String(killAt)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d) => (stdout += d));
    proc.stderr.on('data', (d) => (stderr += d));
    proc.on('error', fail);
    proc.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') done({ killed: true, steps: killAt });
      else if (code !== 0) fail(new Error(`import child failed (${code}, ${signal}): ${stderr}`));
      else done({ killed: false, ...(JSON.parse(stdout) as { steps: number; spaceId: string }) });
    });
  });
}

/** The pages a repository state holds, by path, and its one asset. */
type State = { pages: Map<string, string>; asset: string };

describe('an import killed at each of its steps', () => {
  it(`leaves the store sound and the space at one state or the other, ${KILLS} times, and the next import completes`, async () => {
    const pages = new Map<string, string>([['README.md', lines('# Home', '', 'Start here.')]]);
    for (let i = 0; i < 12; i++) pages.set(`page-${i}.md`, lines(`# Page ${i}`, '', `Body of page ${i}.`));
    let asset = 'asset v0';
    const files = (state: State) => {
      const toc = ['# Table of contents', ''];
      for (const [path, body] of state.pages) toc.push(`* [${/^# (.+)$/m.exec(body)![1]}](${path})`);
      return { ...Object.fromEntries(state.pages), 'SUMMARY.md': lines(...toc), '.gitbook/assets/logo.txt': state.asset };
    };
    const repo = repository(files({ pages, asset }));
    const storeDir = join(root, 'store');
    mkdirSync(storeDir);
    const store = openStore(storeDir);

    let spaceId = '';
    const stateOfSpace = async () => {
      const space = (await store.content.space(spaceId))!;
      const content = await store.revisions.content(space.revisionId);
      // Every blob named is there, with the bytes of its oid.
      for (const oid of [...content.pages.flatMap((p) => (p.kind === 'document' ? [p.blob] : [])), ...content.files.flatMap((f) => (f.blob ? [f.blob] : []))]) {
        const bytes = await store.blobs.get(oid);
        expect(bytes, `blob ${oid}`).toBeDefined();
        expect(gitBlobOid(bytes!)).toBe(oid);
      }
      const shown = new Map<string, string>();
      for (const page of content.pages) if (page.kind === 'document') shown.set(page.git!.path, (await store.blobs.get(page.blob))!.toString('utf8'));
      const file = content.files.find((f) => f.name === 'logo.txt');
      return { pages: shown, asset: file?.blob ? (await store.blobs.get(file.blob))!.toString('utf8') : '' };
    };
    const sound = () => {
      const db = new Database(join(storeDir, 'quire.db'), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('foreign_key_check')).toEqual([]);
      } finally {
        db.close();
      }
    };
    const same = (a: State, b: State) => a.asset === b.asset && JSON.stringify([...a.pages].sort()) === JSON.stringify([...b.pages].sort());

    // The first import, whole: the state every later one starts from.
    let landed: State = { pages: new Map(pages), asset };
    const first = await runChild(storeDir, repo.dir, 0);
    spaceId = first.spaceId!;
    expect(await stateOfSpace()).toEqual(landed);
    let lastSteps = first.steps;

    let kills = 0;
    for (let round = 1; kills < KILLS && round <= ATTEMPTS; round++) {
      // A third of the pages edited, one added, one removed, the asset changed.
      for (const path of [...pages.keys()].filter((_, i) => i % 3 === round % 3)) pages.set(path, lines(`# ${path}`, '', `Edited in round ${round}.`));
      pages.set(`added-${round}.md`, lines(`# Added ${round}`, '', 'A new page.'));
      const removable = [...pages.keys()].filter((p) => p !== 'README.md');
      pages.delete(removable[round % removable.length]!);
      asset = `asset v${round}`;
      const next: State = { pages: new Map(pages), asset };
      repo.commit({ ...Object.fromEntries([...landed.pages.keys()].map((p) => [p, null])), ...files(next) }, `round ${round}`);

      // Every step in turn: the kill lands once at least on each (about 22 of them).
      const killAt = 1 + ((round - 1) % lastSteps);
      const run = await runChild(storeDir, repo.dir, killAt);
      sound();
      const shown = await stateOfSpace();
      if (run.killed) {
        kills++;
        expect(same(shown, landed) || same(shown, next), `after a kill at step ${killAt} of ${lastSteps}`).toBe(true);
      } else {
        lastSteps = run.steps;
        expect(shown).toEqual(next);
      }
      landed = shown;
    }
    expect(kills).toBe(KILLS);

    // The next import completes, and the space is the repository.
    const last = await runChild(storeDir, repo.dir, 0);
    expect(last.killed).toBe(false);
    sound();
    expect(await stateOfSpace()).toEqual({ pages: new Map(pages), asset });
    await store.close();
  }, 240_000);
});
