/**
 * The store a test runs on: in memory (SQLite), or, in the projects that set QUIRE_TEST_BACKEND=postgres, a new
 * database of the run's private PostgreSQL cluster, so the same tests prove both backends.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject, onTestFinished } from 'vitest';
import { Domain } from '../../src/domain/index.js';
import { PostgresStore } from '../../src/store/postgres/store.js';
import { SecretBox } from '../../src/store/secrets.js';
import { type Store, memoryStore, openStore } from '../../src/store/index.js';
import { createDatabase } from './postgres.js';

let databases = 0;
const open: Store[] = [];

export const onPostgres = (): boolean => process.env.QUIRE_TEST_BACKEND === 'postgres';

export async function testStore(): Promise<Store> {
  if (!onPostgres()) return memoryStore();
  return (await sharedStores(1))[0]!;
}

/** `count` stores on one database, as `count` servers (or processes) sharing it: one SQLite file, or one database. */
export async function sharedStores(count: number): Promise<Store[]> {
  if (!onPostgres()) {
    const dir = mkdtempSync(join(tmpdir(), 'quire-shared-store-'));
    return Array.from({ length: count }, () => openStore(dir));
  }
  const url = await createDatabase(inject('postgresUrl'), `test_${process.pid}_${++databases}`, inject('postgresTemplate'));
  const stores = await Promise.all(Array.from({ length: count }, () => PostgresStore.open(url, new SecretBox(null), { max: 4 })));
  open.push(...stores);
  return stores;
}

/** Closes the PostgreSQL stores a test file opened and left open (each holds a listening connection). */
export async function closeTestStores(): Promise<void> {
  await Promise.all(open.splice(0).map((store) => store.close().catch(() => undefined)));
}

/**
 * Two processes sharing one store (their job queue, say), each with a connection and a domain of its own: two stores on
 * one SQLite folder, or on one PostgreSQL database. Both are closed when the test ends.
 */
export async function twoProcesses(): Promise<{ storeA: Store; storeB: Store; a: Domain; b: Domain }> {
  const [storeA, storeB] = (await sharedStores(2)) as [Store, Store];
  onTestFinished(async () => {
    await Promise.all([storeA.close(), storeB.close()].map((closing) => closing.catch(() => undefined)));
  });
  return { storeA, storeB, a: new Domain(storeA), b: new Domain(storeB) };
}
