/**
 * The store a test runs on: in memory (SQLite), or, in the `api-postgres` project (QUIRE_TEST_BACKEND=postgres), a
 * new database of the run's private PostgreSQL cluster, so the same tests prove both backends.
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

export const onPostgres = (): boolean => process.env.QUIRE_TEST_BACKEND === 'postgres';

export async function testStore(): Promise<Store> {
  if (!onPostgres()) return memoryStore();
  const url = await createDatabase(inject('postgresUrl'), `test_${process.pid}_${++databases}`, inject('postgresTemplate'));
  return PostgresStore.open(url, new SecretBox(null), { max: 4 });
}

/**
 * Two stores opened on one new SQLite folder, each with a domain over it: two processes sharing a store (their job
 * queue, say), each on a connection of its own. Both are closed when the test ends.
 */
export function twoStoresOnOneFolder(name: string): { storeA: Store; storeB: Store; a: Domain; b: Domain } {
  const dir = mkdtempSync(join(tmpdir(), `quire-${name}-`));
  const [storeA, storeB] = [openStore(dir), openStore(dir)];
  onTestFinished(async () => {
    await Promise.all([storeA.close(), storeB.close()]);
  });
  return { storeA, storeB, a: new Domain(storeA), b: new Domain(storeB) };
}
