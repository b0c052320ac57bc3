// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAll, ParsePool } from '../../src/gitsync/parse-pool.js';
import { CORPORA } from './helpers.js';

describe('the parse pool', () => {
  it('gives the same results on worker threads as on the calling thread', async () => {
    const dir = join(CORPORA, 'git-sync-normalization');
    const jobs = readdirSync(dir)
      .filter((name) => name.endsWith('.md'))
      .map((path) => ({ oid: path, path, spaceRoot: '', bytes: readFileSync(join(dir, path)) }));
    const inline = await parseAll(jobs, { workers: 0 });
    let progress = 0;
    const threaded = await parseAll(jobs, { workers: 2, inlineBelow: 0, onProgress: (done) => (progress = done) });
    expect(progress).toBe(jobs.length);
    const byOid = (results: typeof inline) => [...results].sort((a, b) => a.oid.localeCompare(b.oid));
    expect(byOid(threaded)).toEqual(byOid(inline));
    expect(inline.find((r) => r.oid === 'hints.md')!.data.h1).toBe('Hint');
  }, 60_000);

  it('hands over each batch as it arrives, every result exactly once', async () => {
    const dir = join(CORPORA, 'git-sync-normalization');
    const jobs = readdirSync(dir)
      .filter((name) => name.endsWith('.md'))
      .map((path) => ({ oid: path, path, spaceRoot: '', bytes: readFileSync(join(dir, path)) }));
    const pool = new ParsePool({ workers: 2, inlineBelow: 0 });
    const batches: string[][] = [];
    try {
      const results = await pool.parse(jobs, undefined, (batch) => batches.push(batch.map((r) => r.oid)));
      expect(batches.length).toBeGreaterThan(1);
      expect(batches.flat().sort()).toEqual(results.map((r) => r.oid).sort());
      expect(batches.flat().sort()).toEqual(jobs.map((j) => j.oid).sort());
    } finally {
      await pool.close();
    }
  }, 60_000);
});
