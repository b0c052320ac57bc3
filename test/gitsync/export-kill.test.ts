// crash: an export child process is killed 50 times
// Kills an export (a child process) 50 times, each at a random step of it: after each kill the repository (objects,
// refs, index and work tree) and the store must be consistent on their own and with each other, and the next sync must
// complete and leave them matching, with a clean `git status`.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild } from '../helpers/child-bundle.js';
import { configSchema } from '../../src/config/index.js';
import { Caller, Domain } from '../../src/domain/index.js';
import { bootstrap } from '../../src/domain/core/setup.js';
import { twoWaySync } from '../../src/gitsync/two-way/sync.js';
import { type DocumentPage, gitBlobOid, newId, type RevisionContent } from '../../src/model/index.js';
import { openStore } from '../../src/store/index.js';
import { lines, repository } from './two-way-helpers.js';
import { lsTree } from './export-helpers.js';

const KILLS = 50;
const PAGES = 24;
// Attempts that end before their kill step (the export took fewer steps than the last one) are retried, up to this many.
const ATTEMPTS = KILLS + 25;
const root = mkdtempSync(join(tmpdir(), 'quire-export-kill-'));
let child: string;

beforeAll(async () => {
  child = await bundleChild(new URL('./fixtures/export-child.ts', import.meta.url), 'export-kill');
}, 30_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the child export, which kills itself at step `killAt` (never, when 0), before or after it. */
function runChild(args: string[], killAt = 0, when: 'before' | 'after' = 'before'): Promise<{ killed: boolean; steps: number }> {
  return new Promise((done, fail) => {
    const proc = spawn(process.execPath, [child, ...args, String(killAt), when], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d) => (stdout += d));
    proc.stderr.on('data', (d) => (stderr += d));
    proc.on('error', fail);
    proc.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') done({ killed: true, steps: killAt });
      else if (code !== 0) fail(new Error(`export child failed (${code}, ${signal}): ${stderr}`));
      else done({ killed: false, steps: (JSON.parse(stdout) as { steps: number }).steps });
    });
  });
}

describe('an export killed at random moments', () => {
  it(`leaves the repository and the store consistent, ${KILLS} times, and the next sync completes`, async () => {
    const files: Record<string, string> = { 'README.md': lines('# Home', '', 'Start here.') };
    const toc = ['# Table of contents', '', '* [Home](README.md)'];
    for (let i = 0; i < PAGES; i++) {
      files[`page-${i}.md`] = lines(`# Page ${i}`, '', `Body of page ${i}.`);
      toc.push(`* [Page ${i}](page-${i}.md)`);
    }
    files['SUMMARY.md'] = lines(...toc);
    const repo = repository(files);
    const storeDir = join(root, 'store');
    mkdirSync(storeDir);
    const store = openStore(storeDir);
    const domain = new Domain(store);
    const boot = await bootstrap(domain, configSchema.parse({}));
    const caller = new Caller(store, boot.admin);
    const sync = () => twoWaySync(domain, { dir: repo.dir, space: 'Docs', organizationId: boot.organizations[0]!.id, caller, parseWorkers: 0 });
    const [first] = await sync();
    const spaceId = first!.space.id;
    const space = async () => (await store.content.space(spaceId))!;

    /** Edits a third of the pages and adds one through the space; returns the bodies the repository must end up with. */
    let round = 0;
    const edit = async (): Promise<Map<string, string>> => {
      round++;
      const before = await space();
      const content = await store.revisions.content(before.revisionId);
      const expected = new Map<string, string>();
      const pages = await Promise.all(
        content.pages.map(async (p, i) => {
          if (p.kind !== 'document' || !p.git || i % 3 !== round % 3) return p;
          const text = lines(`# ${p.title}`, '', `Edited in round ${round}.`);
          expected.set(p.git.path, text);
          return { ...p, blob: await store.blobs.put(Buffer.from(text)) };
        }),
      );
      const added = lines(`# Added ${round}`, '', 'A new page.');
      const addedPage: DocumentPage = {
        ...(pages.find((p) => p.kind === 'document') as DocumentPage),
        id: newId(),
        title: `Added ${round}`,
        slug: `added-${round}`,
        path: `added-${round}`,
        blob: await store.blobs.put(Buffer.from(added)),
        git: null,
        parentId: null,
      };
      expected.set(`added-${round}.md`, added);
      const next: RevisionContent = { ...content, pages: [...pages, addedPage] };
      const id = newId();
      const now = new Date().toISOString();
      await store.tx(async () => {
        await store.revisions.insert({ id, spaceId, parents: [before.revisionId], type: 'edits', git: null, createdAt: now }, next);
        expect(await store.content.setSpaceRevision(spaceId, before.revisionId, id, now)).toBe(true);
      });
      await domain.sync.indexPages(next);
      return expected;
    };

    /** The store and the repository agree with each other: the sync state's commit holds its revision's pages. */
    const checkConsistent = async (fsck: boolean) => {
      if (fsck) execFileSync('git', ['fsck', '--full', '--no-dangling'], { cwd: repo.dir, stdio: 'pipe' });
      const main = repo.git('rev-parse', '--verify', 'main^{commit}');
      const db = new Database(join(storeDir, 'quire.db'), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        db.close();
      }
      const state = (await domain.sync.state(spaceId))!;
      expect(repo.git('cat-file', '-t', state.commit!)).toBe('commit');
      // Only the killed export's commit can have been added on top of the synced one.
      if (main !== state.commit) expect(repo.git('rev-parse', 'main~1')).toBe(state.commit);
      const tree = lsTree(repo.dir, state.commit!);
      const content = await store.revisions.content(state.revisionId);
      for (const page of content.pages) {
        if (page.kind !== 'document') continue;
        expect(page.git, page.title).not.toBeNull();
        expect(tree.get(page.git!.path), page.git!.path).toBe(page.git!.oid);
      }
      return { main, synced: state.commit };
    };

    /** `git status` entries: status letters and path (no lock taken, so the check changes nothing). */
    const status = () =>
      execFileSync('git', ['--no-optional-locks', 'status', '--porcelain=v1', '-z', '--untracked-files=all'], { cwd: repo.dir, encoding: 'utf8' })
        .split('\0')
        .filter(Boolean)
        .map((entry) => ({ code: entry.slice(0, 2), path: entry.slice(3) }));

    /**
     * Right after a kill, the index is readable and each file git reports (changed or untracked) holds, whole, its
     * version before the export or in the commit the branch now points at: no partial or temporary file.
     */
    const checkWorkTree = (before: string, after: string) => {
      const [old, now] = [lsTree(repo.dir, before), lsTree(repo.dir, after)];
      for (const { code, path } of status()) {
        const abs = join(repo.dir, path);
        const onDisk = existsSync(abs) ? gitBlobOid(readFileSync(abs)) : undefined;
        expect([old.get(path), now.get(path)], `${path} (${code})`).toContain(onDisk);
      }
    };

    const args = [storeDir, repo.dir, spaceId];
    let expected = await edit();
    const dry = await runChild(args);
    expect(dry.killed).toBe(false);
    let span = dry.steps;
    let killed = 0;
    let attempts = 0;
    // Where the kills landed: before the commit was on `main`, between it and the store, after both.
    const outcomes = { none: 0, ref: 0, both: 0 };
    const started = performance.now();
    while (killed < KILLS) {
      expect(++attempts, `only ${killed} kills in ${ATTEMPTS} attempts`).toBeLessThanOrEqual(ATTEMPTS);
      expected = await edit();
      const tip = repo.git('rev-parse', 'main');
      const result = await runChild(args, 1 + Math.floor(Math.random() * span), Math.random() < 0.5 ? 'before' : 'after');
      if (result.killed) killed++;
      else span = result.steps;
      const after = await checkConsistent(true);
      checkWorkTree(tip, after.main);
      if (result.killed) outcomes[after.main === tip ? 'none' : after.synced === after.main ? 'both' : 'ref']++;

      const [report] = await sync();
      expect(report!.failed).toBe(false);
      const { main } = await checkConsistent(false);
      const state = (await domain.sync.state(spaceId))!;
      expect(state.commit).toBe(main);
      expect(state.revisionId).toBe((await space()).revisionId);
      for (const [path, text] of expected) expect(`${repo.show(path)}\n`, path).toBe(text);
      // A commit the killed export never recorded is taken as that export, not merged as pages added in git again.
      const titles = (await store.revisions.content(state.revisionId)).pages.map((p) => p.title);
      expect(titles.filter((title) => title.startsWith('Added ')).sort()).toEqual(Array.from({ length: round }, (_, i) => `Added ${i + 1}`).sort());
      // The work tree and index caught up with the branch, and nothing is left to do.
      expect(status()).toEqual([]);
      expect(existsSync(join(repo.dir, '.git', 'quire-follow.json'))).toBe(false);
      const [again] = await sync();
      expect(again!.action).toBe('nothing');
    }
    console.log(
      `export-kill: ${killed} kills in ${attempts} attempts, ${Math.round(performance.now() - started)} ms; ${JSON.stringify(outcomes)}; an export takes ${span} steps`,
    );
    expect(outcomes.none).toBeGreaterThan(0);
    expect(outcomes.ref + outcomes.both).toBeGreaterThan(0);
    execFileSync('git', ['fsck', '--full', '--strict'], { cwd: repo.dir, stdio: 'pipe' });
    await store.close();
  }, 120_000);
});
