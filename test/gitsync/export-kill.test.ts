// Kills an export (a child process) at random moments, 50 times: after each kill the repository and the store must be
// consistent on their own and with each other, and the next sync must complete and leave them matching.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/index.js';
import { Caller, Domain } from '../../src/domain/index.js';
import { bootstrap } from '../../src/domain/setup.js';
import { twoWaySync } from '../../src/gitsync/two-way/sync.js';
import { type DocumentPage, newId, type RevisionContent, Store } from '../../src/store/index.js';
import { lines, repository } from './two-way-helpers.js';
import { lsTree } from './export-helpers.js';

const KILLS = 50;
const PAGES = 60;
const root = mkdtempSync(join(tmpdir(), 'quire-export-kill-'));
// The child runs as one bundled file: loading the TypeScript sources through tsx would take longer than the export.
const child = new URL('../../node_modules/.cache/quire-export-kill/child.mjs', import.meta.url).pathname;

beforeAll(async () => {
  await build({ entryPoints: [new URL('./fixtures/export-child.ts', import.meta.url).pathname], outfile: child, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'silent' });
}, 30_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the child export; kills it `delay` ms after it is ready to export (never, when undefined); `ms`: ready to exit. */
function runChild(args: string[], delay?: number): Promise<{ killed: boolean; code: number | null; ms: number }> {
  let started = performance.now();
  return new Promise((done, fail) => {
    const proc = spawn(process.execPath, [child, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    proc.stderr.on('data', (d) => (stderr += d));
    proc.stdout.once('data', () => {
      started = performance.now();
      if (delay !== undefined) timer = setTimeout(() => proc.kill('SIGKILL'), delay);
    });
    proc.on('error', fail);
    proc.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code !== null && code !== 0) fail(new Error(`export child failed (${code}): ${stderr}`));
      else done({ killed: signal === 'SIGKILL', code, ms: performance.now() - started });
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
    const store = Store.open(storeDir);
    const domain = new Domain(store);
    const boot = bootstrap(domain, configSchema.parse({}));
    const caller = new Caller(store, boot.admin);
    const sync = () => twoWaySync(domain, { dir: repo.dir, space: 'Docs', organizationId: boot.organizations[0]!.id, caller, parseWorkers: 0 });
    const [first] = await sync();
    const spaceId = first!.space.id;
    const space = () => store.content.space(spaceId)!;

    /** Edits a third of the pages and adds one through the space; returns the bodies the repository must end up with. */
    let round = 0;
    const edit = (): Map<string, string> => {
      round++;
      const before = space();
      const content = store.revisions.content(before.revisionId);
      const expected = new Map<string, string>();
      const pages = content.pages.map((p, i) => {
        if (p.kind !== 'document' || !p.git || i % 3 !== round % 3) return p;
        const text = lines(`# ${p.title}`, '', `Edited in round ${round}.`);
        expected.set(p.git.path, text);
        return { ...p, blob: store.blobs.put(Buffer.from(text)) };
      });
      const added = lines(`# Added ${round}`, '', 'A new page.');
      const addedPage: DocumentPage = { ...(pages.find((p) => p.kind === 'document') as DocumentPage), id: newId(), title: `Added ${round}`, slug: `added-${round}`, path: `added-${round}`, blob: store.blobs.put(Buffer.from(added)), git: null, parentId: null };
      expected.set(`added-${round}.md`, added);
      const next: RevisionContent = { ...content, pages: [...pages, addedPage] };
      const id = newId();
      const now = new Date().toISOString();
      store.tx(() => {
        store.revisions.insert({ id, spaceId, parents: [before.revisionId], type: 'edits', git: null, createdAt: now }, next);
        expect(store.content.setSpaceRevision(spaceId, before.revisionId, id, now)).toBe(true);
      });
      domain.sync.indexPages(next);
      return expected;
    };

    /** The store and the repository agree with each other: the sync state's commit holds its revision's pages. */
    const checkConsistent = () => {
      execFileSync('git', ['fsck', '--full', '--no-dangling'], { cwd: repo.dir, stdio: 'pipe' });
      const main = repo.git('rev-parse', '--verify', 'main^{commit}');
      const db = new Database(join(storeDir, 'quire.db'), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        db.close();
      }
      const state = domain.sync.state(spaceId)!;
      expect(repo.git('cat-file', '-t', state.commit!)).toBe('commit');
      // Only the killed export's commit can have been added on top of the synced one.
      if (main !== state.commit) expect(repo.git('rev-parse', 'main~1')).toBe(state.commit);
      const tree = lsTree(repo.dir, state.commit!);
      const content = store.revisions.content(state.revisionId);
      for (const page of content.pages) {
        if (page.kind !== 'document') continue;
        expect(page.git, page.title).not.toBeNull();
        expect(tree.get(page.git!.path), page.git!.path).toBe(page.git!.oid);
      }
      return { main, synced: state.commit };
    };

    const args = [storeDir, repo.dir, spaceId];
    let expected = edit();
    const timing = await runChild(args);
    expect(timing.killed).toBe(false);
    const span = timing.ms;
    let killed = 0;
    // Where the kills landed: before the commit was on `main`, between it and the store, after both.
    const outcomes = { none: 0, ref: 0, both: 0 };
    for (let i = 0; i < KILLS; i++) {
      expected = edit();
      const tip = repo.git('rev-parse', 'main');
      const result = await runChild(args, Math.random() * span);
      if (result.killed) killed++;
      const after = checkConsistent();
      outcomes[after.main === tip ? 'none' : after.synced === after.main ? 'both' : 'ref']++;

      const [report] = await sync();
      expect(report!.failed).toBe(false);
      const { main } = checkConsistent();
      const state = domain.sync.state(spaceId)!;
      expect(state.commit).toBe(main);
      expect(state.revisionId).toBe(space().revisionId);
      for (const [path, text] of expected) expect(repo.show(path) + '\n', path).toBe(text);
      // And nothing is left to do.
      const [again] = await sync();
      expect(again!.action).toBe('nothing');
    }
    console.log(`export-kill: ${killed}/${KILLS} killed; ${JSON.stringify(outcomes)}; an export took ${Math.round(span)} ms in its child`);
    expect(killed).toBeGreaterThan(KILLS / 3);
    store.close();
  }, 120_000);
});
