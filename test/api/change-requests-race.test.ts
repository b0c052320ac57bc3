// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
// Writers racing on one space, over HTTP: conflicting merges in either order, concurrent merges, concurrent
// content writes on one change request. No accepted write may be lost; losers get `conflicts` or 409.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Caller } from '../../src/domain/index.js';
import { type SeededSpace, seedNormalizationSpace } from '../helpers/content.js';
import { useFixtureServer } from '../helpers/http-fixture.js';
import { useServer } from '../helpers/server.js';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000020000000308060000009dc8c0a0', 'hex');
let release = () => {};
const released = new Promise<void>((resolve) => (release = resolve));
const remote = useFixtureServer({
  '/slow.png': { body: png, type: 'image/png', delayMs: 200 },
  '/held.png': { body: png, type: 'image/png', hold: () => released },
});
const s = useServer();
let space: SeededSpace;
let owner: Caller;
beforeAll(async () => {
  space = await seedNormalizationSpace(s, 'Races');
  owner = (await s.domain.users.authenticate(s.ownerToken))!;
});

/** POSTs a batch to updateChangeRequestContent (0.202, not in the client of 0.143.2). */
async function writeContent(crId: string, changes: unknown[]): Promise<{ status: number; json: any }> {
  const response = await fetch(`${s.url}/v1/spaces/${space.spaceId}/change-requests/${crId}/content?compat=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes }),
  });
  return { status: response.status, json: await response.json() };
}

async function markdownIn(crId: string | null, gitPath: string): Promise<string> {
  const api = s.client().spaces;
  const pageId = space.page(gitPath);
  const { data } = crId
    ? await api.getPageInChangeRequestById(space.spaceId, crId, pageId, { format: 'markdown' })
    : await api.getPageById(space.spaceId, pageId, { format: 'markdown' });
  return (data as { markdown: string }).markdown;
}

/** A change request whose only change is `edit` applied to the page's markdown, written over HTTP. */
async function changeRequestEditing(subject: string, gitPath: string, edit: (markdown: string) => string): Promise<string> {
  const { data: cr } = await s.client().spaces.createChangeRequest(space.spaceId, { subject });
  const markdown = edit(await markdownIn(cr.id, gitPath));
  const { status } = await writeContent(cr.id, [{ operation: 'update_page', page: space.page(gitPath), document: { markdown } }]);
  expect(status).toBe(200);
  return cr.id;
}

const currentRevision = async () => (await s.store.content.space(space.spaceId))!.revisionId;

describe('two change requests editing the same lines of one page', () => {
  it('merges the first and answers conflicts to the second, in either order, overwriting nothing', async () => {
    const api = s.client().spaces;
    for (const order of [
      [0, 1],
      [1, 0],
    ] as const) {
      const texts = order.map((i) => `### Ordered list, by ${'AB'[i]} ${order.join('')}`);
      const crs = [
        await changeRequestEditing('A', 'lists.md', (md) => md.replace(/^### Ordered list.*$/m, `### Ordered list, by A ${order.join('')}`)),
        await changeRequestEditing('B', 'lists.md', (md) => md.replace(/^### Ordered list.*$/m, `### Ordered list, by B ${order.join('')}`)),
      ];
      const [first, second] = [crs[order[0]]!, crs[order[1]]!];
      const { data: merged } = await api.mergeChangeRequest(space.spaceId, first);
      expect(merged.result).toBe('merge');
      expect(await currentRevision()).toBe(merged.revision);

      const secondRevision = (await s.store.changeRequests.get(second))!.revisionId;
      const { data: conflicted } = await api.mergeChangeRequest(space.spaceId, second);
      expect(conflicted).toEqual({ result: 'conflicts', revision: secondRevision });
      expect((await api.updateChangeRequest(space.spaceId, second)).data.result).toBe('conflicts');
      expect(await currentRevision()).toBe(merged.revision);
      expect((await api.getChangeRequestById(space.spaceId, second)).data).toMatchObject({ status: 'open', outdated: true, revision: secondRevision });

      const live = await markdownIn(null, 'lists.md');
      expect(live).toContain(texts[0]);
      expect(live).not.toContain(texts[1]);
      expect(await markdownIn(second, 'lists.md')).toContain(texts[1]);
    }
  });
});

describe('concurrent writers on one space', () => {
  it('serialises concurrent merges of change requests on different pages: every change lands, in one linear history', async () => {
    const pages = ['quote.md', 'emoji.md', 'tables.md', 'tabs.md', 'embeds.md'];
    const crs = await Promise.all(pages.map((page, i) => changeRequestEditing(`Page ${i}`, page, (md) => `${md}\nConcurrent line ${i}.\n`)));
    const start = await currentRevision();
    const results = await Promise.all(crs.map((id) => s.client().spaces.mergeChangeRequest(space.spaceId, id)));
    expect(results.map((r) => r.data.result)).toEqual(pages.map(() => 'merge'));

    const parents = await Promise.all(results.map(async (r) => (await s.store.revisions.get(r.data.revision))!.parents[0]));
    expect(new Set(parents).size).toBe(pages.length);
    const chain = [start, ...results.map((r) => r.data.revision)];
    expect(parents.every((p) => chain.includes(p!))).toBe(true);
    for (const [i, page] of pages.entries()) expect(await markdownIn(null, page)).toContain(`Concurrent line ${i}.`);
  });

  it('lets exactly one of several concurrent merges editing the same line win', async () => {
    const crs = await Promise.all([0, 1, 2].map((i) => changeRequestEditing(`Same line ${i}`, 'math-formulas.md', (md) => `${md}\nWinner is ${i}.\n`)));
    const start = await currentRevision();
    const results = await Promise.all(crs.map((id) => s.client().spaces.mergeChangeRequest(space.spaceId, id)));
    const winners = results.flatMap((r, i) => (r.data.result === 'merge' ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.data.result === 'conflicts')).toHaveLength(2);
    expect((await s.store.revisions.get(await currentRevision()))!.parents[0]).toBe(start);
    const live = await markdownIn(null, 'math-formulas.md');
    expect(live.match(/Winner is \d\./g)).toEqual([`Winner is ${winners[0]}.`]);
  });

  it('applies concurrent content writes to one change request one after another, losing none', async () => {
    const { data: cr } = await s.client().spaces.createChangeRequest(space.spaceId, { subject: 'Many writers' });
    const writes = Array.from({ length: 6 }, (_, i) => [
      ...(i % 2 ? [{ operation: 'insert_files', files: [{ name: `slow-${i}.png`, url: `${remote.url}/slow.png` }] }] : []),
      { operation: 'insert_page', title: `Writer ${i}`, document: { markdown: `Written by ${i}.\n` } },
    ]);
    const answers = await Promise.all(writes.map((changes) => writeContent(cr.id, changes)));
    expect(answers.map((a) => a.status)).toEqual(writes.map(() => 200));

    const { data: tree } = await s.client().spaces.getRevisionOfChangeRequestById(space.spaceId, cr.id);
    const titles = tree.pages.map((p) => p.title);
    for (let i = 0; i < writes.length; i++) expect(titles).toContain(`Writer ${i}`);
    expect(
      tree.files
        .map((f) => f.name)
        .filter((n) => n.startsWith('slow-'))
        .sort(),
    ).toEqual(['slow-1.png', 'slow-3.png', 'slow-5.png']);
    const { data: contributors } = await s.client().spaces.getContributorsByChangeRequestId(space.spaceId, cr.id);
    expect(contributors.items[0]!.count).toBe(writes.length);
    const seen = new Set<string>();
    for (let at = (await s.store.changeRequests.get(cr.id))!.revisionId; at !== (await s.store.changeRequests.get(cr.id))!.revisionInitial; ) {
      seen.add(at);
      at = (await s.store.revisions.get(at))!.parents[0]!;
    }
    expect(seen.size).toBe(writes.length);
  });

  it('answers 409 to a content write that lands after its change request merged, and keeps every accepted write', async () => {
    const { data: cr } = await s.client().spaces.createChangeRequest(space.spaceId, { subject: 'Write against merge' });
    const slow = writeContent(cr.id, [
      { operation: 'insert_files', files: [{ name: 'late.png', url: `${remote.url}/held.png` }] },
      { operation: 'insert_page', title: 'Late writer', document: { markdown: 'Too late.\n' } },
    ]);
    await vi.waitFor(() => expect(remote.hits).toContain('/held.png'));
    const fast = await writeContent(cr.id, [{ operation: 'insert_page', title: 'Early writer', document: { markdown: 'In time.\n' } }]);
    expect(fast.status).toBe(200);
    const { data: merged } = await s.client().spaces.mergeChangeRequest(space.spaceId, cr.id);
    expect(merged.result).toBe('merge');
    release();
    const late = await slow;
    expect(late).toMatchObject({ status: 409, json: { error: { code: 409, message: expect.stringMatching(/merged/) } } });

    const { data: pages } = await s.client().spaces.listPages(space.spaceId);
    const titles = pages.pages.map((p) => p.title);
    expect(titles).toContain('Early writer');
    expect(titles).not.toContain('Late writer');
    expect((await s.store.changeRequests.get(cr.id))!.revisionMerged).toBe(await currentRevision());
  });
});

describe('compare-and-set on the space revision', () => {
  it('merges again onto the new revision when the space moved between its read and its write, losing nothing', async () => {
    const a = await changeRequestEditing('CAS A', 'hints.md', (md) => `${md}\nFrom A.\n`);
    const b = await changeRequestEditing('CAS B', 'code-block.md', (md) => `${md}\nFrom B.\n`);
    const c = await changeRequestEditing('CAS C', 'drawing.md', (md) => `${md}\nFrom C.\n`);
    expect((await s.domain.changeRequests.merge(owner, space.spaceId, a)).result).toBe('merge');

    // B's merge has read the space (A merged) and combined; C lands before B writes, as from another process that
    // does not share this one's lock on the space (a CLI on the same store): B's compare-and-set loses, and B merges
    // again, onto C's revision.
    let intruder = '';
    const sync = s.domain.sync;
    const original = sync.indexPages.bind(sync);
    const spy = vi.spyOn(sync, 'indexPages').mockImplementationOnce(async (content) => {
      const unlocked = vi.spyOn(s.store, 'exclusive').mockImplementationOnce((_key, write) => write());
      try {
        intruder = (await s.domain.changeRequests.merge(owner, space.spaceId, c)).revisionId;
      } finally {
        unlocked.mockRestore();
      }
      return original(content);
    });
    let merged: Awaited<ReturnType<typeof s.domain.changeRequests.merge>>;
    try {
      merged = await s.domain.changeRequests.merge(owner, space.spaceId, b);
    } finally {
      spy.mockRestore();
    }
    expect(intruder).not.toBe('');
    expect(merged.result).toBe('merge');
    expect(await currentRevision()).toBe(merged.revisionId);
    expect((await s.store.revisions.get(merged.revisionId))!.parents[0]).toBe(intruder);
    expect(await s.store.changeRequests.get(b)).toMatchObject({ status: 'merged', revisionMerged: merged.revisionId });
    for (const [page, text] of [
      ['hints.md', 'From A.'],
      ['code-block.md', 'From B.'],
      ['drawing.md', 'From C.'],
    ] as const) {
      expect(await markdownIn(null, page)).toContain(text);
    }
  });

  it('refuses to move the space from a revision it is no longer at', async () => {
    const at = await currentRevision();
    const stale = (await s.store.revisions.get(at))!.parents[0]!;
    expect(await s.store.content.setSpaceRevision(space.spaceId, stale, at, new Date().toISOString())).toBe(false);
    expect(await currentRevision()).toBe(at);
  });
});
