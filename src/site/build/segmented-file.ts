/**
 * A site-wide file (sitemap.xml, llms-full.txt) written segment by segment as the pages come: a segment the previous
 * build wrote and this one keeps as it was is copied from that build's file (its offset and length are in the
 * manifest), so an unchanged page is neither read nor rendered again. Written beside the file and renamed over it at
 * the end; the old file is trusted only when its size and time are those the manifest recorded.
 */
import { closeSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirectory } from '../../platform/make-directory.js';

const CHUNK = 4 * 1024 * 1024;

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
  /** Copies not done yet: consecutive ranges of the old file are copied as one. */
  private pending: [number, number] | null = null;

  constructor(
    private readonly out: string,
    private readonly name: string,
    previous: FileStamp | undefined,
    nonce: string,
  ) {
    const file = join(out, name);
    if (previous) {
      const info = statSync(file, { throwIfNoEntry: false });
      if (info?.size === previous.size && info.mtimeMs === previous.mtimeMs) this.old = openSync(file, 'r');
    }
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
    this.flush();
    return this.append(Buffer.from(text, 'utf8'));
  }

  /** Appends the bytes at `range` of the previous build's file; their range in the new file. */
  copy([offset, length]: readonly [number, number]): [number, number] {
    if (this.old === null) throw new Error(`${this.name}: no earlier file to copy from`);
    const start = this.offset;
    if (this.pending && this.pending[0] + this.pending[1] === offset) this.pending[1] += length;
    else {
      this.flush();
      this.pending = [offset, length];
    }
    this.offset += length;
    return [start, length];
  }

  /** Puts the new file in place; its stamp, for the manifest. */
  finish(): FileStamp {
    this.flush();
    this.close();
    const file = join(this.out, this.name);
    renameSync(this.temp, file);
    const info = statSync(file);
    return { size: info.size, mtimeMs: info.mtimeMs };
  }

  /** Leaves the previous file as it was. */
  abort(): void {
    this.close();
    rmSync(this.temp, { force: true });
  }

  private append(bytes: Buffer): [number, number] {
    const start = this.offset;
    this.put(bytes, bytes.length);
    this.offset += bytes.length;
    return [start, bytes.length];
  }

  private put(bytes: Buffer, length: number): void {
    for (let at = 0; at < length; ) at += writeSync(this.fd, bytes, at, length - at);
  }

  /** Does the copies pending, through a buffer of at most `CHUNK` bytes. */
  private flush(): void {
    if (!this.pending || this.old === null) return;
    const [offset, length] = this.pending;
    this.pending = null;
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, length));
    for (let done = 0; done < length; ) {
      const want = Math.min(buffer.length, length - done);
      let got = 0;
      while (got < want) {
        const n = readSync(this.old, buffer, got, want - got, offset + done + got);
        if (n === 0) throw new Error(`${this.name}: the earlier file ends before ${offset + length}`);
        got += n;
      }
      this.put(buffer, want);
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
