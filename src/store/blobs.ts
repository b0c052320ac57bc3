import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pLimit from 'p-limit';
import { gitBlobOid } from '../model/oid.js';

export interface BlobStore {
  put(bytes: Uint8Array): Promise<string>;
  get(oid: string): Promise<Buffer | undefined>;
  has(oid: string): Promise<boolean>;
  /** Resolves once every blob put so far is on disk: before committing what refers to them. */
  flush?(): Promise<void>;
}

/** Blobs remembered for `flush` when it fsyncs them one by one (past it, the oldest are left to the kernel). */
const UNSYNCED_KEPT = 4096;
/** From this many blobs, one syncfs (a process to start: a few ms) costs less than an fsync each. */
const SYNCFS_FROM = 32;

/**
 * Content-addressed files under `<dir>/<oid[0..2]>/<oid[2..]>`, written atomically. An fsync per blob cost an import
 * 6-9% of its time: blobs are written without one, and `flush`, before a commit that refers to them, makes them all
 * durable at once. A blob cut short by a crash before that has the wrong size, and is written again.
 */
export class FileBlobStore implements BlobStore {
  private readonly unsynced = new Set<string>();
  private flushing: Promise<void> | undefined;

  constructor(private readonly dir: string) {}

  async put(bytes: Uint8Array): Promise<string> {
    const oid = gitBlobOid(bytes);
    const path = this.path(oid);
    if (statSync(path, { throwIfNoEntry: false })?.size !== bytes.byteLength) {
      mkdirSync(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, bytes);
      renameSync(tmp, path);
      this.unsynced.add(path);
      if (this.unsynced.size > UNSYNCED_KEPT) this.unsynced.delete(this.unsynced.values().next().value!);
    }
    return oid;
  }

  async flush(): Promise<void> {
    const paths = [...this.unsynced];
    this.unsynced.clear();
    // A flush that started earlier may still be syncing blobs this one's caller refers to: it waits for it too.
    const previous = this.flushing;
    const own = (async () => {
      await previous;
      try {
        await this.sync(paths);
      } catch (error) {
        for (const path of paths) this.unsynced.add(path);
        throw error;
      }
    })();
    this.flushing = own.catch(() => undefined);
    await own;
  }

  private async sync(paths: string[]): Promise<void> {
    if (paths.length === 0) return;
    if (paths.length > SYNCFS_FROM && (await syncFileSystem(this.dir))) return;
    const limit = pLimit(4);
    const dirs = [...new Set(paths.map(dirname)), this.dir];
    await Promise.all([
      ...paths.map((path) => limit(() => fsyncPath(path))),
      // Their names, renamed in already: not every platform can fsync a folder.
      ...dirs.map((dir) => limit(() => fsyncPath(dir)).catch(() => {})),
    ]);
  }

  async get(oid: string): Promise<Buffer | undefined> {
    if (!/^[0-9a-f]{40}$/.test(oid)) return undefined;
    try {
      return readFileSync(this.path(oid));
    } catch {
      return undefined;
    }
  }

  async has(oid: string): Promise<boolean> {
    return /^[0-9a-f]{40}$/.test(oid) && existsSync(this.path(oid));
  }

  /** Every blob's oid (files of another name, such as a write cut short, are not blobs). */
  *oids(): Generator<string> {
    if (!existsSync(this.dir)) return;
    for (const prefix of readdirSync(this.dir).sort()) {
      if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
      for (const rest of readdirSync(join(this.dir, prefix)).sort()) if (/^[0-9a-f]{38}$/.test(rest)) yield prefix + rest;
    }
  }

  private path(oid: string): string {
    return join(this.dir, oid.slice(0, 2), oid.slice(2));
  }
}

/** syncfs(2) of the file system holding `dir` (Linux, through coreutils' `sync -f`): one call for a whole import. */
async function syncFileSystem(dir: string): Promise<boolean> {
  if (process.platform !== 'linux') return false;
  try {
    await promisify(execFile)('sync', ['-f', dir]);
    return true;
  } catch {
    return false;
  }
}

/** fsync of a file or folder; one removed meanwhile (a store deleted) needs none. */
async function fsyncPath(path: string): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, Buffer>();
  async put(bytes: Uint8Array): Promise<string> {
    const oid = gitBlobOid(bytes);
    this.blobs.set(oid, Buffer.from(bytes));
    return oid;
  }
  async get(oid: string): Promise<Buffer | undefined> {
    return this.blobs.get(oid);
  }
  async has(oid: string): Promise<boolean> {
    return this.blobs.has(oid);
  }
}
