import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitBlobOid } from '../model/oid.js';

export interface BlobStore {
  put(bytes: Uint8Array): string;
  get(oid: string): Buffer | undefined;
  has(oid: string): boolean;
}

/** Content-addressed files under `<dir>/<oid[0..2]>/<oid[2..]>`, written atomically. */
export class FileBlobStore implements BlobStore {
  constructor(private readonly dir: string) {}

  put(bytes: Uint8Array): string {
    const oid = gitBlobOid(bytes);
    const path = this.path(oid);
    if (!existsSync(path)) {
      mkdirSync(join(this.dir, oid.slice(0, 2)), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, bytes);
      renameSync(tmp, path);
    }
    return oid;
  }

  get(oid: string): Buffer | undefined {
    if (!/^[0-9a-f]{40}$/.test(oid)) return undefined;
    try {
      return readFileSync(this.path(oid));
    } catch {
      return undefined;
    }
  }

  has(oid: string): boolean {
    return /^[0-9a-f]{40}$/.test(oid) && existsSync(this.path(oid));
  }

  private path(oid: string): string {
    return join(this.dir, oid.slice(0, 2), oid.slice(2));
  }
}

export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, Buffer>();
  put(bytes: Uint8Array): string {
    const oid = gitBlobOid(bytes);
    this.blobs.set(oid, Buffer.from(bytes));
    return oid;
  }
  get(oid: string): Buffer | undefined {
    return this.blobs.get(oid);
  }
  has(oid: string): boolean {
    return this.blobs.has(oid);
  }
}
