import { GitBookAPI } from '@gitbook/api';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { statusOf } from '../helpers/server.js';
import { docs, serve } from '../helpers/cli.js';

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
    expect(result.code).toBe(1);
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

  it('has --help on every command', async () => {
    const dir = project('');
    for (const args of [['--help'], ['serve', '--help'], ['start', '--help'], ['token', 'create', '--help']]) {
      const result = await docs(dir, ...args);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/Usage: docs/);
    }
  });
});
