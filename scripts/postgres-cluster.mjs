/**
 * A private PostgreSQL cluster for the tests and the benches: Debian's binaries, a fresh data folder, loopback on a free port. As root
 * (PostgreSQL refuses to run as root) the binaries run as the `postgres` user, in a folder it owns.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

function binDir() {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  throw new Error('PostgreSQL is not installed: run scripts/ensure-postgresql.sh (or apt-get install postgresql)');
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** @returns {Promise<import('./postgres-cluster.d.mts').PostgresCluster>} */
export async function startPostgres() {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  // Not under the tests' TMPDIR: that folder is private to this user, and the cluster may run as another.
  const dir = mkdtempSync('/tmp/quire-postgres-');
  const data = join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  /** @param {string} program @param {string[]} args */
  const run = (program, args) => {
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
    execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  };
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'quire', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://quire@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A new, empty database on the cluster at `url`, and its URL. */
/** @param {string} url @param {string} name @param {string} [template] @returns {Promise<string>} */
export async function createDatabase(url, name, template) {
  for (const given of [name, template]) if (given !== undefined && !/^[a-z][a-z0-9_]{0,62}$/.test(given)) throw new Error(`not a database name: ${given}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await client.end();
  }
  const out = new URL(url);
  out.pathname = `/${name}`;
  return out.href;
}
