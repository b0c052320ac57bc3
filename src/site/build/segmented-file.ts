/**
 * A site-wide file (sitemap.xml, llms-full.txt) written segment by segment as the pages come: a segment the previous
 * build wrote and this one keeps as it was is copied from that build's file (its offset and length are in the
 * manifest), so an unchanged page is neither read nor rendered again. Written beside the file and renamed over it
 * once the manifest is written; the old file is trusted only when its size and time are those the manifest recorded.
 *
 * Every write names its place in the new file, so the copies (tens of megabytes at 10,000 pages) run beside the
 * build while the new text is written here: on a worker of their own (copy-worker.ts) when the last file is big,
 * else on the thread pool (whose reads and writes each wait for this thread between them).
 */
import { closeSync, openSync, read, rmSync, statSync, write, writeSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { makeDirectory } from '../../platform/make-directory.js';
import { sharedClient } from '../../platform/worker-threads.js';
import type { CopyMessage } from '../copy-worker.js';

const CHUNK = 4 * 1024 * 1024;
/** A last file of at least this many bytes is copied from on the copy worker (sitemap.xml: about 1 MB at 10,000 pages). */
export const COPY_WORKER_FROM = 512 * 1024;
const copyWorker = sharedClient('site/copy-worker');
const readAt = promisify(read);
const writeAt = promisify(write);

export interface FileStamp {
  size: number;
  mtimeMs: number;
}

export class SegmentedFile {
  private readonly fd: number;
  private old: number | null = null;
  private closed = false;
  private readonly temp: string;
  private offset = 0;
  /** Copies not started yet: consecutive ranges of the old file are copied as one. */
  private pending: { from: number; to: number; length: number } | null = null;
  /** The copies started: one after the other on the thread pool (one buffer at a time), or asked of the copy worker. */
  private copying: Promise<void> = Promise.resolve();
  /** Copies go to the copy worker (a big last file). */
  private readonly offThread: boolean;

  constructor(
    private readonly out: string,
    private readonly name: string,
    previous: FileStamp | undefined,
    nonce: string,
    copyWorkerFrom = COPY_WORKER_FROM,
  ) {
    const file = join(out, name);
    if (previous) {
      const info = statSync(file, { throwIfNoEntry: false });
      if (info?.size === previous.size && info.mtimeMs === previous.mtimeMs) this.old = openSync(file, 'r');
    }
    this.offThread = this.old !== null && previous!.size >= copyWorkerFrom;
    makeDirectory(out);
    this.temp = join(out, `${name}.${nonce}.tmp`);
    this.fd = openSync(this.temp, 'w');
  }

  /** Whether ranges of the previous build's file can be copied. */
  get reusable(): boolean {
    return this.old !== null;
  }

  /** Appends `text`; its range in the new file. */
  write(text: string): [number, number] {
    this.startCopy();
    const bytes = Buffer.from(text, 'utf8');
    const start = this.offset;
    for (let at = 0; at < bytes.length; ) at += writeSync(this.fd, bytes, at, bytes.length - at, start + at);
    this.offset += bytes.length;
    return [start, bytes.length];
  }

  /** Appends the bytes at `range` of the previous build's file; their range in the new file. */
  copy([offset, length]: readonly [number, number]): [number, number] {
    if (this.old === null) throw new Error(`${this.name}: no earlier file to copy from`);
    const start = this.offset;
    const pending = this.pending;
    if (pending && pending.from + pending.length === offset) pending.length += length;
    else {
      this.startCopy();
      this.pending = { from: offset, to: start, length };
    }
    this.offset += length;
    // Under way once a buffer's worth is pending: the copy goes on beside the pages still to come.
    if (this.pending!.length >= CHUNK) this.startCopy();
    return [start, length];
  }

  /** Once every copy is done, the new file's stamp, for the manifest (`commit` keeps it: a rename keeps the time). */
  async finish(): Promise<FileStamp> {
    this.startCopy();
    try {
      await this.copying;
    } finally {
      this.close();
    }
    const info = statSync(this.temp);
    return { size: info.size, mtimeMs: info.mtimeMs };
  }

  /**
   * Puts the finished file in place, once the build's manifest names it: on the thread pool, as freeing the old file's
   * blocks takes a while (tens of megabytes).
   */
  commit(): Promise<void> {
    return rename(this.temp, join(this.out, this.name));
  }

  /** Leaves the previous file as it was (once the copies under way are done: their files stay open until then). */
  async abort(): Promise<void> {
    this.pending = null;
    await this.copying.catch(() => {});
    this.close();
    rmSync(this.temp, { force: true });
  }

  /** Starts the pending copy, after those before it. */
  private startCopy(): void {
    const { pending, old } = this;
    if (!pending || old === null) return;
    this.pending = null;
    // The worker copies in the order it is asked, each copy under way at once; all are settled before the files close.
    const copying = this.offThread
      ? settled(this.copying, this.copyOffThread(old, pending.from, pending.to, pending.length))
      : this.copying.then(() => this.copyRange(old, pending.from, pending.to, pending.length));
    // Awaited by `finish` or `abort`; a failure meanwhile must not go unhandled.
    copying.catch(() => {});
    this.copying = copying;
  }

  /**
   * Settles only once the worker is done with the range, or gone: the files close after. A timeout or `terminate` on
   * its client would settle it while the worker still holds the descriptors.
   */
  private async copyOffThread(old: number, from: number, to: number, length: number): Promise<void> {
    try {
      await copyWorker().request<void>({ from: old, to: this.fd, range: [from, to, length] } satisfies Omit<CopyMessage, 'id'>);
    } catch (error) {
      throw new Error(`${this.name}: ${(error as Error).message}`);
    }
  }

  private async copyRange(old: number, from: number, to: number, length: number): Promise<void> {
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, length));
    for (let done = 0; done < length; ) {
      const want = Math.min(buffer.length, length - done);
      let got = 0;
      while (got < want) {
        const { bytesRead } = await readAt(old, buffer, got, want - got, from + done + got);
        if (bytesRead === 0) throw new Error(`${this.name}: the earlier file ends before ${from + length}`);
        got += bytesRead;
      }
      for (let put = 0; put < want; ) put += (await writeAt(this.fd, buffer, put, want - put, to + done + put)).bytesWritten;
      done += want;
    }
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.old !== null) closeSync(this.old);
    this.old = null;
    closeSync(this.fd);
  }
}

/** Once both have settled: the first one's failure, else the second's. */
async function settled(first: Promise<void>, second: Promise<void>): Promise<void> {
  const [a, b] = await Promise.allSettled([first, second]);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
}
