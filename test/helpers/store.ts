/**
 * The store a test runs on: in memory (SQLite), or, in the `api-postgres` project (QUIRE_TEST_BACKEND=postgres), a
 * new database of the run's private PostgreSQL cluster, so the same tests prove both backends.
 */
import { inject } from 'vitest';
import { PostgresStore } from '../../src/store/postgres/store.js';
import { SecretBox } from '../../src/store/secrets.js';
import { type Store, memoryStore } from '../../src/store/index.js';
import { createDatabase } from './postgres.js';

let databases = 0;

export const onPostgres = (): boolean => process.env.QUIRE_TEST_BACKEND === 'postgres';

export async function testStore(): Promise<Store> {
  if (!onPostgres()) return memoryStore();
  const url = await createDatabase(inject('postgresUrl'), `test_${process.pid}_${++databases}`, inject('postgresTemplate'));
  return PostgresStore.open(url, new SecretBox(null), { max: 4 });
}
