import { createHash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromColumns,
  SEARCH_DIR,
  SEARCH_FILE,
  SEARCH_MANIFEST,
  type SearchDoc,
  SearchIndexBuilder,
  type SearchOutput,
  searchTerms,
  sectionWeights,
  TOP,
  toColumns,
} from '../../src/site/search-index.js';
import { memoryEngine, pagesOf, quireSearch } from './search.js';

/** A page's documents as the build makes them: the intro under the page title, then a section per heading. */
const page = (key: string, title: string, sections: Array<[heading: string, text: string]>): SearchDoc[] =>
  sections.map(([heading, text], i) => ({
    id: `${key}#${i}`,
    title,
    heading: i === 0 ? title : heading,
    text,
    url: i === 0 ? `/${key}/` : `/${key}/#${heading.toLowerCase().replace(/\s+/g, '-')}`,
  }));

const indexOf = (docs: SearchDoc[]) => {
  const builder = new SearchIndexBuilder();
  builder.add(pagesOf(docs));
  return builder.finish();
};

const results = async (output: SearchOutput, query: string) => {
  const engine = memoryEngine(output);
  return engine.details(await engine.search(query, 20));
};

describe('the sharded search index', () => {
  it('splits big shards by one more letter, and a query loads only the shards of its terms', async () => {
    // 3,000 distinct "sy…" terms: far more than one shard holds.
    const docs = Array.from({ length: 300 }, (_, p) =>
      page(`p${p}`, `Page ${p}`, [['', Array.from({ length: 10 }, (_, i) => `sy${(p * 10 + i).toString(36)}word common`).join(' ')]]),
    ).flat();
    const output = indexOf(docs);
    const manifest = JSON.parse(output.manifest);
    const keys = Object.keys(manifest.shards);
    expect(keys.filter((k) => k.startsWith('sy')).length).toBeGreaterThan(3);
    expect(keys.every((k) => k.length <= 6)).toBe(true);
    // Every file named by its contents, and the manifest names the shards, vocabularies and blocks among them.
    for (const [name, content] of output.write) expect(name).toBe(`${createHash('sha256').update(content).digest('hex').slice(0, 12)}.json`);
    const names = new Set(output.write.map(([name]) => name.slice(0, 12)));
    for (const hash of [...Object.values(manifest.shards), ...Object.values(manifest.vocab), ...manifest.blocks]) expect(names.has(hash as string)).toBe(true);

    const loaded: string[] = [];
    const files = new Map(output.write.map(([name, content]) => [`${SEARCH_DIR}${name}`, content]));
    files.set(SEARCH_MANIFEST, output.manifest);
    const engine = new (quireSearch().Engine)(async (name) => {
      loaded.push(name);
      return JSON.parse(files.get(name)!);
    });
    const term = `sy${(1234).toString(36)}word`;
    const hits = await engine.search(term);
    // The page that has the word first (then those with a word one letter off: a typo forgiven).
    expect(hits[0]).toMatchObject({ page: 123, section: 0, words: [term] });
    const shardsLoaded = loaded.filter((name) => Object.values(manifest.shards).includes(name.slice(SEARCH_DIR.length, -5)));
    expect(shardsLoaded.length).toBeGreaterThan(0);
    expect(shardsLoaded.length).toBeLessThan(keys.length / 2);
    expect(await engine.search('common')).toHaveLength(20);
    expect(loaded.filter((name) => name.endsWith(`${manifest.shards.co}.json`))).toHaveLength(1);
    expect((await engine.details(hits))[0]).toMatchObject({ title: 'Page 123', url: '/p123/' });
  });

  it('keeps the best sections of a very common term, and counts them all', async () => {
    const docs = Array.from({ length: TOP + 200 }, (_, p) => page(`p${p}`, p % 100 === 0 ? `Common ${p}` : `Page ${p}`, [['', 'common words here']])).flat();
    const output = indexOf(docs);
    const manifest = JSON.parse(output.manifest);
    const shard = JSON.parse(new Map(output.write).get(`${manifest.shards.co}.json`)!);
    expect(shard.common[0]).toBe(TOP + 200);
    expect((shard.common.length - 1) / 3).toBe(TOP);
    // The titled pages are among those kept, and first.
    const found = await results(output, 'common');
    expect(found.slice(0, 12).map((r) => r.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Common ${i * 100}`));
  });

  it('forgives a typo in a word of five letters, two in one of nine, none in a short word', async () => {
    const docs = [
      ...page('sync', 'Sync', [['', 'How the repository is kept in step with the space.']]),
      ...page('merge', 'Merging', [['', 'Resolve conflicts before the merge.']]),
      ...page('perm', 'Access', [['', 'Every permission is granted per organization.']]),
      ...page('other', 'Other', [['', 'Nothing to see.']]),
    ];
    const output = indexOf(docs);
    const urls = async (query: string) => (await results(output, query)).map((r) => r.url);
    expect(await urls('mrege')).toEqual(['/merge/']); // swapped letters
    expect(await urls('merhe')).toEqual(['/merge/']); // one wrong
    expect(await urls('repositry')).toEqual(['/sync/']); // one missing
    expect(await urls('permisison')).toEqual(['/perm/']); // swapped, long word
    expect(await urls('orgnaisation')).toEqual(['/perm/']); // two typos, 12 letters
    expect(await urls('sapce')).toEqual(['/sync/']);
    expect(await urls('sapc')).toEqual([]); // four letters: no typo allowed
    expect(await urls('mrgxx')).toEqual([]); // three typos
    // The typo in the first letter: wrong, missing, added, or swapped with the second.
    expect(await urls('nerge')).toEqual(['/merge/']);
    expect(await urls('ermission')).toEqual(['/perm/']);
    expect(await urls('xrepository')).toEqual(['/sync/']);
    expect(await urls('rganization')).toEqual(['/perm/']);
    expect(await urls('epositroy')).toEqual(['/sync/']); // two typos, the first letter one of them
    // The exact word ranks above a near one.
    const near = indexOf([...page('a', 'A', [['', 'the spaces here']]), ...page('b', 'B', [['', 'the space here']])]);
    expect((await results(near, 'space')).map((r) => r.url)).toEqual(['/b/', '/a/']);
  });

  it('ranks a title above a heading above the body, and prefers sections matching every term', async () => {
    const docs = [
      ...page('body', 'Elsewhere', [['', 'Tokens tokens tokens: a token is mentioned many times, token after token.']]),
      ...page('heading', 'Security', [
        ['', 'Intro.'],
        ['API token', 'Create one in the settings.'],
      ]),
      ...page('title', 'Token', [['', 'What this is.']]),
      ...page('both', 'Revoke', [['', 'Revoke a token of a member.']]),
    ];
    const output = indexOf(docs);
    expect((await results(output, 'token')).map((r) => r.url)).toEqual(['/title/', '/heading/#api-token', '/body/', '/both/']);
    expect((await results(output, 'token member')).map((r) => r.url)[0]).toBe('/both/');
    // A prefix finds the words it begins, below the exact word.
    expect((await results(output, 'tok')).map((r) => r.url)).toContain('/body/');
  });

  it('marks the words that matched, in an excerpt around the first match', async () => {
    const text = `${'Filler words come first. '.repeat(20)}Then the merge happens, and merging again. ${'More filler. '.repeat(20)}`;
    const output = indexOf(page('m', 'Merge guide', [['', text]]));
    const [hit] = await results(output, 'merge');
    expect(hit!.words).toEqual(['merge']);
    const runs = quireSearch().highlight(hit!.text, hit!.words, true, 160);
    expect(runs.filter(([, marked]) => marked).map(([t]) => t)).toEqual(['merge']);
    const shown = runs.map(([t]) => t).join('');
    expect(shown.startsWith('… ')).toBe(true);
    expect(shown.endsWith(' …')).toBe(true);
    expect(shown.length).toBeLessThan(170);
    expect(shown).toContain('Then the merge happens');
    // A typo's match is marked as the word the index has, whatever its case and accents.
    const accents = indexOf(page('c', 'Café', [['', 'The CAFÉ menu.']]));
    const [cafe] = await results(accents, 'cafe');
    expect(quireSearch().highlight(cafe!.text, cafe!.words, true, 160)).toEqual([
      ['The ', false],
      ['CAFÉ', true],
      [' menu.', false],
    ]);
    expect(quireSearch().highlight('Title of merging', ['merging'], false, 200)).toEqual([
      ['Title of ', false],
      ['merging', true],
    ]);
  });

  it('tokenizes as the client does', () => {
    const samples = ['Crème brûlée, naïve café', 'snake_case and kebab-case v1.2.3', 'Straße ΑΒΓ 東京 x'.repeat(3), `a${'b'.repeat(50)} short`];
    for (const sample of samples) expect(quireSearch().terms(sample)).toEqual(searchTerms(sample));
  });

  it('tokenizes ASCII text as the client does (its own quick path), and text with a character past it', () => {
    const client = quireSearch();
    const ascii = fc.string({ unit: 'binary-ascii', maxLength: 80 });
    fc.assert(
      fc.property(ascii, fc.constantFrom('', 'é', 'İ', 'ß', '\u212a'), (text, other) => {
        expect(searchTerms(text)).toEqual(client.terms(text));
        expect(searchTerms(text + other)).toEqual(client.terms(text + other));
      }),
      { numRuns: 3000 },
    );
    expect(searchTerms(`Z${'y'.repeat(70)} AbC9 x_y`)).toEqual(client.terms(`Z${'y'.repeat(70)} AbC9 x_y`));
  });

  it('stores every term of every section, in page order, with its weight', () => {
    const words = ['sync', 'merge', 'deploy', 'token', 'page', 'commit', 'revert', 'branch'];
    const section = fc.tuple(fc.constantFrom(...words), fc.array(fc.constantFrom(...words), { maxLength: 12 }));
    const pageArb = fc.tuple(fc.constantFrom(...words), fc.array(section, { minLength: 1, maxLength: 4 }));
    fc.assert(
      fc.property(fc.array(pageArb, { minLength: 1, maxLength: 12 }), (pages) => {
        const docs = pages.flatMap(([title, sections], p) =>
          page(
            `p${p}`,
            title,
            sections.map(([heading, text]) => [heading, text.join(' ')]),
          ),
        );
        const output = indexOf(docs);
        const shards = new Map(output.write.map(([name, content]) => [name.slice(0, 12), content]));
        const stored: Record<string, number[]> = {};
        for (const hash of Object.values(JSON.parse(output.manifest).shards)) Object.assign(stored, JSON.parse(shards.get(hash as string)!));
        // Each term's sections, counted, then (page delta, section, weight) in page order: made here the obvious way.
        const expected: Record<string, number[]> = {};
        const last: Record<string, number> = {};
        docs.forEach((doc) => {
          const [key, at] = doc.id.split('#') as [string, string];
          const n = Number(key.slice(1));
          for (const [term, weight] of sectionWeights(doc, Number(at))) {
            (expected[term] ??= [0]).push(n - (last[term] ?? 0), Number(at), weight);
            expected[term]![0]!++;
            last[term] = n;
          }
        });
        expect(stored).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('gives a title hit its weight on the intro only, and a heading its weight on its section', () => {
    const [intro, section] = page('p', 'Sync guide', [
      ['', 'Body text.'],
      ['Merge rules', 'More body.'],
    ]);
    expect(sectionWeights(intro!, 0).get('sync')).toBeGreaterThanOrEqual(60);
    expect(sectionWeights(section!, 1).get('sync')).toBeUndefined();
    expect(sectionWeights(section!, 1).get('merge')).toBeGreaterThanOrEqual(40);
    expect(sectionWeights(section!, 1).get('body')).toBeLessThan(25);
  });
});

describe('the client engine', () => {
  it('reads the manifest again after a reset, when the site was rebuilt under it', async () => {
    const disk = new Map<string, string>();
    const write = (output: SearchOutput) => {
      disk.clear();
      for (const [name, content] of output.write) disk.set(`${SEARCH_DIR}${name}`, content);
      disk.set(SEARCH_MANIFEST, output.manifest);
    };
    const engine = new (quireSearch().Engine)(async (name) => {
      const text = disk.get(name);
      if (text === undefined) throw new Error(`404 ${name}`);
      return JSON.parse(text);
    });
    write(indexOf(page('a', 'Alpha', [['', 'First words.']])));
    expect(await engine.search('first')).toHaveLength(1);
    write(indexOf(page('a', 'Beta', [['', 'Second words.']])));
    // The manifest read before names a shard the rebuild removed.
    await expect(engine.search('alpha')).rejects.toThrow(/404/);
    engine.reset();
    expect(await engine.search('alpha')).toEqual([]);
    const hits = await engine.search('second');
    expect((await engine.details(hits)).map((r) => r.text)).toEqual(['Second words.']);
  });
});

describe('words that are names of Object properties', () => {
  it('are searched like any other', async () => {
    const output = indexOf([
      ...page('a', 'Constructor', [['', 'The constructor and __proto__ and toString.']]),
      ...page('b', 'Other', [['', 'hasOwnProperty']]),
    ]);
    for (const [query, url] of [
      ['constructor', '/a/'],
      ['__proto__', '/a/'],
      ['tostring', '/a/'],
      ['hasownproperty', '/b/'],
    ] as const)
      expect(
        (await results(output, query)).map((r) => r.url),
        query,
      ).toEqual([url]);
  });
});

describe('fragments written as their pages come (spill)', () => {
  const site = (edited = -1) =>
    Array.from({ length: 40 }, (_, p) =>
      page(`p${p}`, `Page ${p}`, [
        ['', p === edited ? 'Rewritten with zebra.' : `Common words and token${p}.`],
        ['Details', `More about item${p % 7}.`],
      ]),
    ).flat();
  /** Adds `docs` in batches, spilling after each; the files spilled and those `finish` wrote, by name. */
  const build = (builder: SearchIndexBuilder, docs: SearchDoc[], onDisk: string | null, write = (_name: string) => {}) => {
    const spilled = new Map<string, string>();
    builder.prepare(onDisk);
    const pages = pagesOf(docs);
    for (let i = 0; i < pages.length; i += 16) {
      builder.add(pages.slice(i, i + 16));
      builder.spill((name, content) => {
        write(name);
        spilled.set(name, content);
      });
    }
    const output = builder.finish(onDisk);
    return { output, spilled, files: new Map([...spilled, ...output.write]) };
  };

  it('hands over every fragment once, and finish the rest: together the files a fresh index writes', () => {
    const builder = new SearchIndexBuilder();
    const { output, spilled, files } = build(builder, site(), null);
    const fresh = indexOf(site());
    expect(output.manifest).toBe(fresh.manifest);
    expect(files).toEqual(new Map(fresh.write));
    expect(spilled.size).toBe(40);
    expect(output.write.some(([name]) => spilled.has(name))).toBe(false);
    expect(new Set(builder.fileNames())).toEqual(new Set(fresh.write.map(([name]) => name)));
  });

  it('spills only a changed page over its own index, and everything again over another folder', () => {
    const builder = new SearchIndexBuilder();
    const first = build(builder, site(), null);
    const edited = build(builder, site(3), first.output.manifest);
    expect(edited.spilled.size).toBe(1);
    expect(edited.output.manifest).toBe(indexOf(site(3)).manifest);
    // Another folder (emptied, or another index): the pages whose fragments were let go are made again from their documents.
    for (const onDisk of [null, 'x']) {
      const again = build(builder, site(3), onDisk);
      expect(again.files, String(onDisk)).toEqual(new Map(indexOf(site(3)).write));
    }
  });

  it("leaves the last build's pages whole, so a build that failed after spilling one breaks no later build", () => {
    const builder = new SearchIndexBuilder();
    const disk = new Map<string, string>();
    let manifest: string | null = null;
    const run = (docs: SearchDoc[], sig = '', { fail = false, spill = true } = {}) => {
      builder.prepare(manifest, new Set(disk.keys()));
      builder.add(pagesOf(docs).map((p) => ({ ...p, sig: sig + p.sig })));
      if (spill) builder.spill((name, content) => void disk.set(name, content));
      if (fail) return builder.abandon();
      const output = builder.finish(manifest);
      for (const name of output.remove ?? []) disk.delete(name);
      for (const [name, content] of output.write) disk.set(name, content);
      manifest = output.manifest;
    };
    // Pages that keep their fragments (built without spilling: as when a write failed); one fragment removed by hand.
    run(site(), '', { spill: false });
    const fragment = [...disk.keys()].find((name) => disk.get(name)!.includes('"/p3/"'))!;
    disk.delete(fragment);
    run(site(), '', { fail: true });
    expect(disk.has(fragment)).toBe(true);
    for (const [sig, docs] of [
      ['', site()],
      ['', site()],
      ['v2', site()],
      ['v2', site(5)],
    ] as const) {
      run(docs, sig);
      expect(manifest).toBe(indexOf(docs).manifest);
      expect(new Map([...disk].filter(([name]) => SEARCH_FILE.test(name)))).toEqual(new Map(indexOf(docs).write));
    }
  });

  it('stops at a fragment that cannot be written, and leaves it to finish', () => {
    let calls = 0;
    const { output, spilled } = build(new SearchIndexBuilder(), site(), null, () => {
      if (++calls === 5) throw new Error('disk full');
    });
    expect(spilled.size).toBe(4);
    const fresh = new Map(indexOf(site()).write);
    expect(new Map([...spilled, ...output.write])).toEqual(fresh);
    expect(output.write).toHaveLength(fresh.size - 4);
  });
});

describe('a snapshot of the builder, restored in another process', () => {
  const site = (edit?: { page: number; text: string }) =>
    Array.from({ length: 300 }, (_, p) =>
      page(`p${p}`, `Page ${p}`, [
        ['', edit?.page === p ? edit.text : `Common words and token${p}.`],
        ['Details', `More about item${p % 17} and sync.`],
      ]),
    ).flat();
  /** The output folder after a build: every file of the index, by name. */
  const folder = (output: SearchOutput, before = new Map<string, string>()) => {
    const files = new Map(before);
    for (const name of output.remove ?? [...files.keys()]) files.delete(name);
    for (const [name, content] of output.write) files.set(name, content);
    return files;
  };

  it('re-indexes only the pages whose signature changed, and gives the files a fresh index would', async () => {
    const first = new SearchIndexBuilder();
    first.add(pagesOf(site()));
    const built = first.finish();
    const restored = SearchIndexBuilder.restore(first.snapshot())!;
    const edited = site({ page: 120, text: 'Rewritten with zebra and common words.' });
    restored.prepare(built.manifest);
    restored.add(pagesOf(edited));
    const rebuilt = restored.finish(built.manifest);
    const fresh = indexOf(edited);
    expect(rebuilt.manifest).toBe(fresh.manifest);
    expect(folder(rebuilt, folder(built))).toEqual(folder(fresh));
    expect(rebuilt.write.length).toBeLessThan(fresh.write.length / 10);
    expect((await results(fresh, 'zebra')).map((r) => r.url)).toEqual(['/p120/']);

    // Restored again from the restored one's snapshot: still complete.
    const again = SearchIndexBuilder.restore(restored.snapshot())!;
    again.prepare(rebuilt.manifest);
    again.add(pagesOf(site()));
    const back = again.finish(rebuilt.manifest);
    expect(folder(back, folder(rebuilt, folder(built)))).toEqual(folder(built));
  });

  it('gives the files a fresh index would when a few pages or many changed (looked up two ways)', () => {
    const first = new SearchIndexBuilder();
    first.add(pagesOf(site()));
    const built = first.finish();
    for (const changed of [[0, 7, 299], Array.from({ length: 40 }, (_, i) => i * 7)]) {
      const edited = Array.from({ length: 300 }, (_, p) =>
        page(`p${p}`, `Page ${p}`, [
          ['', changed.includes(p) ? `Rewritten ${p} with zebra${p % 3}.` : `Common words and token${p}.`],
          ['Details', `More about item${p % 17} and sync.`],
        ]),
      ).flat();
      const restored = SearchIndexBuilder.restore(first.snapshot())!;
      restored.prepare(built.manifest);
      restored.add(pagesOf(edited));
      const rebuilt = restored.finish(built.manifest);
      const fresh = indexOf(edited);
      expect(rebuilt.manifest, `${changed.length} pages changed`).toBe(fresh.manifest);
      expect(folder(rebuilt, folder(built))).toEqual(folder(fresh));
    }
  });

  it('starts over from the documents over another output folder, and renumbers the pages when one is added', () => {
    const first = new SearchIndexBuilder();
    first.add(pagesOf(site()));
    const built = first.finish();
    const snapshot = first.snapshot();
    for (const [name, onDisk, docs, before] of [
      ['an empty folder', null, site(), new Map<string, string>()],
      ['another index', 'x', site(), new Map<string, string>()],
      ['a page added', built.manifest, [...site(), ...page('p300', 'Page 300', [['', 'New.']])], folder(built)],
    ] as const) {
      const restored = SearchIndexBuilder.restore(snapshot)!;
      restored.prepare(onDisk);
      restored.add(pagesOf(docs));
      const output = restored.finish(onDisk);
      const fresh = indexOf([...docs]);
      expect(output.manifest, name).toBe(fresh.manifest);
      expect(folder(output, before), name).toEqual(folder(fresh));
    }
  });

  it('takes the pages it has without their documents, by their signatures, when it made the index on disk', () => {
    const first = new SearchIndexBuilder();
    first.add(pagesOf(site()));
    const built = first.finish();
    const restored = SearchIndexBuilder.restore(first.snapshot())!;
    restored.prepare(built.manifest);
    expect(restored.signatures(null)).toBeNull();
    expect(restored.signatures('another manifest')).toBeNull();
    const signatures = new Map(restored.signatures(built.manifest));
    expect(signatures.size).toBe(300);
    // One page edited, one added, one gone; the others come by signature alone.
    const edited = [...site({ page: 42, text: 'A platypus now.' }), ...page('p300', 'Page 300', [['', 'New wombat.']])].filter((d) => !d.id.startsWith('p7#'));
    restored.add(pagesOf(edited).map((p) => (signatures.get(p.key) === p.sig ? { ...p, docs: null } : p)));
    const output = restored.finish(built.manifest);
    const fresh = indexOf(edited);
    expect(output.manifest).toBe(fresh.manifest);
    expect(folder(output, folder(built))).toEqual(folder(fresh));

    // A page it does not have cannot come without its documents.
    const other = SearchIndexBuilder.restore(first.snapshot())!;
    other.prepare(built.manifest);
    expect(() => other.add([{ key: 'p1', sig: 'another', docs: null }])).toThrow(
      'search index: the documents of p1 were not sent, and the index does not have them',
    );
    // Nor over another folder than the one it made: it starts over there, and has no page.
    const elsewhere = SearchIndexBuilder.restore(first.snapshot())!;
    elsewhere.prepare(null);
    expect(elsewhere.signatures(null)).toBeNull();
    expect(() => elsewhere.add([{ key: 'p0', sig: pagesOf(site())[0]!.sig, docs: null }])).toThrow(/the documents of p0 were not sent/);
  });

  it('keeps postings in the narrowest columns they fit, and gives them back as they were', () => {
    const narrow = Int32Array.from([0, 0, 1, 7, 3, 255, 65_535, 65_535, 60]);
    const wide = Int32Array.from([0, 0, 1, 70_000, 65_536, 256, 100_000, 3, 2]);
    const small = toColumns([narrow.subarray(0, 3), [], narrow.subarray(3)], 65_536 - 1);
    expect([small.pages, small.sections, small.weights].map((c) => c.BYTES_PER_ELEMENT)).toEqual([2, 2, 1]);
    expect(fromColumns(small)).toEqual(narrow);
    const big = toColumns([wide], 100_001);
    expect([big.pages, big.sections, big.weights].map((c) => c.BYTES_PER_ELEMENT)).toEqual([4, 4, 2]);
    expect(fromColumns(big)).toEqual(wide);
  });

  it('after an edit holds the postings a fresh index would, the unchanged terms copied from the snapshot restored', () => {
    const postings = (snapshot: Buffer) => {
      const { terms, offsets, columns } = deserialize(snapshot) as { terms: string[]; offsets: Uint32Array; columns: Parameters<typeof fromColumns>[0] };
      const triples = fromColumns(columns);
      return new Map(terms.map((term, i) => [term, Array.from(triples.subarray(offsets[i]! * 3, offsets[i + 1]! * 3))]));
    };
    const first = new SearchIndexBuilder();
    first.add(pagesOf(site()));
    let onDisk = first.finish().manifest;
    let snapshot = first.snapshot();
    // Each edit on the last one's restored snapshot: a term gone, a term new, postings moved within a term.
    for (const [p, text] of [
      [120, 'Rewritten with zebra and common words.'],
      [0, 'Zebra zebra first.'],
      [299, 'token299 token299 and sync sync sync.'],
    ] as const) {
      const edited = site({ page: p, text });
      const restored = SearchIndexBuilder.restore(snapshot)!;
      restored.prepare(onDisk);
      restored.add(pagesOf(edited));
      onDisk = restored.finish(onDisk).manifest;
      snapshot = restored.snapshot();
      const fresh = new SearchIndexBuilder();
      fresh.add(pagesOf(edited));
      fresh.finish();
      expect(postings(snapshot), `page ${p} edited`).toEqual(postings(fresh.snapshot()));
    }
  });

  it('copies the columns of postings left as they were restored at their widths, and packs the others', () => {
    const wide = Int32Array.from([0, 70_000, 3, 1, 2, 300, 4, 5, 6]);
    const columns = toColumns([wide], 65_536 - 1);
    const triples = fromColumns(columns);
    const kept = [triples.subarray(6, 9), triples.subarray(0, 6)];
    const packed = toColumns([kept[0]!, [9, 1, 1], kept[1]!], 65_536 - 1, { columns, triples });
    expect([packed.pages, packed.sections, packed.weights].map((c) => c.BYTES_PER_ELEMENT)).toEqual([2, 4, 2]);
    expect(Array.from(fromColumns(packed))).toEqual([4, 5, 6, 9, 1, 1, 0, 70_000, 3, 1, 2, 300]);
    // A new list too wide for the source's columns widens them.
    const narrow = toColumns([Int32Array.from([0, 1, 2])], 10);
    const small = fromColumns(narrow);
    const widened = toColumns([small, [1, 80_000, 500]], 10, { columns: narrow, triples: small });
    expect([widened.pages, widened.sections, widened.weights].map((c) => c.BYTES_PER_ELEMENT)).toEqual([2, 4, 2]);
    expect(Array.from(fromColumns(widened))).toEqual([0, 1, 2, 1, 80_000, 500]);
  });

  it('is not read when it is not one', () => {
    expect(SearchIndexBuilder.restore(Buffer.from('not a snapshot'))).toBeNull();
    expect(SearchIndexBuilder.restore(serialize({ format: 0 }))).toBeNull();
  });
});
