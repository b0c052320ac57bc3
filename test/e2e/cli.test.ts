import { GitBookAPI } from '@gitbook/api';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';
import { statusOf } from '../helpers/server.js';
import { BIN, docs, serve } from '../helpers/cli.js';

function project(config: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'quire-e2e-'));
  writeFileSync(join(dir, 'docs.config.yaml'), config);
  return dir;
}

describe('the docs command', () => {
  it('serves the API, prints the first admin token once, and issues role tokens', async () => {
    const dir = project('organizations:\n  - title: Acme\n');
    const first = await serve(dir);
    const token = /Admin token \(shown once; keep it\): (\S+)/.exec(first.output)?.[1];
    expect(token).toBeDefined();
    const api = new GitBookAPI({ endpoint: first.url, authToken: token! });
    const { data: orgs } = await api.orgs.listOrganizationsForAuthenticatedUser();
    expect(orgs.items.map((o) => o.title)).toEqual(['Acme']);
    const org = orgs.items[0]!.id;
    const { data: space } = await api.orgs.createSpace(org, { title: 'Handbook' });

    const issued = await docs(dir, 'token', 'create', '--role', 'read', '--json');
    expect(issued.code).toBe(0);
    const reader = new GitBookAPI({ endpoint: first.url, authToken: JSON.parse(issued.stdout).token });
    expect((await reader.spaces.getSpaceById(space.id)).data.permissions.edit).toBe(false);
    expect(await statusOf(reader.spaces.deleteSpaceById(space.id))).toBe(403);
    first.child.kill('SIGTERM');
    await new Promise((r) => first.child.once('exit', r));

    const second = await serve(dir, { DOCS_TOKEN: 'ci-known-token' });
    expect(second.output).not.toMatch(/shown once/);
    const ci = new GitBookAPI({ endpoint: second.url, authToken: 'ci-known-token' });
    expect((await ci.spaces.getSpaceById(space.id)).data.title).toBe('Handbook');
  });

  it('explains a broken config with its file and line, and exits non-zero', async () => {
    const dir = project('server:\n  port: 4000\n  colour: blue\n');
    const result = await docs(dir, 'serve');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/docs\.config\.yaml:3:3: unknown key "server\.colour"/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('rejects bad flags with a message naming them', async () => {
    const dir = project('');
    expect((await docs(dir, 'serve', '--port', 'high')).stderr).toMatch(/--port high/);
    expect((await docs(dir, 'token', 'create', '--role', 'owner')).stderr).toMatch(/--role owner/);
    const unknown = await docs(dir, 'serve', '--colour');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/unknown option '--colour'/);
  });

  it('stops quietly when its reader goes away (docs --help | head -1)', async () => {
    const child = spawn(process.execPath, [BIN, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    // The reader is gone before the first line is written, as `head` is once it has its lines.
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Error|at /);
    expect(code).toBe(0);
  });

  it('has --help with examples on every command', async () => {
    const dir = project('');
    const commands = [[], ...buildProgram().commands.flatMap((c) => [[c.name()], ...c.commands.map((s) => [c.name(), s.name()])])];
    expect(commands.length).toBeGreaterThan(8);
    for (const args of commands) {
      const result = await docs(dir, ...args, '--help');
      expect(result.code, args.join(' ')).toBe(0);
      expect(result.stdout).toMatch(/Usage: docs/);
      expect(result.stdout, `docs ${args.join(' ')} --help`).toMatch(/\nExamples:\n {2}\$ (docs|npm) /);
    }
  });

  it('exits 2 for every mistake in how it is called, 1 for a failure, and suggests what was meant', async () => {
    const dir = project('');
    const usage = [
      ['snyc'],
      ['sync', '--colour'],
      ['build', '--colour'],
      ['watch', '--colour'],
      ['serve', '--colour'],
      ['init', '--colour'],
      ['token', 'create', '--colour'],
      ['build', '--site-url', 'ftp://x'],
      ['sync', '--conflict', 'maybe', '.'],
      [],
    ];
    for (const args of usage) expect((await docs(dir, ...args)).code, `docs ${args.join(' ')}`).toBe(2);
    expect((await docs(dir, 'snyc')).stderr).toMatch(/unknown command 'snyc'\s+\(Did you mean sync\?\)/);
    expect((await docs(dir, 'sync', '--spcae', 'x')).stderr).toMatch(/\(Did you mean --space\?\)/);
    const hots = project('server:\n  hots: 0.0.0.0\n');
    const config = await docs(hots, 'sync');
    expect(config.code).toBe(2);
    expect(config.stderr).toMatch(/docs\.config\.yaml:2:3: unknown key "server\.hots"; did you mean "host"\?/);
    const missing = await docs(dir, 'sync', 'nowhere', '--space', 'Docs');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nowhere: no such directory/);
    writeFileSync(join(dir, 'notes.md'), '# Notes\n');
    expect((await docs(dir, 'sync', 'notes.md', '--space', 'Docs')).stderr).toMatch(/notes\.md: not a directory/);
    // Called right, but nothing to work on: a failure, not a usage error; and no store is made for it.
    const failure = await docs(dir, 'build', '--out', join(dir, 'out'));
    expect(failure.code).toBe(1);
    expect(failure.stderr).toMatch(/nothing synced yet: no store in \.docs\/; run `docs sync` first/);
    expect((await docs(dir, 'sync')).stderr).toMatch(/nothing to sync/);
    expect(existsSync(join(dir, '.docs'))).toBe(false);
    // Folders that cannot be made (under /proc, Node's own recursive mkdir never returns): a message, at once.
    const proc = project('storage:\n  dir: /proc/quire-nope/store\n');
    mkdirSync(join(proc, 'pages'));
    writeFileSync(join(proc, 'pages/README.md'), '# Home\n');
    const store = await docs(proc, 'sync', 'pages', '--space', 'Docs');
    expect(store.code).toBe(1);
    expect(store.stderr).toMatch(/^docs: storage\.dir: cannot create \/proc\/quire-nope\/store \(ENOENT\)$/m);
    expect((await docs(dir, 'sync', '.', '--space', 'Docs')).code).toBe(0);
    const out = await docs(dir, 'build', '--out', '/proc/quire-nope/out');
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/--out \/proc\/quire-nope\/out: cannot write \/proc\/quire-nope \(ENOENT\)/);
  });

  it('prints results on stdout and warnings on stderr', async () => {
    const dir = project('');
    mkdirSync(join(dir, 'pages'));
    writeFileSync(join(dir, 'pages/README.md'), '# Home\n\nSee [the guide](missing.md).\n');
    const sync = await docs(dir, 'sync', 'pages', '--space', 'Docs');
    expect(sync.stdout).toMatch(/^Synced Docs: 1 page added/);
    const build = await docs(dir, 'build', '--out', join(dir, 'out'), '--no-strict-links');
    expect(build.code).toBe(0);
    expect(build.stdout).toMatch(/^Built 1 pages [^\n]*\n$/);
    expect(build.stderr).toMatch(/docs: warning: 1 broken internal links[\s\S]*missing\.md/);
    const json = await docs(dir, 'build', '--out', join(dir, 'out'), '--no-strict-links', '--json');
    expect(JSON.parse(json.stdout).pages).toBe(1);
  });
});
