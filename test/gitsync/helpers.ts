import { configSchema } from '../../src/config/index.js';
import { Caller, Domain } from '../../src/domain/index.js';
import { bootstrap } from '../../src/domain/core/setup.js';
import { type SyncOptions, syncDirectory } from '../../src/gitsync/import.js';
import { testStore } from '../helpers/store.js';

export const CORPORA = new URL('../../../shared/corpora/', import.meta.url).pathname;

/** A fresh store (in memory, or a PostgreSQL database in the PostgreSQL projects) with the default organization and admin, and a `sync` bound to them. */
export async function setup() {
  const store = await testStore();
  const domain = new Domain(store);
  const boot = await bootstrap(domain, configSchema.parse({}));
  const caller = new Caller(store, boot.admin);
  const organizationId = boot.organizations[0]!.id;
  // Parsing on the test thread: workers would load the TypeScript sources through tsx, which is slow to start.
  const sync = async (dir: string, options: Partial<SyncOptions> = {}) =>
    await syncDirectory(domain, { dir, organizationId, caller, parseWorkers: 0, ...options });
  return { store, domain, caller, organizationId, sync };
}
