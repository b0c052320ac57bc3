// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { GitBookAPI } from '@gitbook/api';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, CORPORA, docs } from '../helpers/cli.js';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGTERM')));

function project(config: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'quire-e2e-sync-'));
  writeFileSync(join(dir, 'docs.config.yaml'), config);
  return dir;
}

describe('docs sync', () => {
  it('imports a directory into a space, prints a summary, and is a no-op the second time', async () => {
    const dir = project('organizations:\n  - title: Acme\n');
    const first = await docs(dir, 'sync', join(CORPORA, 'git-sync-normalization'), '--space', 'Handbook');
    // The new store is said once, on stderr; nothing else is.
    expect(first.stderr).toBe('docs: created the store in .docs/ (its database and files; ignored by git; storage.dir in docs.config.yaml moves it)\n');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('Synced Handbook: 19 pages added, 0 changed, 0 removed; 2 files; 0 warnings\n');

    const again = await docs(dir, 'sync', join(CORPORA, 'git-sync-normalization'), '--space', 'Handbook', '--json');
    expect(again.code).toBe(0);
    const [report, ...more] = JSON.parse(again.stdout).spaces;
    expect(more).toEqual([]);
    expect(report).toMatchObject({ space: { title: 'Handbook' }, revisionId: null, pagesAdded: 0, files: 2, warnings: [] });

    // The API serves the space at the synced revision.
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { cwd: dir, env: { ...process.env, DOCS_TOKEN: 'e2e-sync' } });
    children.push(child);
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /serving the API at (http:\/\/\S+)\/v1\//.exec(output);
        if (match) resolve(match[1]!);
      });
      child.on('exit', (code) => reject(new Error(`docs serve exited with ${code}: ${output}`)));
    });
    const api = new GitBookAPI({ endpoint: url, authToken: 'e2e-sync' });
    const { data: space } = await api.spaces.getSpaceById(report.space.id);
    expect(space.title).toBe('Handbook');
    expect(space.revision).not.toBe('');
    child.kill('SIGTERM');
  });

  it('syncs the spaces listed in docs.config.yaml, one per docs.yaml key', async () => {
    const dir = project(
      [
        'organizations:',
        '  - title: Acme',
        'spaces:',
        `  - directory: ${join(CORPORA, 'public-docs')}`,
        `  - title: Mirrord`,
        `    directory: ${join(CORPORA, 'metalbear-docs')}`,
        '',
      ].join('\n'),
    );
    const result = await docs(dir, 'sync', '--json');
    expect(result.stderr).toMatch(/^docs: created the store in \.docs\/ [^\n]*\n$/);
    expect(result.code).toBe(0);
    const reports = JSON.parse(result.stdout).spaces as { space: { title: string }; key: string | null; pagesAdded: number }[];
    expect(reports.map((r) => [r.space.title, r.key])).toEqual([
      ['🇺🇸 English', 'space-1'],
      ['Developer Documentation', 'space-3'],
      ['Public Changelog', 'space-2'],
      ['GitBook Site Policy', 'space-7'],
      ['GitBook Guides', 'space-4'],
      ['Mirrord', null],
    ]);
    expect(reports.every((r) => r.pagesAdded > 0)).toBe(true);
  });

  it('`docs start` syncs the project\'s docs/ folder into the space "Quire" before serving', async () => {
    const dir = project('organizations:\n  - title: Acme\n');
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs', 'SUMMARY.md'), '# Table of contents\n\n* [Welcome](README.md)\n* [Setup](setup.md)\n');
    writeFileSync(join(dir, 'docs', 'README.md'), '# Welcome\n');
    writeFileSync(join(dir, 'docs', 'setup.md'), '# Setup\n');
    const child = spawn(process.execPath, [BIN, 'start', '--port', '0'], { cwd: dir });
    children.push(child);
    const output = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('Try:')) resolve(text);
      });
      child.on('exit', (code) => reject(new Error(`docs start exited with ${code}: ${text}`)));
    });
    expect(output).toMatch(
      /^Synced Quire \(2 added, 0 changed, 0 removed; 0 warnings\)\nBuilt the site of Quire: 2 pages .*\n( {2}warning: .*\n)*Quire is serving the API/,
    );
    const site = /The documentation site is at (\S+)/.exec(output)?.[1];
    expect(site).toBeDefined();
    const home = await fetch(site!);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Welcome');
    expect((await fetch(`${site}setup/`)).status).toBe(200);
    child.kill('SIGTERM');
  });

  it('lists warnings with their file, and exits 2 on bad flags naming the flag', async () => {
    const dir = project('');
    const tree = join(dir, 'tree');
    mkdirSync(tree);
    writeFileSync(join(tree, 'SUMMARY.md'), '# Summary\n\n* [Home](README.md)\n* [Gone](gone.md)\n');
    writeFileSync(join(tree, 'README.md'), '# Home\n');
    const result = await docs(dir, 'sync', tree, '--space', 'Tree');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Synced Tree: 1 page added, 0 changed, 0 removed; 0 files; 1 warning\n');
    expect(result.stderr).toMatch(/^docs: warning: Tree: SUMMARY\.md:4: .*gone\.md/m);

    const bad = await docs(dir, 'sync', tree, '--bogus');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--bogus/);
    const missing = await docs(dir, 'sync', tree, '--space');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--space/);
    const nothing = await docs(dir, 'sync');
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/nothing to sync/);
    const noDir = await docs(dir, 'sync', join(dir, 'nope'), '--space', 'X');
    expect(noDir.code).toBe(2);
    expect(noDir.stderr).toMatch(/no such directory/);
  });
});
