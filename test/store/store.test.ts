import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import { migrations } from '../../src/store/sqlite/migrations.js';
import { gitBlobOid, newId } from '../../src/model/index.js';
import { memoryStore, openStore } from '../../src/store/index.js';

const org = (id: string) => ({
  id,
  title: `Org ${id}`,
  hostname: null,
  emailDomains: [],
  defaultRole: 'read' as const,
  useCase: null,
  inviteLinks: true,
  sso: false,
  ai: false,
  logo: null,
  defaultContent: null,
  mergeRules: { type: 'none' as const },
  createdAt: 't',
  updatedAt: 't',
});

describe('store', () => {
  it('migrates a new database and reopens it without migrating again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-store-'));
    const first = openStore(dir);
    expect(first.schemaVersion).toBe(migrations.length);
    await first.organizations.insert(org('o1'));
    await first.close();
    const again = openStore(dir);
    expect(again.schemaVersion).toBe(migrations.length);
    expect((await again.organizations.get('o1'))?.title).toBe('Org o1');
    await again.close();
  });

  it("sees another connection's commit within a millisecond, and its own writes at once", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-store-'));
    const reader = openStore(dir);
    const writer = openStore(dir);
    // The reader's row cache checks for other connections' commits at most once a millisecond.
    const seen = (title: string) =>
      waitFor(async () => (await reader.organizations.get('o1'))?.title === title, { timeout: 1_000, interval: 1, message: `the reader to see "${title}"` });
    await writer.organizations.insert(org('o1'));
    await seen('Org o1');
    await writer.organizations.update({ ...org('o1'), title: 'Renamed' });
    await seen('Renamed');
    await reader.organizations.update({ ...org('o1'), title: 'Mine' });
    expect((await reader.organizations.get('o1'))?.title).toBe('Mine');
    await reader.close();
    await writer.close();
  });

  it('makes random URL-safe 20-character ids', () => {
    const ids = new Set(Array.from({ length: 1000 }, newId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{20}$/);
  });

  it('keys blobs by the oid git computes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-blob-'));
    const bytes = Buffer.from('# Hello\n\nWorld ü\n');
    writeFileSync(join(dir, 'page.md'), bytes);
    const gitOid = execFileSync('git', ['hash-object', join(dir, 'page.md')])
      .toString()
      .trim();
    expect(gitBlobOid(bytes)).toBe(gitOid);
    const store = openStore(dir);
    expect(await store.blobs.put(bytes)).toBe(gitOid);
    expect((await store.blobs.get(gitOid))?.equals(bytes)).toBe(true);
    expect(await store.blobs.get('../../etc/passwd')).toBeUndefined();
    await store.close();
  });

  it('rolls a transaction back whole when it throws', async () => {
    const store = memoryStore();
    const before = await store.snapshot();
    await expect(
      store.tx(async () => {
        await store.organizations.insert(org('a'));
        await store.organizations.insert(org('a'));
      }),
    ).rejects.toThrow();
    expect(await store.snapshot()).toEqual(before);
  });

  it('moves a space revision only by compare-and-set', async () => {
    const store = memoryStore();
    await store.organizations.insert(org('o'));
    await store.content.insertSpace({
      id: 's',
      organizationId: 'o',
      parentId: null,
      title: 'S',
      emoji: null,
      icon: null,
      visibility: 'private',
      editMode: 'live',
      defaultLevel: 'inherit',
      language: null,
      mergeRules: { type: 'inherit' },
      revisionId: 'r1',
      position: 1,
      createdAt: 't',
      updatedAt: 't',
      deletedAt: null,
    });
    expect(await store.content.setSpaceRevision('s', 'r1', 'r2', 't2')).toBe(true);
    expect(await store.content.setSpaceRevision('s', 'r1', 'r3', 't3')).toBe(false);
    expect((await store.content.space('s'))?.revisionId).toBe('r2');
  });

  it('seeds a scratch store with the parse records and search sections of a project store, and nothing else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-store-'));
    const project = openStore(dir);
    await project.organizations.insert(org('o1'));
    await project.parsed.put('a'.repeat(40), 1, { h1: 'Alpha' });
    await project.parsed.put('b'.repeat(40), 0, { h1: 'Old parser' });
    await project.search.index('a'.repeat(40), 1, [{ anchor: null, heading: 'Alpha', text: 'seeded words' }]);
    await project.close();

    const scratch = memoryStore();
    await scratch.search.index('c'.repeat(40), 1, [{ anchor: null, heading: 'Own', text: 'seeded words too' }]);
    expect(await scratch.seedDerived(dir, 1)).toBe(true);
    expect(await scratch.seedDerived(dir, 1)).toBe(true); // again: nothing doubled
    expect(await scratch.parsed.get('a'.repeat(40), 1)).toEqual({ h1: 'Alpha' });
    expect(await scratch.parsed.get('b'.repeat(40), 0)).toBeUndefined();
    expect(await scratch.search.isIndexed('a'.repeat(40), 1)).toBe(true);
    expect((await scratch.search.search(['seeded'], ['a'.repeat(40), 'c'.repeat(40)], 10)).map((hit) => hit.oid).sort()).toEqual([
      'a'.repeat(40),
      'c'.repeat(40),
    ]);
    expect(await scratch.organizations.get('o1')).toBeUndefined();
    expect(await scratch.seedDerived(join(dir, 'none'), 1)).toBe(false);
    mkdirSync(join(dir, 'broken'));
    writeFileSync(join(dir, 'broken', 'quire.db'), 'not a database');
    expect(await scratch.seedDerived(join(dir, 'broken'), 1)).toBe(false);
    expect(await scratch.parsed.get('a'.repeat(40), 1)).toEqual({ h1: 'Alpha' });
  });
});
