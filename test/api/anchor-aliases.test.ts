// Links to a heading by the name GitHub or legacy GitBook gives it are links to that heading: the API reports them
// ok, and search points at the id Quire writes.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { syncDirectory } from '../../src/gitsync/import.js';
import { useServer } from '../helpers/server.js';

const s = useServer();
let spaceId: string;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-aliases-'));
  mkdirSync(join(dir, '.gitbook'));
  writeFileSync(join(dir, 'SUMMARY.md'), '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n');
  writeFileSync(
    join(dir, 'README.md'),
    '# Home\n\n[bus](guide.md#the-command-bus---local), [release](guide.md#release-49), [prompt](guide.md#PromptMessage), [gone](gone.md).\n',
  );
  writeFileSync(
    join(dir, 'guide.md'),
    '# Guide\n\n## Release 4.9\n\nNotes.\n\n## The Command Bus - Local\n\nThe quokka bus.\n\n### PromptMessage\n\nA prompt.\n',
  );
  const caller = (await s.domain.users.authenticate(s.ownerToken))!;
  const [report] = await syncDirectory(s.domain, { dir, workTree: true, space: 'Aliases', organizationId: s.org, caller, parseWorkers: 0 });
  spaceId = report!.space.id;
});

describe('anchors named by an alias', () => {
  it('are ok links; only the missing page is broken', async () => {
    const { data } = await s.client().spaces.listSpaceLinks(spaceId);
    const anchored = data.items.filter((u) => u.targetReference?.kind === 'page' && u.targetReference.internalLocation);
    const anchorOf = (u: (typeof anchored)[number]) => {
      const location = u.targetReference?.kind === 'page' ? u.targetReference.internalLocation : undefined;
      return location?.type === 'anchor' ? location.anchor : undefined;
    };
    expect(anchored.map((u) => [u.status, anchorOf(u)])).toEqual([
      ['ok', 'the-command-bus---local'],
      ['ok', 'release-49'],
      ['ok', 'PromptMessage'],
    ]);
    expect(data.stats.broken.total).toBe(1);
  });

  it('do not change where search points: at the ids', async () => {
    const { data } = await s.client().spaces.searchSpaceContent(spaceId, { query: 'quokka' });
    expect(data.items[0]!.sections?.[0]).toMatchObject({ title: 'The Command Bus - Local', path: 'guide#the-command-bus-local' });
  });
});
