import { createHash } from 'node:crypto';

/** The oid git gives a blob: sha1 of `blob <length>\0<bytes>`. */
export function gitBlobOid(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}
