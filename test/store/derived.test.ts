// backends: SQLite, and PostgreSQL in the domain-postgres project.
// What is derived from blobs, saved by the batch (an import saves its parse records and search sections that way):
// the same records and the same search results as one at a time, and a batch replaces what was there.
import { describe, expect, it } from 'vitest';
import type { SearchSectionInput } from '../../src/model/index.js';
import { testStore } from '../helpers/store.js';

const oid = (n: number) => n.toString(16).padStart(40, '0');
const section = (heading: string, text: string, anchor: string | null = null): SearchSectionInput => ({ heading, text, anchor });

describe('derived records by the batch', () => {
  it('saves parse records, more than a statement holds, and replaces them when saved again', async () => {
    const store = await testStore();
    const records = Array.from({ length: 250 }, (_, n) => ({ oid: oid(n), data: { title: `Page ${n}`, links: [n] } }));
    await store.parsed.putMany(records, 7);
    const read = await store.parsed.getMany<{ title: string }>(
      records.map((r) => r.oid),
      7,
    );
    expect(read.size).toBe(250);
    expect(read.get(oid(249))).toEqual({ title: 'Page 249', links: [249] });
    await store.parsed.putMany([{ oid: oid(3), data: { title: 'Renamed' } }], 7);
    expect(await store.parsed.get(oid(3), 7)).toEqual({ title: 'Renamed' });
    expect(await store.parsed.get(oid(3), 8)).toBeUndefined();
    await store.parsed.putMany([], 7);
    await store.close();
  });

  it('prunes the records of every other version, and only those', async () => {
    const store = await testStore();
    for (const version of [6, 7, 8])
      await store.parsed.putMany(
        [0, 1, 2].map((n) => ({ oid: oid(n), data: { version }, body: Uint8Array.of(version) })),
        version,
      );
    expect(await store.parsed.prune(7)).toBe(6);
    expect(await store.parsed.prune(7)).toBe(0);
    expect([...(await store.parsed.getMany([oid(0), oid(1), oid(2)], 7)).values()]).toEqual([{ version: 7 }, { version: 7 }, { version: 7 }]);
    expect([...(await store.parsed.bodies([oid(0)], 7)).get(oid(0))!]).toEqual([7]);
    for (const version of [6, 8]) expect((await store.parsed.known([oid(0), oid(1), oid(2)], version)).size).toBe(0);
    await store.close();
  });

  it('keeps a parsed body with its record, as bytes, read back by the batch; saved again without one, it has none', async () => {
    const store = await testStore();
    const bodyOf = (n: number) => Uint8Array.from({ length: 300 + n }, (_, i) => (i * 7 + n) % 256); // every byte value
    const records = Array.from({ length: 250 }, (_, n) => ({ oid: oid(n), data: { title: `Page ${n}` }, ...(n % 5 ? { body: bodyOf(n) } : {}) }));
    await store.parsed.putMany(records, 7);
    const bodies = await store.parsed.bodies([...records.map((r) => r.oid), oid(999)], 7);
    expect(bodies.size).toBe(200);
    expect(Buffer.from(bodies.get(oid(249))!).equals(bodyOf(249))).toBe(true);
    expect(bodies.has(oid(5))).toBe(false);
    expect((await store.parsed.bodies([oid(1)], 8)).size).toBe(0);
    await store.parsed.putMany([{ oid: oid(1), data: { title: 'Renamed' } }], 7);
    expect((await store.parsed.bodies([oid(1), oid(2)], 7)).has(oid(1))).toBe(false);
    expect(await store.parsed.get(oid(1), 7)).toEqual({ title: 'Renamed' });
    await store.close();
  });

  it('indexes the sections of many pages at once, replacing those of pages indexed before', async () => {
    const store = await testStore();
    await store.search.index(oid(1), 1, [section('Old heading', 'obsolete words here')]);
    await store.search.indexMany(
      [
        { oid: oid(1), sections: [section('Install', 'run the installer', 'install')] },
        { oid: oid(2), sections: [section('Configure', 'edit the installer settings'), section('Deploy', 'ship it', 'deploy')] },
        { oid: oid(3), sections: [] },
      ],
      2,
    );
    const oids = [oid(1), oid(2), oid(3)];
    expect(await store.search.search(['obsolete'], oids, 10)).toEqual([]);
    const hits = await store.search.search(['installer'], oids, 10);
    expect(hits.map((hit) => [hit.oid, hit.heading]).sort()).toEqual([
      [oid(1), 'Install'],
      [oid(2), 'Configure'],
    ]);
    expect((await store.search.search(['ship'], oids, 10))[0]).toMatchObject({ oid: oid(2), anchor: 'deploy' });
    for (const n of [1, 2, 3]) expect(await store.search.isIndexed(oid(n), 2)).toBe(true);
    expect(await store.search.isIndexed(oid(1), 1)).toBe(false);
    await store.close();
  });
});
