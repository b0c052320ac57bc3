// What every command that touches the store opens: the config, the store, the domain over it, and the admin caller.
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Config, loadConfig } from '../config/index.js';
import { Caller, Domain } from '../domain/index.js';
import { PARSED_PAGE_VERSION } from '../content/parsed-page.js';
import { type Bootstrap, bootstrap } from '../domain/core/setup.js';
import { connectStore, isSecretKey, type Store, type StoreLocation, memoryStore } from '../store/index.js';
import { CommandFailure, checkDatabaseUrl, redacted, shown, UsageError } from './util.js';
import { makeDirectory } from '../platform/make-directory.js';

export interface Runtime {
  config: Config;
  configFile: string | null;
  /** The folder relative paths of the config are read from (the config file's, else the working directory). */
  root: string;
  /** The store's folder (`storage.dir`), absolute. */
  storeDir: string;
  store: Store;
  domain: Domain;
  boot: Bootstrap;
  /** The admin user, for what the CLI does on its own behalf. */
  caller: Caller;
  close(): Promise<void>;
}

/** The `imports` settings with the folder resolved against the config file's folder. */
const importOptions = ({ config, root }: { config: Config; root: string }) =>
  config.imports.folder === undefined ? config.imports : { ...config.imports, folder: resolve(root, config.imports.folder) };

/**
 * Loads the config, opens the store and makes sure the organizations and admin exist. `firstToken`: the admin's first
 * token is issued now if it has none (for the commands that print it); other commands leave that to them.
 */
export async function openRuntime(options: { config?: string; env?: NodeJS.ProcessEnv; firstToken?: boolean; create?: boolean }): Promise<Runtime> {
  const env = options.env ?? process.env;
  const loaded = loadConfig(options.config ? { file: options.config } : {});
  const storeDir = resolve(loaded.root, loaded.config.storage.dir);
  const location = storeLocation(env, loaded, storeDir);
  // With a database, the store's folder is not used: nothing is made there.
  if (!location.database) {
    if (existsSync(join(storeDir, STORE_DB))) {
      // A store made before stores ignored themselves.
      if (!existsSync(join(storeDir, '.gitignore'))) writeFileSync(join(storeDir, '.gitignore'), IGNORE_ALL);
    } else if (options.create === false) {
      throw new CommandFailure(`nothing synced yet: no store in ${shown(storeDir)}/; run \`docs sync\` first`);
    } else if (!existsSync(storeDir)) createStoreDir(storeDir);
  }
  const store = await connect(location);
  try {
    const domain = new Domain(store, {
      allowHosts: loaded.config.network.allowHosts,
      translation: loaded.config.translation,
      imports: importOptions(loaded),
      jobs: { leaseMs: loaded.config.server.jobLeaseSeconds * 1000 },
      auditRetentionDays: loaded.config.server.auditRetentionDays,
    });
    const boot = await bootstrap(domain, loaded.config, env.DOCS_TOKEN ? { DOCS_TOKEN: env.DOCS_TOKEN } : {}, { issueToken: options.firstToken === true });
    const caller = new Caller(store, boot.admin);
    return { config: loaded.config, configFile: loaded.file, root: loaded.root, storeDir, store, domain, boot, caller, close: async () => await store.close() };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/**
 * Where the store is: `DOCS_DATABASE_URL` (else `storage.database`) and `DOCS_SECRET_KEY`, checked before anything is
 * created or connected to, each mistake named by the variable or the config key it came from.
 */
function storeLocation(env: NodeJS.ProcessEnv, loaded: { config: Config; file: string | null }, dir: string): StoreLocation {
  const database = env.DOCS_DATABASE_URL || loaded.config.storage.database;
  const source = env.DOCS_DATABASE_URL ? 'DOCS_DATABASE_URL' : `storage.database in ${loaded.file ?? 'docs.config.yaml'}`;
  if (database) checkDatabaseUrl(database, source);
  const secretKey = env.DOCS_SECRET_KEY || undefined;
  if (secretKey !== undefined && !isSecretKey(secretKey)) {
    throw new UsageError(
      `DOCS_SECRET_KEY: expected 64 hex digits or 32 bytes in base64 (openssl rand -hex 32); the value given (${secretKey.length} characters) is neither`,
    );
  }
  if (!database) return { dir, secretKey };
  // A key per server would seal what no other server can open: servers of one database share one, given to them all.
  if (secretKey === undefined) {
    throw new UsageError(`DOCS_SECRET_KEY is required with a database (${source}): give every server the same key (openssl rand -hex 32)`);
  }
  return { dir, database, secretKey };
}

/**
 * A new store ignores itself (a `.gitignore` of `*` inside it, as Python's virtual environments do), so that `git add -A`
 * in the author's repository never commits it, and says once where it is.
 */
function createStoreDir(dir: string): void {
  try {
    makeDirectory(dir);
  } catch (error) {
    throw new CommandFailure(`storage.dir: cannot create ${dir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  writeFileSync(join(dir, '.gitignore'), IGNORE_ALL);
  process.stderr.write(`docs: created the store in ${shown(dir)}/ (its database and files; ignored by git; storage.dir in docs.config.yaml moves it)\n`);
}

/** The store, or a message naming what is wrong: the database unreachable, say. */
async function connect(location: StoreLocation): Promise<Store> {
  // SQLite's errors (its native module missing, a folder it cannot write) are reported as they always were.
  if (!location.database) return await connectStore(location);
  try {
    return await connectStore(location);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CommandFailure(
      `cannot open the store ${redacted(location.database)}: ${(error as Error).message === reason ? reason : `${reason}: ${(error as Error).message}`}`,
    );
  }
}

const STORE_DB = 'quire.db';
const IGNORE_ALL = "# Quire's store: a database and files, never committed.\n*\n";

/**
 * The config's organizations and admin in an in-memory store (`docs watch` without --sync): the project store is left
 * untouched, but its parse records are copied in, so that pages it has already parsed are not parsed again.
 */
export async function openScratchRuntime(options: { config?: string }): Promise<Runtime> {
  const loaded = loadConfig(options.config ? { file: options.config } : {});
  const storeDir = resolve(loaded.root, loaded.config.storage.dir);
  const store = memoryStore();
  await store.seedDerived(storeDir, PARSED_PAGE_VERSION);
  const domain = new Domain(store, { allowHosts: loaded.config.network.allowHosts });
  const boot = await bootstrap(domain, loaded.config, {}, { issueToken: false });
  const caller = new Caller(store, boot.admin);
  return { config: loaded.config, configFile: loaded.file, root: loaded.root, storeDir, store, domain, boot, caller, close: async () => await store.close() };
}
