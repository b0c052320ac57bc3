import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SegmentedFile } from '../../src/site/build/segmented-file.js';
import { tempDir } from './helpers.js';

/** A first build's file: `parts` written in order; their ranges and the file's stamp. */
async function firstBuild(out: string, parts: string[]) {
  const file = new SegmentedFile(out, 'site.txt', undefined, 'a1');
  const ranges = parts.map((part) => file.write(part));
  return { ranges, stamp: await file.finish() };
}

describe('a site-wide file written by segment', () => {
  it('copies the kept segments of the last file and writes the new ones, each at its place', async () => {
    const out = tempDir('segmented');
    // Big enough for a copy of several buffers, made of lines that tell where a byte went wrong.
    const parts = Array.from({ length: 6 }, (_, i) => Array.from({ length: 40_000 + i * 30_000 }, (_, n) => `${i}:${n}\n`).join(''));
    const { ranges, stamp } = await firstBuild(out, parts);
    expect(readFileSync(join(out, 'site.txt'), 'utf8')).toBe(parts.join(''));

    const next = new SegmentedFile(out, 'site.txt', stamp, 'b2');
    expect(next.reusable).toBe(true);
    const edited = 'segment 2, edited\n';
    const got = [next.copy(ranges[0]!), next.copy(ranges[1]!), next.write(edited), next.copy(ranges[3]!), next.copy(ranges[5]!), next.write('tail\n')];
    await next.finish();
    const expected = [parts[0], parts[1], edited, parts[3], parts[5], 'tail\n'].join('');
    const text = readFileSync(join(out, 'site.txt'), 'utf8');
    expect(text.length).toBe(expected.length);
    expect(text === expected).toBe(true);
    // The ranges it gave are where each segment now is.
    expect(
      Buffer.from(text)
        .subarray(got[3]![0], got[3]![0] + got[3]![1])
        .toString(),
    ).toBe(parts[3]);
    expect(readdirSync(out)).toEqual(['site.txt']);
  });

  it('does not trust a last file changed since (its size or time differ from the stamp)', async () => {
    const out = tempDir('segmented-changed');
    const { stamp } = await firstBuild(out, ['one\n', 'two\n']);
    writeFileSync(join(out, 'site.txt'), 'changed by hand\n');
    const next = new SegmentedFile(out, 'site.txt', stamp, 'b2');
    expect(next.reusable).toBe(false);
    expect(() => next.copy([0, 4])).toThrow(/no earlier file/);
    await next.abort();
  });

  it('fails at finish on a range past the end of the last file, and leaves that file as it was', async () => {
    const out = tempDir('segmented-short');
    const { stamp } = await firstBuild(out, ['one\n', 'two\n']);
    const before = statSync(join(out, 'site.txt')).mtimeMs;
    const next = new SegmentedFile(out, 'site.txt', stamp, 'b2');
    next.copy([4, 400]);
    next.write('more\n');
    await expect(next.finish()).rejects.toThrow(/ends before 404/);
    await next.abort();
    expect(readFileSync(join(out, 'site.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(statSync(join(out, 'site.txt')).mtimeMs).toBe(before);
    expect(readdirSync(out)).toEqual(['site.txt']);
  });

  it('leaves the last file as it was when aborted with copies under way', async () => {
    const out = tempDir('segmented-abort');
    const big = 'x'.repeat(12 * 1024 * 1024);
    const { ranges, stamp } = await firstBuild(out, [big, 'end\n']);
    const next = new SegmentedFile(out, 'site.txt', stamp, 'b2');
    next.copy(ranges[0]!);
    next.write('new\n');
    await next.abort();
    expect(statSync(join(out, 'site.txt')).size).toBe(big.length + 4);
    expect(readdirSync(out)).toEqual(['site.txt']);
  });
});
