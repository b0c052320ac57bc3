// The audit log of the command line: what `docs sync` writes is recorded, as the command line, and read through the
// API of `docs serve` over the same store.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GitBookAPI } from '@gitbook/api-0.202';
import { describe, expect, it } from 'vitest';
import { docs, project, serve } from '../helpers/cli.js';

const CONFIG = `organizations:
  - title: Acme
spaces:
  - title: Guide
    directory: docs
sites:
  - title: Acme Docs
    basename: acme
    spaces: [Guide]
`;

const TOKEN = 'docs_audit-e2e-admin-token-0123456789';

describe('audit log of the command line', () => {
  it('records what docs sync imports and creates, and nothing for a sync that changes nothing', async () => {
    const dir = project(CONFIG, 'audit');
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs', 'README.md'), '# Welcome\n\nHello.\n');
    const first = await docs(dir, 'sync');
    expect(first.code, first.stderr).toBe(0);

    const { url } = await serve(dir, { DOCS_TOKEN: TOKEN });
    const api = new GitBookAPI({ endpoint: url, authToken: TOKEN });
    const org = (await api.orgs.listOrganizationsForAuthenticatedUser()).data.items[0]!.id;
    const space = (await api.orgs.listSpacesInOrganizationById(org)).data.items.find((s) => s.title === 'Guide')!;
    const byCli = async () => (await api.orgs.listOrganizationAuditEvents(org, { actor: 'docs-cli' })).data.items;

    const recorded = await byCli();
    expect(recorded.map((e) => [e.action, e.target.type, e.target.label])).toEqual([
      ['site.created', 'site', 'Acme Docs'],
      ['space.git.imported', 'space', 'Guide'],
    ]);
    const imported = recorded[1]!;
    expect(imported).toMatchObject({ actor: { type: 'system', id: 'docs-cli' }, source: 'script', target: { id: space.id } });
    const { data: details } = await api.orgs.getOrganizationAuditEvent(org, imported.id);
    expect(details.payload).toMatchObject({ command: 'docs sync', pagesAdded: 1 });

    // A sync of the same files changes nothing: nothing more is recorded. An edit is one more import.
    expect((await docs(dir, 'sync')).code).toBe(0);
    expect(await byCli()).toHaveLength(2);
    writeFileSync(join(dir, 'docs', 'README.md'), '# Welcome\n\nHello again.\n');
    const third = await docs(dir, 'sync');
    expect(third.code, third.stderr).toBe(0);
    const after = await byCli();
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ action: 'space.git.imported', target: { id: space.id } });
    const { data: latest } = await api.orgs.getOrganizationAuditEvent(org, after[0]!.id);
    expect(latest.payload).toMatchObject({ pagesChanged: 1 });
  });
});
