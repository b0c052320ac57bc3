import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { migrate } from '../src/store/postgres/migrate.js';
import { createDatabase, startPostgres } from './helpers/postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The private cluster of this run (its `postgres` database); each test file creates databases of its own. */
    postgresUrl: string;
    /** A database with Quire's schema, to copy: a test's store then starts with no migration to run. */
    postgresTemplate: string;
  }
}

/** The global setup of the `postgres` project: Debian's PostgreSQL installed if missing, one private cluster per run. */
export default async function setup(project: TestProject): Promise<() => void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const ensured = spawnSync('bash', ['scripts/ensure-postgresql.sh'], { cwd: root, stdio: 'inherit' });
  if (ensured.status !== 0) throw new Error('PostgreSQL is not installed and could not be (scripts/ensure-postgresql.sh)');
  const cluster = await startPostgres();
  project.provide('postgresUrl', cluster.url);
  const template = 'quire_template';
  const client = new pg.Client({ connectionString: await createDatabase(cluster.url, template) });
  await client.connect();
  try {
    await migrate(client);
  } finally {
    await client.end();
  }
  project.provide('postgresTemplate', template);
  return () => cluster.stop();
}
