// backends: SQLite, and PostgreSQL in the domain-postgres project.
// Transactions with awaits inside them: nothing leaks in or out, and no read-modify-write is lost. SQLite has one
// connection, so what runs meanwhile waits; PostgreSQL reads the last commit meanwhile, on another connection.
import { describe, expect, it } from 'vitest';
import { onPostgres, testStore } from '../helpers/store.js';

const org = (id: string, title = `Org ${id}`) => ({
  id,
  title,
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

/** Resolves after a few turns of the event loop: the transaction under test stays open meanwhile. */
const turns = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('store transactions', () => {
  it('keeps a read made outside an open transaction from seeing its uncommitted writes', async () => {
    const store = await testStore();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = store.tx(async () => {
      await store.organizations.insert(org('a'));
      await held;
    });
    await turns();
    const outside = store.organizations.get('a');
    if (onPostgres()) {
      expect(await outside).toBeUndefined();
      release();
      await tx;
    } else {
      let answered = false;
      void outside.then(() => (answered = true));
      await turns();
      expect(answered).toBe(false);
      release();
      await tx;
      expect((await outside)?.title).toBe('Org a');
    }
    expect((await store.organizations.get('a'))?.title).toBe('Org a');
    await store.close();
  });

  it('does not roll back a write made outside a transaction that fails', async () => {
    const store = await testStore();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const failing = store.tx(async () => {
      await store.organizations.insert(org('in'));
      await held;
      throw new Error('rolled back');
    });
    await turns();
    const outside = store.organizations.insert(org('out'));
    release();
    await expect(failing).rejects.toThrow('rolled back');
    await outside;
    expect(await store.organizations.get('in')).toBeUndefined();
    expect((await store.organizations.get('out'))?.title).toBe('Org out');
    await store.close();
  });

  it('rolls a nested transaction back to its savepoint and keeps the outer one', async () => {
    const store = await testStore();
    await store.tx(async () => {
      await store.organizations.insert(org('outer'));
      await expect(
        store.tx(async () => {
          await store.organizations.insert(org('inner'));
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
      expect(await store.organizations.get('inner')).toBeUndefined();
    });
    expect((await store.organizations.get('outer'))?.title).toBe('Org outer');
    expect(await store.organizations.get('inner')).toBeUndefined();
    await store.close();
  });

  it('runs concurrent transactions one after the other: no read-modify-write is lost', async () => {
    const store = await testStore();
    await store.organizations.insert(org('n', '0'));
    const increment = () =>
      store.tx(async () => {
        const current = (await store.organizations.get('n'))!;
        await turns();
        await store.organizations.update({ ...current, title: String(Number(current.title) + 1) });
      });
    await Promise.all(Array.from({ length: 10 }, increment));
    expect((await store.organizations.get('n'))?.title).toBe('10');
    await store.close();
  });

  it('changes the state version when a transaction commits, and reads see the commit', async () => {
    const store = await testStore();
    await store.organizations.insert(org('v'));
    expect((await store.organizations.get('v'))?.title).toBe('Org v');
    const before = await store.stateVersion();
    await store.tx(async () => {
      const current = (await store.organizations.get('v'))!;
      await store.organizations.update({ ...current, title: 'Renamed' });
    });
    expect(await store.stateVersion()).not.toBe(before);
    expect((await store.organizations.get('v'))?.title).toBe('Renamed');
    await store.close();
  });
});
