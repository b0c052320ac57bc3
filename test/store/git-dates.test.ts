// backends: SQLite, and PostgreSQL in the domain-postgres project.
// The git-date cache: dates by commit, replaced when saved again, the latest rows kept.
import { describe, expect, it } from 'vitest';
import { testStore } from '../helpers/store.js';

const oid = (n: number) => n.toString(16).padStart(40, '0');

describe('GitDatesRepo', () => {
  it('saves, replaces and reads the dates of a commit, by version', async () => {
    const store = await testStore();
    await store.gitDates.put(oid(1), 1, { 'a.md': 100 });
    await store.gitDates.put(oid(1), 1, { 'a.md': 100, 'b.md': 200 });
    expect(await store.gitDates.get(oid(1), 1)).toEqual({ 'a.md': 100, 'b.md': 200 });
    expect(await store.gitDates.get(oid(1), 2)).toBeUndefined();
    expect(await store.gitDates.commits(1)).toEqual([oid(1)]);
  });

  it('keeps the 64 commits saved last', async () => {
    const store = await testStore();
    for (let n = 1; n <= 70; n++) await store.gitDates.put(oid(n), 1, { 'a.md': n });
    await store.gitDates.put(oid(3), 1, { 'a.md': 3 }); // saved again: among the latest now
    const kept = await store.gitDates.commits(1);
    expect(kept).toHaveLength(64);
    expect(kept).toContain(oid(3));
    expect(kept).toContain(oid(70));
    expect(kept).not.toContain(oid(7));
    expect(kept).toContain(oid(8));
  });
});
