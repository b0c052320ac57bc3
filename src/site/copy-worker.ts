// Worker thread entry: copies ranges between files the build opened (descriptors are the process's), one after
// another, for a site-wide file written by segment (build/segmented-file.ts). Copied on the thread pool, each read
// and each write waited for the build's thread, which a build holds for tens of milliseconds at a time.
import { readSync, writeSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { answer } from '../platform/worker-threads.js';

export interface CopyMessage {
  id: number;
  /** Read from this descriptor... */
  from: number;
  /** ...and write to this one: `[offset in from, offset in to, length]`. */
  to: number;
  range: [number, number, number];
}

const CHUNK = 4 * 1024 * 1024;
let buffer: Buffer | undefined;

const copy = answer<CopyMessage>(({ from, to, range: [source, target, length] }) => {
  buffer ??= Buffer.allocUnsafe(CHUNK);
  for (let done = 0; done < length; ) {
    const want = Math.min(buffer.length, length - done);
    let got = 0;
    while (got < want) {
      const read = readSync(from, buffer, got, want - got, source + done + got);
      if (read === 0) throw new Error(`the earlier file ends before ${source + length}`);
      got += read;
    }
    for (let put = 0; put < want; ) put += writeSync(to, buffer, put, want - put, target + done + put);
    done += want;
  }
});

parentPort?.on('message', (message: CopyMessage) => void copy(message));
