// Blobs in PostgreSQL: content-addressed by git blob oid, whole or absent, read a chunk at a time, and the same bytes
// put by several servers at once stored once.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gitBlobOid } from '../../src/model/index.js';
import { PostgresBlobStore } from '../../src/store/postgres/blobs.js';
import { migrate } from '../../src/store/postgres/migrate.js';
import { createDatabase } from '../helpers/postgres.js';

const pools: pg.Pool[] = [];
let url: string;

beforeAll(async () => {
  url = await createDatabase(inject('postgresUrl'), `blobs_${process.pid}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await migrate(client);
  await client.end();
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
});

/** One server's blob store (a pool of its own). */
function server(): { blobs: PostgresBlobStore; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pools.push(pool);
  return { blobs: new PostgresBlobStore(pool), pool };
}

describe('blobs in PostgreSQL', () => {
  it('gives back the bytes put, under their git blob oid, whatever their size', async () => {
    const { blobs } = server();
    for (const bytes of [Buffer.alloc(0), Buffer.from('# Title\n\nBody.\n'), randomBytes(3.5 * 1024 * 1024)]) {
      const oid = await blobs.put(bytes);
      expect(oid).toBe(gitBlobOid(bytes));
      expect(await blobs.has(oid)).toBe(true);
      expect((await blobs.get(oid))?.equals(bytes)).toBe(true);
    }
  });

  it('streams a large blob a chunk of at most 1 MiB at a time', async () => {
    const { blobs } = server();
    const bytes = randomBytes(2.5 * 1024 * 1024);
    const chunks: Buffer[] = [];
    for await (const chunk of (await blobs.stream(await blobs.put(bytes)))!) chunks.push(chunk);
    expect(chunks.map((c) => c.byteLength)).toEqual([1024 * 1024, 1024 * 1024, 0.5 * 1024 * 1024]);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('has nothing for an unknown oid or one that is not an oid', async () => {
    const { blobs } = server();
    for (const oid of ['0'.repeat(40), '../../etc/passwd', '', 'ABCDEF0123456789ABCDEF0123456789ABCDEF01']) {
      expect(await blobs.has(oid)).toBe(false);
      expect(await blobs.get(oid)).toBeUndefined();
      expect(await blobs.stream(oid)).toBeUndefined();
    }
  });

  it('stores the same bytes once when three servers put them at once', async () => {
    const servers = [server(), server(), server()];
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const oids = await Promise.all(Array.from({ length: 12 }, (_, i) => servers[i % 3]!.blobs.put(bytes)));
    expect(new Set(oids)).toEqual(new Set([gitBlobOid(bytes)]));
    const { pool } = servers[0]!;
    const rows = await pool.query('SELECT size, chunks FROM blobs WHERE oid = $1', [oids[0]]);
    expect(rows.rows).toEqual([{ size: String(bytes.byteLength), chunks: 4 }]);
    expect((await pool.query('SELECT count(*)::int AS n FROM blob_chunks WHERE oid = $1', [oids[0]])).rows).toEqual([{ n: 4 }]);
    for (const { blobs } of servers) expect((await blobs.get(oids[0]!))?.equals(bytes)).toBe(true);
  });

  it('says which chunk is missing rather than giving back a blob cut short', async () => {
    const { blobs, pool } = server();
    const oid = await blobs.put(randomBytes(1.5 * 1024 * 1024));
    await pool.query('DELETE FROM blob_chunks WHERE oid = $1 AND seq = 1', [oid]);
    await expect(blobs.get(oid)).rejects.toThrow(`blob ${oid}: chunk 1 of 2 is missing`);
  });
});
