import { closeSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { SegmentedFile } from '../../src/site/build/segmented-file.js';
import { tempDir } from './helpers.js';

const MB = 1024 * 1024;

/** Text of about `bytes` bytes made of numbered lines, so a byte out of place shows. */
const lines = (tag: string, bytes: number) => Array.from({ length: Math.ceil(bytes / 12) }, (_, n) => `${tag}:${n}`.padEnd(11, '.')).join('\n');

/** A first build's file: `parts` written in order; their ranges and the file's stamp. */
async function firstBuild(out: string, parts: string[]) {
  const file = new SegmentedFile(out, 'site.txt', undefined, 'a1');
  const ranges = parts.map((part) => file.write(part));
  const stamp = await file.finish();
  await file.commit();
  return { ranges, stamp };
}

describe.each([
  ['on the thread pool', Number.POSITIVE_INFINITY],
  ['on the copy worker', 0],
])('a site-wide file written by segment, its copies %s', (_, copyWorkerFrom) => {
  it('copies the kept segments of the last file and writes the new ones, each at its place', async () => {
    const out = tempDir('segmented');
    // Copies of several buffers (4 MiB each), one started as soon as a buffer's worth is pending, another after it.
    const parts = ['a', 'b', 'c', 'd', 'e', 'f'].map((tag, i) => lines(tag, (i % 3) * MB + 600_000));
    const { ranges, stamp } = await firstBuild(out, parts);
    expect(readFileSync(join(out, 'site.txt'), 'utf8')).toBe(parts.join(''));

    const next = new SegmentedFile(out, 'site.txt', stamp, 'b2', copyWorkerFrom);
    expect(next.reusable).toBe(true);
    const edited = 'segment 3, edited\n';
    const got = [0, 1, 2].map((i) => next.copy(ranges[i]!));
    got.push(next.write(edited), next.copy(ranges[4]!), next.copy(ranges[5]!), next.write('tail\n'));
    const written = await next.finish();
    // Not in place before the commit: a build that fails now leaves the last file.
    expect(readFileSync(join(out, 'site.txt'), 'utf8')).toBe(parts.join(''));
    await next.commit();
    const expected = [parts[0], parts[1], parts[2], edited, parts[4], parts[5], 'tail\n'].join('');
    const text = readFileSync(join(out, 'site.txt'), 'utf8');
    expect(text.length).toBe(expected.length);
    expect(text === expected).toBe(true);
    expect(statSync(join(out, 'site.txt'))).toMatchObject({ size: written.size, mtimeMs: written.mtimeMs });
    // The ranges it gave are where each segment now is.
    for (const [i, part] of [
      [2, parts[2]],
      [4, parts[4]],
    ] as const) {
      expect(
        Buffer.from(text)
          .subarray(got[i]![0], got[i]![0] + got[i]![1])
          .toString() === part,
      ).toBe(true);
    }
    expect(readdirSync(out)).toEqual(['site.txt']);
  });

  it('does not trust a last file changed since (its size or time differ from the stamp)', async () => {
    const out = tempDir('segmented-changed');
    const { stamp } = await firstBuild(out, ['one\n', 'two\n']);
    writeFileSync(join(out, 'site.txt'), 'changed by hand\n');
    const next = new SegmentedFile(out, 'site.txt', stamp, 'b2', copyWorkerFrom);
    expect(next.reusable).toBe(false);
    expect(() => next.copy([0, 4])).toThrow(/no earlier file/);
    await next.abort();
  });

  it('fails at finish on a range past the end of the last file, and leaves that file as it was', async () => {
    const out = tempDir('segmented-short');
    const { stamp } = await firstBuild(out, ['one\n', 'two\n']);
    const before = statSync(join(out, 'site.txt')).mtimeMs;
    const next = new SegmentedFile(out, 'site.txt', stamp, 'b2', copyWorkerFrom);
    next.copy([4, 400]);
    next.write('more\n');
    await expect(next.finish()).rejects.toThrow(/ends before 404/);
    await next.abort();
    expect(readFileSync(join(out, 'site.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(statSync(join(out, 'site.txt')).mtimeMs).toBe(before);
    expect(readdirSync(out)).toEqual(['site.txt']);
  });

  it('leaves the last file as it was when aborted after finishing, before the commit', async () => {
    const out = tempDir('segmented-finished');
    const { ranges, stamp } = await firstBuild(out, ['one\n', 'two\n']);
    const next = new SegmentedFile(out, 'site.txt', stamp, 'b2', copyWorkerFrom);
    next.copy(ranges[1]!);
    next.write('new\n');
    await next.finish();
    await next.abort();
    expect(readFileSync(join(out, 'site.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(readdirSync(out)).toEqual(['site.txt']);
  });

  it('closes its files only once the copies under way are done, when aborted meanwhile', async () => {
    const out = tempDir('segmented-abort');
    const big = lines('x', 12 * MB);
    const { ranges, stamp } = await firstBuild(out, [big, 'end\n']);
    // Files opened once it aborted may get the numbers it closed: a copy still under way would read one, write another.
    const others = [0, 1, 2, 3, 4, 5].map((i) => ({ path: join(out, `other-${i}`), text: lines(`o${i}`, 5 * MB) }));
    for (const { path, text } of others) writeFileSync(path, text);
    // The worker busy with another file's copy first: this file's copy is still to come when it aborts.
    let busy: SegmentedFile | undefined;
    let busyDir: string | undefined;
    const busySize = 64 * MB;
    if (copyWorkerFrom === 0) {
      const other = (busyDir = tempDir('segmented-busy'));
      const warm = await firstBuild(other, ['warm\n']);
      const started = new SegmentedFile(other, 'site.txt', warm.stamp, 'b4', copyWorkerFrom);
      started.copy(warm.ranges[0]!);
      await started.finish(); // the worker started: nothing of its start-up opens files meanwhile
      const first = await firstBuild(other, ['y'.repeat(busySize)]);
      busy = new SegmentedFile(other, 'site.txt', first.stamp, 'b3', copyWorkerFrom);
      busy.copy(first.ranges[0]!);
    }
    const next = new SegmentedFile(out, 'site.txt', stamp, 'b2', copyWorkerFrom);
    next.copy(ranges[0]!);
    next.write('new\n');
    await new Promise(setImmediate); // the copy is under way: a read on the thread pool, or asked of the worker
    await next.abort();
    const fds = others.map(({ path }) => openSync(path, 'r+'));
    // The worker copies in the order it is asked: this file's copy done, the busy one's before it is too.
    if (busy) expect(statSync(join(busyDir!, 'site.txt.b3.tmp')).size).toBe(busySize);
    await busy?.finish();
    await sleep(300);
    for (const fd of fds) closeSync(fd);
    for (const { path, text } of others) expect(readFileSync(path, 'utf8') === text, path).toBe(true);
    expect(statSync(join(out, 'site.txt')).size).toBe(big.length + 4);
    expect(readdirSync(out).sort()).toEqual([...others.map(({ path }) => path.slice(out.length + 1)), 'site.txt'].sort());
  });
});
