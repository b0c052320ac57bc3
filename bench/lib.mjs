// Shared helpers for the bench scripts: temp projects, starting/stopping `docs serve`, medians.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const DOCS_BIN = fileURLToPath(new URL('../bin/docs.js', import.meta.url));
export const TOKEN = 'bench-token';
export const AUTH = { Authorization: `Bearer ${TOKEN}` };

const CONFIG = 'storage:\n  dir: .docs\norganizations:\n  - title: Bench\n';

export function makeProject() {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-'));
  writeFileSync(join(dir, 'docs.config.yaml'), CONFIG);
  return dir;
}

export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export const round = (n, digits = 0) => Number(n.toFixed(digits));

export function emit(figure) {
  process.stdout.write(`${JSON.stringify(figure)}\n`);
}

// Spawns a node script and resolves once a stdout line matches `pattern`.
// Resolves { child, match, startedAt } where startedAt is performance.now() just before spawn.
export function spawnUntil(args, { cwd, env, pattern, timeoutMs = 30_000 }) {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => fail(new Error(`timed out waiting for ${pattern}; stdout: ${out}`)), timeoutMs);
    const onExit = (code) => fail(new Error(`process exited (${code}) before ready; stdout: ${out}`));
    const fail = (error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.stderr.pipe(process.stderr);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(pattern);
      if (match) {
        clearTimeout(timer);
        child.off('exit', onExit);
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        resolve({ child, match, startedAt });
      }
    });
    child.once('exit', onExit);
  });
}

export const QUIRE_READY = /serving the API at (\S+\/v1)\/ \(ready in (\d+) ms\)/;

// Starts `docs serve --port 0` in `dir`; resolves { child, url (ending in /v1), selfMs, startedAt }.
export async function startQuire(dir) {
  const { child, match, startedAt } = await spawnUntil([DOCS_BIN, 'serve', '--port', '0'], {
    cwd: dir,
    env: { DOCS_TOKEN: TOKEN },
    pattern: QUIRE_READY,
  });
  return { child, url: match[1], selfMs: Number(match[2]), startedAt };
}

// SIGTERM, then SIGKILL if the child has not exited after 5 s.
export function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A module of Quire's compiled code (run `npm run build` first), or of its sources with QUIRE_SRC=1 (under tsx). */
export const fromDist = (path) => import(new URL(`${process.env.QUIRE_SRC ? '../src' : '../dist'}/${path}`, import.meta.url).href);

/** Opens the store under `dir` through `stores`, a build's store/index.js: `openStore` now, `Store.open` before it. */
export const openStoreOf = (stores, dir) => (stores.openStore ? stores.openStore(dir) : stores.Store.open(dir));

/**
 * A checkout's site builder (`root`, default this one; its dist/, run `npm run build` there) over a new file store in
 * `storeDir`: its domain and admin, `sync(dir)` into its first organization as the space `Bench`, `site(spaceId)` and
 * `build(site, options)` the way `docs build` reads a space and builds it, `findSpace()` and `load(path)` for the rest.
 */
export async function siteBench(root, storeDir) {
  const dist = root ? pathToFileURL(join(root, 'dist/')) : new URL('../dist/', import.meta.url);
  const load = (path) => import(new URL(path, dist).href);
  const stores = await load('store/index.js');
  const { Domain, Caller } = await load('domain/index.js');
  const { bootstrap } = await load('domain/core/setup.js');
  const { configSchema } = await load('config/index.js');
  const { syncDirectory } = await load('gitsync/import.js');
  const { buildSite } = await load('site/build.js');
  const { siteSources, spaceSite } = await load('site/space-site.js');
  const store = openStoreOf(stores, storeDir);
  const domain = new Domain(store);
  const boot = await bootstrap(domain, configSchema.parse({}));
  const caller = new Caller(store, boot.admin);
  const organizationId = boot.organizations[0].id;
  return {
    load,
    store,
    sync: async (dir) => (await syncDirectory(domain, { dir, caller, organizationId, space: 'Bench' }))[0],
    findSpace: () => domain.sync.findSpace(organizationId, 'Bench'),
    site: (spaceId, options = {}) => spaceSite(domain, caller, spaceId, options),
    // As `docs build` runs (`leanHeap`: a checkout from before it ignores it).
    build: (site, options) => buildSite(site, siteSources(domain), { leanHeap: true, ...options }),
  };
}

/** A domain over a file store in `dir`, bootstrapped from `config` (docs.config.yaml's shape), with the admin as caller. */
export async function openDomain(dir, config = {}, options = {}) {
  const stores = await fromDist('store/index.js');
  const { Domain, Caller } = await fromDist('domain/index.js');
  const { bootstrap } = await fromDist('domain/core/setup.js').catch((error) =>
    error?.code === 'ERR_MODULE_NOT_FOUND' ? fromDist('domain/setup.js') : Promise.reject(error),
  );
  const { configSchema } = await fromDist('config/index.js');
  const store = openStoreOf(stores, dir);
  const domain = new Domain(store, options);
  const boot = await bootstrap(domain, configSchema.parse(config));
  return { store, domain, boot, caller: new Caller(store, boot.admin) };
}

/** A domain over a scratch store, and `sync(dir, options)`: `syncDirectory` by its admin into its first organization. */
export async function openSyncer() {
  const storeDir = mkdtempSync(join(tmpdir(), 'quire-bench-store-'));
  const { store, domain, boot, caller } = await openDomain(storeDir);
  const { syncDirectory } = await fromDist('gitsync/import.js');
  const sync = (dir, options = {}) => syncDirectory(domain, { dir, caller, organizationId: boot.organizations[0].id, ...options });
  return { sync, close: async () => (await store.close(), removeDir(storeDir)) };
}

/** `openDomain` with one organization, served over HTTP on a free port in this process (`close` stops both). */
export async function serveDomain(dir, title) {
  const opened = await openDomain(dir, { organizations: [{ title }] });
  const { buildServer } = await fromDist('server/app.js');
  const app = buildServer({ domain: opened.domain, publicUrl: () => url });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${app.server.address().port}`;
  return { ...opened, app, url, org: opened.boot.organizations[0].id, owner: await opened.domain.users.authenticate(opened.boot.newAdminToken) };
}
