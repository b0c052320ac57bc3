// The built command (dist/bundle) finds the built-in templates: a space created from one through `docs serve` builds
// into a site with `docs build`, whose strict link check passes.
import { GitBookAPI } from '@gitbook/api';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docs, serve } from '../helpers/cli.js';

describe('templates in the built command', () => {
  it('creates a space from a template through docs serve, and docs build makes its site with no broken link', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-e2e-templates-'));
    writeFileSync(join(dir, 'docs.config.yaml'), 'organizations:\n  - title: Acme\n');
    const server = await serve(dir);
    const token = /Admin token \(shown once; keep it\): (\S+)/.exec(server.output)![1]!;
    const api = new GitBookAPI({ endpoint: server.url, authToken: token });
    const org = (await api.orgs.listOrganizationsForAuthenticatedUser()).data.items[0]!.id;
    const { data: space } = await api.orgs.createSpace(org, { title: 'Pets API', template: { id: 'api-reference' } } as never);
    const { data: pages } = await api.spaces.listPages(space.id);
    expect(pages.pages.map((p) => p.title)).toEqual(['Introduction', 'Authentication', 'Errors', 'Reference']);
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));

    const built = await docs(dir, 'build', '--space', 'Pets API', '--out', 'site');
    // Nothing but the note that no --site-url was given.
    expect(built.stderr).toMatch(/^(docs: warning: no site URL given [^\n]*\n)?$/);
    expect(built.code).toBe(0);
    expect(built.stdout).toMatch(/Built 4 pages/);
    expect(existsSync(join(dir, 'site', 'reference', 'pets', 'index.html'))).toBe(true);
    expect(readFileSync(join(dir, 'site', 'authentication', 'index.html'), 'utf8')).toContain('Authorization: Bearer');
    rmSync(dir, { recursive: true, force: true });
  });
});
