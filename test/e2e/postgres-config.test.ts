// The PostgreSQL configuration given wrong, through the real CLI: a malformed or unreachable DOCS_DATABASE_URL, a bad
// storage.database, a missing or malformed DOCS_SECRET_KEY, and `docs migrate` with bad flags. Each is refused with a
// message naming the variable, flag or file, a non-zero exit, no stack trace, no password, and nothing created.
// No PostgreSQL runs here: a database that refuses connections is a port nothing listens on. The copies themselves
// (and a copy into a database that already holds a store) are test/postgres/migrate-store.test.ts's.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CliEnv, type CliResult, docs, project } from '../helpers/cli.js';

const CONFIG = 'organizations:\n  - title: Acme\n';
const KEY = 'ab'.repeat(32);
const PASSWORD = 'hunter2-do-not-print';
/** The variables these tests set, left out unless a test gives them (the machine's own must not leak in). */
const NONE: CliEnv = { DOCS_DATABASE_URL: undefined, DOCS_SECRET_KEY: undefined, DOCS_TOKEN: undefined };

/** A port on this machine that nothing listens on: taken from the system, then let go. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let refusing: string;
beforeAll(async () => {
  refusing = `postgres://quire:${PASSWORD}@127.0.0.1:${await freePort()}/docs`;
});

/** `docs <args>` in `dir` with `env` (over none of the variables above), and what the folder holds afterwards. */
async function run(dir: string, env: CliEnv, ...args: string[]): Promise<CliResult & { files: string[] }> {
  const result = await docs({ cwd: dir, env: { ...NONE, ...env } }, ...args);
  return { ...result, files: readdirSync(dir).sort() };
}

/** Refused as a mistake in how it was called (exit 2) or as work that could not be done (exit 1), said plainly. */
function expectRefused(result: CliResult & { files: string[] }, code: 1 | 2, message: RegExp, files = ['docs.config.yaml']): void {
  expect(result.stderr, result.stderr).toMatch(message);
  expect(result.code, result.stderr).toBe(code);
  expect(result.stderr).toMatch(/^docs: /);
  expect(result.stderr).not.toMatch(/\n\s+at |unexpected error|Error:/);
  expect(result.stderr + result.stdout).not.toContain(PASSWORD);
  expect(result.stdout).toBe('');
  expect(result.files).toEqual(files);
}

describe('DOCS_DATABASE_URL given wrong', () => {
  it('not a URL: names the variable, exits 2, creates nothing', async () => {
    const result = await run(project(CONFIG), { DOCS_DATABASE_URL: 'not a url', DOCS_SECRET_KEY: KEY }, 'sync', '.');
    expectRefused(result, 2, /^docs: DOCS_DATABASE_URL: expected a postgres:\/\/ URL, such as postgres:\/\/user:password@host:5432\/docs\n$/);
  });

  it('another scheme (mysql://): names the variable and the scheme, not the password', async () => {
    const result = await run(project(CONFIG), { DOCS_DATABASE_URL: `mysql://quire:${PASSWORD}@db/docs`, DOCS_SECRET_KEY: KEY }, 'sync', '.');
    expectRefused(result, 2, /^docs: DOCS_DATABASE_URL: expected a postgres:\/\/ URL, .* not a mysql: one\n$/);
  });

  it('a postgres:// URL that is not one (a port out of range): names the variable', async () => {
    const result = await run(project(CONFIG), { DOCS_DATABASE_URL: `postgres://quire:${PASSWORD}@db:99999/docs`, DOCS_SECRET_KEY: KEY }, 'token', 'create');
    expectRefused(result, 2, /^docs: DOCS_DATABASE_URL: not a valid URL/);
  });

  it('a database that refuses connections: fails at once, exit 1, the URL shown without its password', async () => {
    for (const args of [
      ['sync', '.'],
      ['token', 'create'],
      ['serve', '--port', '0'],
    ]) {
      const result = await run(project(CONFIG), { DOCS_DATABASE_URL: refusing, DOCS_SECRET_KEY: KEY }, ...args);
      expectRefused(result, 1, /^docs: cannot open the store postgres:\/\/quire:\*\*\*@127\.0\.0\.1:\d+\/docs: ECONNREFUSED/);
    }
  });
});

describe('a database that never answers', () => {
  it('gives up after connect_timeout (15 s unless the URL says): exit 1, the URL without its password', async () => {
    // A host that takes the connection and says nothing, as one behind a firewall dropping packets would.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `postgres://quire:${PASSWORD}@127.0.0.1:${(silent.address() as { port: number }).port}/docs?connect_timeout=1`;
      const result = await run(project(CONFIG), { DOCS_DATABASE_URL: url, DOCS_SECRET_KEY: KEY }, 'token', 'create');
      expectRefused(result, 1, /^docs: cannot open the store postgres:\/\/quire:\*\*\*@127\.0\.0\.1:\d+\/docs\?connect_timeout=1: .*timeout/);
    } finally {
      silent.close();
    }
  });
});

describe('storage.database given wrong in docs.config.yaml', () => {
  it('another scheme: names the file, its line and the key', async () => {
    const dir = project(`${CONFIG}storage:\n  database: mysql://quire:${PASSWORD}@db/docs\n`);
    expectRefused(await run(dir, { DOCS_SECRET_KEY: KEY }, 'sync', '.'), 2, /docs\.config\.yaml:4:\d+: storage\.database: expected a postgres:\/\/ URL\n$/);
  });

  it('a postgres:// URL that is not one: names the file and the key', async () => {
    const dir = project(`${CONFIG}storage:\n  database: "postgres://quire:${PASSWORD}@db:99999/docs"\n`);
    expectRefused(await run(dir, { DOCS_SECRET_KEY: KEY }, 'sync', '.'), 2, /docs\.config\.yaml:4:\d+: storage\.database: not a valid URL/);
  });

  it('not a string: names the file and the key', async () => {
    const dir = project(`${CONFIG}storage:\n  database: 5432\n`);
    expectRefused(await run(dir, { DOCS_SECRET_KEY: KEY }, 'sync', '.'), 2, /docs\.config\.yaml:4:\d+: storage\.database: expected a string/);
  });

  it('without DOCS_SECRET_KEY: names the key missing and the file the database came from', async () => {
    const dir = project(`${CONFIG}storage:\n  database: "${refusing}"\n`);
    expectRefused(await run(dir, {}, 'sync', '.'), 2, /^docs: DOCS_SECRET_KEY is required with a database \(storage\.database in \/.*docs\.config\.yaml\)/);
  });
});

describe('DOCS_SECRET_KEY', () => {
  it('missing with DOCS_DATABASE_URL: names both, exits 2 before connecting', async () => {
    const result = await run(project(CONFIG), { DOCS_DATABASE_URL: refusing }, 'sync', '.');
    expectRefused(
      result,
      2,
      /^docs: DOCS_SECRET_KEY is required with a database \(DOCS_DATABASE_URL\): give every server the same key \(openssl rand -hex 32\)\n$/,
    );
  });

  it('empty counts as missing', async () => {
    const result = await run(project(CONFIG), { DOCS_DATABASE_URL: refusing, DOCS_SECRET_KEY: '' }, 'token', 'create');
    expectRefused(result, 2, /^docs: DOCS_SECRET_KEY is required with a database/);
  });

  for (const [what, key] of [
    ['too short', 'abcdef'],
    ['too long', `${KEY}00`],
    ['neither hex nor base64', 'zz!'.repeat(22)],
    ['base64 of 31 bytes', Buffer.alloc(31, 7).toString('base64')],
  ] as const) {
    it(`malformed (${what}): names the variable and the form it takes, never the value`, async () => {
      const result = await run(project(CONFIG), { DOCS_DATABASE_URL: refusing, DOCS_SECRET_KEY: key }, 'sync', '.');
      expectRefused(
        result,
        2,
        /^docs: DOCS_SECRET_KEY: expected 64 hex digits or 32 bytes in base64 \(openssl rand -hex 32\); the value given \(\d+ characters\) is neither\n$/,
      );
      expect(result.stderr).not.toContain(key);
    });
  }

  it('malformed without a database (SQLite): refused the same, and no store folder made', async () => {
    const result = await run(project(CONFIG), { DOCS_SECRET_KEY: 'abcdef' }, 'sync', '.');
    expectRefused(result, 2, /^docs: DOCS_SECRET_KEY: expected 64 hex digits/);
  });
});

describe('docs migrate given wrong', () => {
  /** A folder holding a SQLite store (a synced page) beside the project's config. */
  let withStore: string;
  beforeAll(async () => {
    withStore = project(CONFIG, 'migrate-store');
    mkdirSync(join(withStore, 'pages'));
    writeFileSync(join(withStore, 'pages', 'README.md'), '# Welcome\n');
    const synced = await run(withStore, {}, 'sync', 'pages', '--space', 'Handbook');
    expect(synced.code, synced.stderr).toBe(0);
  });
  const storeFiles = () => readdirSync(join(withStore, '.docs')).sort();

  it('no --to and no DOCS_DATABASE_URL: names both', async () => {
    const result = await run(project(CONFIG), {}, 'migrate', '--from', '.docs');
    expectRefused(result, 2, /^docs: --to: the postgres:\/\/ URL of the database to copy into \(or set DOCS_DATABASE_URL\)\n$/);
  });

  it('a flag without its value: commander names the flag', async () => {
    for (const flag of ['--from', '--to']) {
      const result = await run(project(CONFIG), {}, 'migrate', flag);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`option '${flag} <\\w+>' argument missing`));
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.files).toEqual(['docs.config.yaml']);
    }
  });

  it('a bad --to: names the flag (and DOCS_DATABASE_URL when the URL came from it)', async () => {
    const before = storeFiles();
    expectRefused(await run(withStore, {}, 'migrate', '--from', '.docs', '--to', 'not a url'), 2, /^docs: --to: expected a postgres:\/\/ URL/, [
      '.docs',
      'docs.config.yaml',
      'pages',
    ]);
    expectRefused(
      await run(withStore, {}, 'migrate', '--from', '.docs', '--to', `mysql://quire:${PASSWORD}@db/docs`),
      2,
      /^docs: --to: expected a postgres:\/\/ URL, .* not a mysql: one\n$/,
      ['.docs', 'docs.config.yaml', 'pages'],
    );
    expectRefused(
      await run(withStore, { DOCS_DATABASE_URL: `postgres://quire:${PASSWORD}@db:99999/docs` }, 'migrate', '--from', '.docs'),
      2,
      /^docs: DOCS_DATABASE_URL: not a valid URL/,
      ['.docs', 'docs.config.yaml', 'pages'],
    );
    expect(storeFiles()).toEqual(before);
  });

  it('a --to that refuses connections: exit 1, the URL without its password, the store untouched', async () => {
    const before = storeFiles();
    const result = await run(withStore, {}, 'migrate', '--from', '.docs', '--to', refusing);
    expectRefused(result, 1, /^docs: cannot copy into postgres:\/\/quire:\*\*\*@127\.0\.0\.1:\d+\/docs: ECONNREFUSED/, ['.docs', 'docs.config.yaml', 'pages']);
    expect(storeFiles()).toEqual(before);
  });

  it('a --from folder that does not exist: names the flag, creates nothing', async () => {
    const dir = project(CONFIG);
    expectRefused(await run(dir, {}, 'migrate', '--from', 'missing', '--to', refusing), 2, /^docs: --from missing: no such directory\n$/);
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });

  it('a --from that is a file: names the flag', async () => {
    const dir = project(CONFIG);
    writeFileSync(join(dir, 'notes.txt'), 'not a store\n');
    expectRefused(await run(dir, {}, 'migrate', '--from', 'notes.txt', '--to', refusing), 2, /^docs: --from notes\.txt: not a directory/, [
      'docs.config.yaml',
      'notes.txt',
    ]);
  });

  it('a --from folder that is not a store: names the flag, leaves the folder as it was', async () => {
    const dir = project(CONFIG);
    mkdirSync(join(dir, 'other'));
    writeFileSync(join(dir, 'other', 'notes.txt'), 'not a store\n');
    expectRefused(await run(dir, {}, 'migrate', '--from', 'other', '--to', refusing), 2, /^docs: --from other: not a store \(no quire\.db in it\)\n$/, [
      'docs.config.yaml',
      'other',
    ]);
    expect(readdirSync(join(dir, 'other'))).toEqual(['notes.txt']);
  });

  it('a --from whose quire.db is no database: not a store, the file untouched', async () => {
    const dir = project(CONFIG);
    mkdirSync(join(dir, 'other'));
    writeFileSync(join(dir, 'other', 'quire.db'), 'not a database\n');
    expectRefused(await run(dir, {}, 'migrate', '--from', 'other', '--to', refusing), 2, /^docs: --from other: not a store \(quire\.db: SQLITE_NOTADB/, [
      'docs.config.yaml',
      'other',
    ]);
    expect(readdirSync(join(dir, 'other'))).toEqual(['quire.db']);
  });

  it('no --from and no store in storage.dir: names storage.dir and --from, creates nothing', async () => {
    const result = await run(project(CONFIG), {}, 'migrate', '--to', refusing);
    expectRefused(result, 2, /^docs: storage\.dir \S*\.docs: no store to copy there \(no quire\.db\); give the store's folder with --from <dir>\n$/);
  });
});
