import { resolve } from 'node:path';
import { type Config, loadConfig } from '../config/index.js';
import { Domain } from '../domain/index.js';
import { type Bootstrap, bootstrap } from '../domain/setup.js';
import { Store } from '../store/index.js';

export interface Runtime {
  config: Config;
  configFile: string | null;
  store: Store;
  domain: Domain;
  boot: Bootstrap;
  close(): void;
}

/** The `imports` settings with the folder resolved against the config file's folder. */
const importOptions = ({ config, root }: { config: Config; root: string }) =>
  config.imports.folder === undefined ? config.imports : { ...config.imports, folder: resolve(root, config.imports.folder) };

/** Loads the config, opens the store and makes sure the organizations and admin exist. */
export function openRuntime(options: { config?: string; env?: NodeJS.ProcessEnv }): Runtime {
  const env = options.env ?? process.env;
  const loaded = loadConfig(options.config ? { file: options.config } : {});
  const store = Store.open(resolve(loaded.root, loaded.config.storage.dir));
  try {
    const domain = new Domain(store, { allowHosts: loaded.config.network.allowHosts, translation: loaded.config.translation, imports: importOptions(loaded) });
    const boot = bootstrap(domain, loaded.config, env.DOCS_TOKEN ? { DOCS_TOKEN: env.DOCS_TOKEN } : {});
    return { config: loaded.config, configFile: loaded.file, store, domain, boot, close: () => store.close() };
  } catch (error) {
    store.close();
    throw error;
  }
}
