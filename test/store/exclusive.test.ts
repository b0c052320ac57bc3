// backends: SQLite, and PostgreSQL in the domain-postgres project.
// `Store.exclusive`: one holder of a key at a time, first come first served; a wait that runs out gives up with
// LockTimeout and passes its turn on; waiting for one key never delays another, even across servers.
import { describe, expect, it } from 'vitest';
import { LockTimeout } from '../../src/store/index.js';
import { KeyedMutex } from '../../src/store/mutex.js';
import { onPostgres, sharedStores, testStore } from '../helpers/store.js';

/** A promise and its resolver: what a holder waits for before it lets go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('KeyedMutex', () => {
  it('gives up a wait that runs out, and hands the key on in order to those who still wait', async () => {
    const mutex = new KeyedMutex();
    const order: string[] = [];
    const held = gate();
    const holder = mutex.run('k', async () => {
      order.push('holder');
      await held.opened;
    });
    const impatient = mutex.run('k', async () => order.push('impatient'), 20);
    const patient = mutex.run('k', async () => order.push('patient'));
    await expect(impatient).rejects.toBeInstanceOf(LockTimeout);
    await expect(impatient).rejects.toThrow('"k"');
    held.open();
    await Promise.all([holder, patient]);
    expect(order).toEqual(['holder', 'patient']);
    await expect(mutex.run('k', async () => 'free again', 20)).resolves.toBe('free again');
  });
});

describe('Store.exclusive', () => {
  it('runs one holder of a key at a time, times a wait out, and lets other keys through meanwhile', async () => {
    const store = await testStore();
    try {
      const held = gate();
      let inside = 0;
      let most = 0;
      const holder = (key: string) =>
        store.exclusive(key, async () => {
          most = Math.max(most, ++inside);
          await held.opened;
          inside--;
        });
      const first = holder('space:a');
      const queued = [holder('space:a'), holder('space:a')];
      await expect(store.exclusive('space:a', async () => 'never', { waitMs: 50 })).rejects.toBeInstanceOf(LockTimeout);
      await expect(store.exclusive('space:b', async () => 'other key')).resolves.toBe('other key');
      held.open();
      await Promise.all([first, ...queued]);
      expect(most).toBe(1);
    } finally {
      await store.close();
    }
  });

  it.runIf(onPostgres())('keeps two servers apart on a key, and a server waiting for held keys still runs the others', async () => {
    const [one, two] = await sharedStores(2);
    const held = gate();
    // Server one holds four keys; server two waits for them: as many waits as its pool has lock connections.
    const keys = ['a', 'b', 'c', 'd'];
    const holders = keys.map((key) => one!.exclusive(`space:${key}`, () => held.opened));
    await new Promise((resolve) => setTimeout(resolve, 50));
    let settled = 0;
    const waits = keys.map((key) => two!.exclusive(`space:${key}`, async () => key).finally(() => settled++));
    await expect(two!.exclusive('space:other', async () => 'free')).resolves.toBe('free');
    await expect(two!.exclusive('space:a', async () => 'never', { waitMs: 100 })).rejects.toBeInstanceOf(LockTimeout);
    expect(settled).toBe(0);
    held.open();
    expect(await Promise.all(waits)).toEqual(keys);
    await Promise.all(holders);
    await Promise.all([one!.close(), two!.close()]);
  });
});
