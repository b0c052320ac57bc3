/**
 * Blobs in PostgreSQL, so that servers sharing a database need no shared disk: content-addressed by git blob oid, kept
 * in chunks of 1 MiB so a large file is read (and streamed) a chunk at a time. A blob is written in one transaction,
 * its `blobs` row last: a blob is either whole or absent. Two servers putting the same bytes write the same rows.
 */
import type { Pool } from 'pg';
import { gitBlobOid } from '../../model/oid.js';
import type { BlobStore } from '../blobs.js';

const CHUNK_BYTES = 1024 * 1024;
const OID = /^[0-9a-f]{40}$/;

export class PostgresBlobStore implements BlobStore {
  constructor(private readonly pool: Pool) {}

  async put(bytes: Uint8Array): Promise<string> {
    const oid = gitBlobOid(bytes);
    if (bytes.byteLength <= CHUNK_BYTES) {
      // One statement, so one round trip, and atomic: the chunk and its `blobs` row land together.
      await this.pool.query(
        `WITH chunk AS (INSERT INTO blob_chunks (oid, seq, bytes) VALUES ($1, 0, $2) ON CONFLICT DO NOTHING)
         INSERT INTO blobs (oid, size, chunks) VALUES ($1, $3, 1) ON CONFLICT DO NOTHING`,
        [oid, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), bytes.byteLength],
      );
      return oid;
    }
    if (await this.has(oid)) return oid;
    const chunks = Math.ceil(bytes.byteLength / CHUNK_BYTES);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      for (let seq = 0; seq < chunks; seq++) {
        const chunk = Buffer.from(bytes.buffer, bytes.byteOffset + seq * CHUNK_BYTES, Math.min(CHUNK_BYTES, bytes.byteLength - seq * CHUNK_BYTES));
        await client.query('INSERT INTO blob_chunks (oid, seq, bytes) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [oid, seq, chunk]);
      }
      await client.query('INSERT INTO blobs (oid, size, chunks) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [oid, bytes.byteLength, chunks]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
    return oid;
  }

  async has(oid: string): Promise<boolean> {
    if (!OID.test(oid)) return false;
    return (await this.pool.query('SELECT 1 FROM blobs WHERE oid = $1', [oid])).rowCount === 1;
  }

  async get(oid: string): Promise<Buffer | undefined> {
    const chunks: Buffer[] = [];
    const stream = await this.stream(oid);
    if (!stream) return undefined;
    for await (const chunk of stream) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /** The blob's bytes a chunk at a time (at most 1 MiB held), or undefined when there is no such blob. */
  async stream(oid: string): Promise<AsyncIterable<Buffer> | undefined> {
    if (!OID.test(oid)) return undefined;
    const { rows } = await this.pool.query<{ size: string; chunks: number }>('SELECT size, chunks FROM blobs WHERE oid = $1', [oid]);
    const blob = rows[0];
    if (!blob) return undefined;
    const pool = this.pool;
    return (async function* () {
      let size = 0;
      for (let seq = 0; seq < blob.chunks; seq++) {
        const chunk = await pool.query<{ bytes: Buffer }>('SELECT bytes FROM blob_chunks WHERE oid = $1 AND seq = $2', [oid, seq]);
        const bytes = chunk.rows[0]?.bytes;
        if (!bytes) throw new Error(`blob ${oid}: chunk ${seq} of ${blob.chunks} is missing`);
        size += bytes.byteLength;
        yield bytes;
      }
      if (size !== Number(blob.size)) throw new Error(`blob ${oid}: ${size} bytes read, ${blob.size} stored`);
    })();
  }
}
