/**
 * The offline search index of a site space, in files the browser loads as a query needs them (the way Pagefind
 * does): `search-index.json`, a small manifest, names the other files under `_search/`, each named by its contents.
 *
 * - Shards: the postings of the terms that start with a key (two letters, one more while a shard is too big), per
 *   term its section count and its best TOP sections (page, section, weight), pages delta-coded.
 * - Vocabularies: per first letter, the terms of 4+ letters, for typo tolerance (the client finds the terms near a
 *   query's, then loads their shards); and per second letter (`vocab2`), for a typo in the first letter, read only
 *   when the first letter's found nothing.
 * - Blocks: per BLOCK pages, the names of their fragments; a fragment holds a page's title, URL and sections' text,
 *   for the results shown (titles, excerpts, highlights).
 *
 * A page is numbered by its place in the index. A builder filled again for the next build re-indexes the pages that
 * changed (by their signature: the page's render key), and only the files whose contents changed get new names: a
 * one-page body edit rewrites the page's fragment, its block and the shards of the terms whose weights changed. A
 * fresh process does the same from the builder's snapshot. templates/search.js reads these files.
 */
import { createHash } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';

export interface SearchDoc {
  id: string;
  title: string;
  heading: string;
  text: string;
  url: string;
}

/** A page's documents, and what they are made from (`sig`): equal signatures, equal documents. */
export interface SearchPage {
  key: string;
  sig: string;
  /** Null: the builder has this page of this signature already (`SearchIndexBuilder.signatures`). */
  docs: readonly SearchDoc[] | null;
}

/** The files of one index: the manifest, the files to write, and those of the last build to remove. */
export interface SearchOutput {
  manifest: string;
  write: Array<[string, string]>;
  /** Null when `write` holds every file of the index: any other index file in the folder is stale. */
  remove: string[] | null;
}

export const SEARCH_MANIFEST = 'search-index.json';
export const SEARCH_DIR = '_search/';
/** What an index file is named: 12 hex digits of its SHA-256. */
export const SEARCH_FILE = /^[0-9a-f]{12}\.json$/;
/** Pages per block of fragment names. */
const BLOCK = 256;
/** Postings kept per term: the best sections; a very common word is found through its best TOP sections. */
export const TOP = 1000;
/** A shard larger than this splits by one more letter of its terms. */
const SHARD_BYTES = 24_000;
const MAX_KEY = 6;
const MAX_TERM = 40;
/** Text kept per section in a fragment, for excerpts. */
const FRAGMENT_TEXT = 4000;
/** Weights: a title term, a heading term, and the body's (saturated term frequency) at most ~22. */
const TITLE = 60;
const HEADING = 40;
const MAX_WEIGHT = 255;

/** The search terms of a text: runs of letters and digits, lowercased, accents removed. templates/search.js has the same. */
export function searchTerms(text: string): string[] {
  // ASCII text (most): its letters and digits are [A-Za-z0-9], lowercased by the text's own `toLowerCase`.
  const ascii = ASCII.test(text);
  const words = (ascii ? text.toLowerCase().match(/[a-z0-9]+/g) : text.match(/[\p{L}\p{N}]+/gu)) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    const term = ascii ? word : normalizeTerm(word);
    if (term && term.length <= MAX_TERM) terms.push(term);
  }
  return terms;
}

const ASCII = /^[\x00-\x7f]*$/;
/** Lowercased, accents removed; an ASCII word needs no decomposition (most words: the fast path). */
function normalizeTerm(word: string): string {
  return ASCII.test(word)
    ? word.toLowerCase()
    : word
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
}

/** The first `n` code points of a term. */
const head = (term: string, n: number) => Array.from(term).slice(0, n).join('');
/** A term's second code point ('' for a one-letter term). */
const second = (term: string) => Array.from(term)[1] ?? '';

/** A section's weight per term: title (intro only), heading, and BM25's saturated frequency in the text. */
export function sectionWeights(doc: SearchDoc, section: number): Map<string, number> {
  const weights = new Map<string, number>();
  const text = searchTerms(doc.text);
  const tf = new Map<string, number>();
  for (const term of text) tf.set(term, (tf.get(term) ?? 0) + 1);
  const norm = 1.2 * (0.25 + (0.75 * text.length) / 200);
  for (const [term, n] of tf) weights.set(term, Math.max(1, Math.round((10 * (n * 2.2)) / (n + norm))));
  const bonus = (terms: string[], value: number) => {
    for (const term of new Set(terms)) weights.set(term, Math.min(MAX_WEIGHT, (weights.get(term) ?? 0) + value));
  };
  if (section === 0) bonus(searchTerms(doc.title), TITLE);
  if (section > 0 || doc.heading !== doc.title) bonus(searchTerms(doc.heading), HEADING);
  return weights;
}

interface IndexFile {
  name: string;
  /** Null for a file restored from a snapshot: the last build wrote it. */
  content: string | null;
}

/** Whether `batch` holds the same pages as `pages`, in the same order. */
function sameKeys(batch: readonly PageData[], pages: readonly PageData[]): boolean {
  return batch.length === pages.length && batch.every((p, i) => p.key === pages[i]!.key);
}

interface PageData {
  key: string;
  sig: string;
  sections: number;
  /** Its terms with their section, weight pairs; null for a page restored from a snapshot (they are in the postings). */
  terms: PageTerms | null;
  /** Null once its file is written: restored from a snapshot (the last build wrote it), or spilled by a build. */
  fragment: string | null;
  name: string;
}

const nameOf = (content: string) => `${createHash('sha256').update(content).digest('hex').slice(0, 12)}.json`;
const indexFile = (content: string): IndexFile => ({ name: nameOf(content), content });

/**
 * A page's terms, packed: term `i` is `names[i]`, its (section, weight) pairs `pairs[offsets[i]..offsets[i + 1]]`.
 * A Map of arrays per page took five times the memory: 10,000 pages are held at once.
 */
interface PageTerms {
  names: string[];
  offsets: Uint32Array;
  pairs: Uint32Array;
}

function packTerms(terms: ReadonlyMap<string, readonly number[]>, intern: (term: string) => string): PageTerms {
  const names: string[] = [];
  const offsets = new Uint32Array(terms.size + 1);
  let size = 0;
  for (const list of terms.values()) size += list.length;
  const pairs = new Uint32Array(size);
  let i = 0;
  for (const [term, list] of terms) {
    names.push(intern(term));
    pairs.set(list, offsets[i]!);
    offsets[i + 1] = offsets[i]! + list.length;
    i++;
  }
  return { names, offsets, pairs };
}

/** A page's terms as a Map, for comparing two versions of a page. */
function unpackTerms(terms: PageTerms): Map<string, Uint32Array> {
  return new Map(terms.names.map((term, i) => [term, terms.pairs.subarray(terms.offsets[i], terms.offsets[i + 1])]));
}

function pageData({ key, sig, docs }: SearchPage, intern: (term: string) => string): PageData {
  if (!docs) throw new Error(`search index: the documents of ${key} were not sent, and the index does not have them`);
  const terms = new Map<string, number[]>();
  docs.forEach((doc, section) => {
    for (const [term, weight] of sectionWeights(doc, section)) {
      let list = terms.get(term);
      if (!list) terms.set(term, (list = []));
      list.push(section, weight);
    }
  });
  const first = docs[0]!;
  const fragment = JSON.stringify({
    t: first.title,
    u: first.url,
    s: docs.map((d) => [d.heading, d.url, d.text.length > FRAGMENT_TEXT ? `${d.text.slice(0, FRAGMENT_TEXT)}…` : d.text]),
  });
  return { key, sig, sections: docs.length, terms: packTerms(terms, intern), fragment, name: nameOf(fragment) };
}

/** What `SearchIndexBuilder.snapshot` writes: a snapshot of another format is not read. */
const SNAPSHOT_FORMAT = 3;

interface Snapshot {
  format: number;
  pages: Array<[key: string, sig: string, sections: number, name: string]>;
  terms: string[];
  /** Term i's postings are `offsets[i]..offsets[i + 1]` of the columns: its triples' pages, sections and weights. */
  offsets: Uint32Array;
  columns: PostingColumns;
  entries: [string[], string[]];
  shards: Array<[string, Array<[string, string]>]>;
  vocab: Array<[string, string]>;
  vocab2: Array<[string, string]>;
  blocks: string[];
  files: string[];
  lastManifest: string | null;
}

/**
 * An index filled in page order, a batch of pages at a time. It can be filled again for the next build of the same
 * site: pages of the same signature as the last build's are kept, and so are the files whose contents did not change.
 * Its state can be saved (`snapshot`) and restored in another process, for the same gain.
 */
export class SearchIndexBuilder {
  /** This build's pages so far, indexed as they come: a page of the same signature as the last build's is that one. */
  private batch: PageData[] = [];
  /** The last build's pages by key, while pages are added. */
  private byKey: Map<string, PageData> | null = null;
  /** The output folder's manifest this build runs over (`prepare`). */
  private preparedFor: string | null | undefined;
  /** One string per term, whatever page it came from: the terms of the index, and those of this build's pages. */
  private vocabulary: Map<string, string> | null = new Map();
  private readonly intern = (term: string): string => {
    // Made again from the index's terms after a finish, when the next pages come (a fresh process never needs it).
    this.vocabulary ??= new Map([...this.postings.keys()].map((known) => [known, known]));
    const known = this.vocabulary.get(term);
    if (known !== undefined) return known;
    this.vocabulary.set(term, term);
    return term;
  };
  private pages: PageData[] = [];
  /** Per term: page, section, weight triples in page order (a view into a snapshot's until changed). */
  private postings = new Map<string, number[] | Int32Array>();
  /** The snapshot's postings those views are of: the next snapshot copies their columns rather than packing them again. */
  private source: PostingSource | null = null;
  private entries = new Map<string, string>();
  /** Per group of terms (their first two letters), its shards by key. */
  private shards = new Map<string, Map<string, IndexFile>>();
  private vocab = new Map<string, IndexFile>();
  /** The same terms by their second letter. */
  private vocab2 = new Map<string, IndexFile>();
  private blocks: IndexFile[] = [];
  /** The names of the last output's files. */
  private files = new Set<string>();
  private lastManifest: string | null = null;
  /** Some pages were restored without their terms and fragments: good only over the output it was taken of. */
  private restored = false;
  /** The fragments this build wrote as their pages came (`spill`), and how far into the batch it went. */
  private spilled = new Set<string>();
  private spilledUpTo = 0;
  private spilling = true;

  /**
   * Readies the builder for a build over the output folder whose manifest is `onDisk` and whose index files are
   * `present`. A restored builder that did not make that index starts over; one that did may take its pages without
   * their documents (`signatures`).
   */
  prepare(onDisk: string | null, present?: ReadonlySet<string>): void {
    if (this.restored && (onDisk === null || onDisk !== this.lastManifest)) this.reset();
    if (present && onDisk !== null && onDisk === this.lastManifest) this.forgetMissing(present);
    this.preparedFor = onDisk;
  }

  /** The names of every file of the index `finish` gave last. */
  fileNames(): string[] {
    return [...this.files];
  }

  /** Indexes pages, in order: their terms and fragment now, their documents left. */
  add(pages: readonly SearchPage[]): void {
    this.byKey ??= new Map(this.pages.map((p) => [p.key, p]));
    // A page whose fragment is only on disk (restored, or spilled) holds only over the index it was made with.
    const partialOk = this.preparedFor !== undefined && this.preparedFor === this.lastManifest;
    for (const page of pages) {
      if (page.docs !== null && !page.docs.length) continue;
      const known = this.byKey.get(page.key);
      this.batch.push(known && known.sig === page.sig && (known.fragment !== null || partialOk) ? known : pageData(page, this.intern));
    }
  }

  /**
   * The pages this builder has, with their signatures, when it made the index the output folder holds (`onDisk`):
   * a page of the same signature may then be added without its documents. Null when it did not.
   */
  signatures(onDisk: string | null): Array<[key: string, sig: string]> | null {
    return onDisk !== null && onDisk === this.lastManifest ? this.pages.map((p) => [p.key, p.sig]) : null;
  }

  /**
   * Hands the fragments of the pages added since the last call to `write` (its name, its content), and lets go of
   * those of the pages this build made: ten thousand pages' fragments are tens of megabytes, and written now they are
   * not left for the end of the build. A fragment of a file the output folder has (this builder's last index) is not
   * written. A page of the last build is left whole, as a build that fails must leave it. When `write` throws, this
   * build spills no more: `finish` gives the rest to write.
   */
  spill(write: (name: string, content: string) => void): void {
    const current = this.preparedFor != null && this.preparedFor === this.lastManifest;
    for (; this.spilling && this.spilledUpTo < this.batch.length; this.spilledUpTo++) {
      const page = this.batch[this.spilledUpTo]!;
      if (page.fragment === null) continue;
      if (!(current && this.files.has(page.name)) && !this.spilled.has(page.name)) {
        try {
          write(page.name, page.fragment);
        } catch {
          this.spilling = false;
          return;
        }
        this.spilled.add(page.name);
      }
      if (this.byKey?.get(page.key) !== page) page.fragment = null;
    }
  }

  /** Forgets a build that stopped half way. */
  abandon(): void {
    this.batch = [];
    this.byKey = null;
    this.preparedFor = undefined;
    this.spilled = new Set();
    this.spilledUpTo = 0;
    this.spilling = true;
  }

  /**
   * The builder's state after `finish`, for `restore` in another process: the postings packed by column (`toColumns`), the
   * files by name only (the last build wrote them).
   */
  snapshot(): Buffer {
    const terms = [...this.postings.keys()];
    const lists = [...this.postings.values()];
    const offsets = new Uint32Array(terms.length + 1);
    lists.forEach((list, i) => (offsets[i + 1] = offsets[i]! + list.length / 3));
    const names = (files: Map<string, IndexFile>) => [...files].map(([key, file]) => [key, file.name]);
    return serialize({
      format: SNAPSHOT_FORMAT,
      pages: this.pages.map((p) => [p.key, p.sig, p.sections, p.name]),
      terms,
      offsets,
      columns: toColumns(lists, this.pages.length, this.source),
      entries: [[...this.entries.keys()], [...this.entries.values()]],
      shards: [...this.shards].map(([group, shards]) => [group, names(shards)]),
      vocab: names(this.vocab),
      vocab2: names(this.vocab2),
      blocks: this.blocks.map((b) => b.name),
      files: [...this.files],
      lastManifest: this.lastManifest,
    });
  }

  /** A builder as `snapshot` saved it; null for a snapshot it cannot read. */
  static restore(snapshot: Buffer): SearchIndexBuilder | null {
    let state: Snapshot;
    try {
      state = deserialize(snapshot) as Snapshot;
    } catch {
      return null;
    }
    if (state?.format !== SNAPSHOT_FORMAT) return null;
    const builder = new SearchIndexBuilder();
    const files = (names: Array<[string, string]>) => new Map(names.map(([key, name]) => [key, { name, content: null }]));
    builder.pages = state.pages.map(([key, sig, sections, name]) => ({ key, sig, sections, name, terms: null, fragment: null }));
    const { terms, offsets } = state;
    // Copies: the deserialized columns are views into the whole snapshot file, which would stay alive with them.
    const columns = { pages: state.columns.pages.slice(), sections: state.columns.sections.slice(), weights: state.columns.weights.slice() };
    const triples = fromColumns(columns);
    builder.postings = new Map(terms.map((term, i) => [term, triples.subarray(offsets[i]! * 3, offsets[i + 1]! * 3)]));
    builder.source = { columns, triples };
    const [keys, values] = state.entries;
    builder.entries = new Map(keys.map((key, i) => [key, values[i]!]));
    builder.shards = new Map(state.shards.map(([group, names]) => [group, files(names)]));
    builder.vocab = files(state.vocab);
    builder.vocab2 = files(state.vocab2);
    builder.blocks = state.blocks.map((name) => ({ name, content: null }));
    builder.files = new Set(state.files);
    builder.lastManifest = state.lastManifest;
    builder.restored = true;
    return builder;
  }

  /**
   * This build's files. `onDisk` is the manifest the output folder holds: when it is the one this builder gave last,
   * only new files are returned (and the last build's that went, to remove); else all of them.
   */
  finish(onDisk: string | null = null): SearchOutput {
    const batch = this.batch;
    const prepared = this.preparedFor;
    const spilled = this.spilled;
    this.abandon();
    const current = onDisk !== null && onDisk === this.lastManifest;
    if (prepared !== undefined && prepared !== onDisk) throw new Error('search index: finished over another output folder than it was prepared for');
    // A restored builder lacks the files' contents: over another output it starts over (its pages in the batch are whole).
    if (this.restored && !current) this.reset();
    const dirtyTerms = new Set<string>();
    const dirtyBlocks = new Set<number>();
    const sameOrder = sameKeys(batch, this.pages);
    if (!sameOrder) {
      // Pages move: every page's terms are needed, a restored page's read back from the postings.
      const kept = new Set(batch);
      const partial = this.pages.flatMap((p, n) => (p.terms === null && kept.has(p) ? [n] : []));
      for (const [n, terms] of this.termsOf(partial)) this.pages[n]!.terms = packTerms(terms, this.intern);
      this.pages = batch;
      for (const term of this.postings.keys()) dirtyTerms.add(term);
      this.postings = postingsOf(this.pages);
      for (const term of this.postings.keys()) dirtyTerms.add(term);
      this.source = null;
      this.blocks = [];
      this.vocab = new Map();
      this.vocab2 = new Map();
    } else {
      const changed = batch.flatMap((page, n) => (page === this.pages[n] ? [] : [n]));
      const restoredTerms = this.termsOf(changed.filter((n) => this.pages[n]!.terms === null));
      for (const n of changed) {
        const old = this.pages[n]!;
        const page = batch[n]!;
        this.pages[n] = page;
        if (page.name !== old.name) dirtyBlocks.add(Math.floor(n / BLOCK));
        const before: ReadonlyMap<string, ArrayLike<number>> = old.terms ? unpackTerms(old.terms) : (restoredTerms.get(n) ?? new Map());
        const after = unpackTerms(page.terms!);
        for (const term of new Set([...before.keys(), ...after.keys()])) {
          const was = before.get(term);
          const is = after.get(term);
          if (was && is && Array.prototype.join.call(was) === is.join()) continue;
          this.replacePostings(term, n, is ?? []);
          dirtyTerms.add(term);
        }
      }
    }
    const manifest = this.assemble(dirtyTerms, dirtyBlocks, sameOrder);
    const previous = current ? this.files : null;
    const files = new Set<string>();
    const write: Array<[string, string]> = [];
    for (const file of this.allFiles()) {
      // Files of the same contents have the same name (two vocabularies of one term): one of them is written.
      if (files.has(file.name)) continue;
      files.add(file.name);
      if (previous?.has(file.name) || spilled.has(file.name)) continue;
      // A file without its content was written by a build of this index (restored, or spilled): it is in `previous`.
      if (file.content === null) throw new Error(`search index: the contents of ${file.name} are not known`);
      write.push([file.name, file.content]);
    }
    const remove = previous ? [...previous].filter((name) => !files.has(name)) : null;
    this.files = files;
    this.lastManifest = manifest;
    this.vocabulary = null;
    return { manifest, write, remove };
  }

  /**
   * The last build's files gone from the folder are written again by `finish`; when the builder does not know their
   * contents (restored), it starts over.
   */
  private forgetMissing(present: ReadonlySet<string>): void {
    const missing = [...this.allFiles()].filter((file) => !present.has(file.name));
    if (missing.some((file) => file.content === null)) this.reset();
    else for (const file of missing) this.files.delete(file.name);
  }

  private reset(): void {
    this.pages = [];
    this.postings = new Map();
    this.source = null;
    this.entries = new Map();
    this.shards = new Map();
    this.vocab = new Map();
    this.vocab2 = new Map();
    this.blocks = [];
    this.files = new Set();
    this.lastManifest = null;
    this.restored = false;
  }

  /** The terms of pages `ns` (section, weight pairs), read back from the postings. */
  private termsOf(ns: readonly number[]): Map<number, Map<string, number[]>> {
    const out = new Map<number, Map<string, number[]>>(ns.map((n) => [n, new Map()]));
    if (!ns.length) return out;
    if (ns.length <= FEW_PAGES) {
      // A few pages (an edit): each looked up in each term's postings, which are in page order.
      for (const [term, list] of this.postings) {
        for (const n of ns) {
          let i = firstTriple(list, n);
          if (list[i] !== n) continue;
          const pairs: number[] = [];
          for (; i < list.length && list[i] === n; i += 3) pairs.push(list[i + 1]!, list[i + 2]!);
          out.get(n)!.set(term, pairs);
        }
      }
      return out;
    }
    for (const [term, list] of this.postings) {
      for (let i = 0; i < list.length; i += 3) {
        const terms = out.get(list[i]!);
        if (!terms) continue;
        let pairs = terms.get(term);
        if (!pairs) terms.set(term, (pairs = []));
        pairs.push(list[i + 1]!, list[i + 2]!);
      }
    }
    return out;
  }

  /** Page `n`'s postings of `term` become `pairs` (section, weight). */
  private replacePostings(term: string, n: number, pairs: ArrayLike<number>): void {
    const stored = this.postings.get(term);
    const list = stored === undefined ? [] : Array.isArray(stored) ? stored : Array.from(stored);
    const start = firstTriple(list, n);
    let end = start;
    while (end < list.length && list[end] === n) end += 3;
    const triples: number[] = [];
    for (let i = 0; i < pairs.length; i += 2) triples.push(n, pairs[i]!, pairs[i + 1]!);
    list.splice(start, end - start, ...triples);
    if (list.length) this.postings.set(term, list);
    else this.postings.delete(term);
  }

  private assemble(dirtyTerms: Set<string>, dirtyBlocks: Set<number>, sameOrder: boolean): string {
    const dirtyGroups = new Set<string>();
    const dirtyLetters = new Set<string>();
    const dirtySeconds = new Set<string>();
    for (const term of dirtyTerms) {
      const list = this.postings.get(term);
      const had = this.entries.has(term);
      if (list) this.entries.set(term, `${JSON.stringify(term)}:${JSON.stringify(postingsJson(list))}`);
      else this.entries.delete(term);
      dirtyGroups.add(head(term, 2));
      if (had !== Boolean(list) || !sameOrder) {
        dirtyLetters.add(head(term, 1));
        dirtySeconds.add(second(term));
      }
    }
    if (dirtyGroups.size) {
      const byGroup = new Map<string, string[]>();
      for (const term of this.entries.keys()) {
        const group = head(term, 2);
        if (!dirtyGroups.has(group)) continue;
        let list = byGroup.get(group);
        if (!list) byGroup.set(group, (list = []));
        list.push(term);
      }
      for (const group of dirtyGroups) {
        const terms = byGroup.get(group);
        if (terms) this.shards.set(group, this.layout(group, terms.sort()));
        else this.shards.delete(group);
      }
    }
    this.vocabularies(this.vocab, dirtyLetters, (term) => head(term, 1));
    this.vocabularies(this.vocab2, dirtySeconds, second);
    const blockCount = Math.ceil(this.pages.length / BLOCK);
    this.blocks.length = Math.min(this.blocks.length, blockCount);
    for (let b = 0; b < blockCount; b++) {
      if (this.blocks[b] && !dirtyBlocks.has(b)) continue;
      const content = JSON.stringify(this.pages.slice(b * BLOCK, (b + 1) * BLOCK).map((p) => p.name.slice(0, 12)));
      this.blocks[b] = indexFile(content);
    }
    const shards: Record<string, string> = {};
    for (const group of [...this.shards.keys()].sort()) for (const [key, file] of this.shards.get(group)!) shards[key] = file.name.slice(0, 12);
    const names = (files: Map<string, IndexFile>) =>
      Object.fromEntries([...files.keys()].sort().map((letter) => [letter, files.get(letter)!.name.slice(0, 12)]));
    const sections = this.pages.reduce((n, p) => n + p.sections, 0);
    return JSON.stringify({
      format: 1,
      pages: this.pages.length,
      sections,
      block: BLOCK,
      top: TOP,
      shards,
      vocab: names(this.vocab),
      vocab2: names(this.vocab2),
      blocks: this.blocks.map((b) => b.name.slice(0, 12)),
    });
  }

  /** The vocabularies of the `dirty` letters, by the letter `letterOf` a term: its terms of 4+ letters, not numbers. */
  private vocabularies(files: Map<string, IndexFile>, dirty: Set<string>, letterOf: (term: string) => string): void {
    if (!dirty.size) return;
    const byLetter = new Map<string, string[]>();
    for (const term of this.postings.keys()) {
      const letter = letterOf(term);
      if (!dirty.has(letter) || Array.from(term).length < 4 || /^\p{N}+$/u.test(term)) continue;
      let list = byLetter.get(letter);
      if (!list) byLetter.set(letter, (list = []));
      list.push(term);
    }
    for (const letter of dirty) {
      const terms = byLetter.get(letter);
      if (terms) files.set(letter, indexFile(JSON.stringify(terms.sort())));
      else files.delete(letter);
    }
  }

  /** A group's shards by key: the group whole, or split by one more letter while too big. */
  private layout(key: string, terms: string[]): Map<string, IndexFile> {
    const shards = new Map<string, IndexFile>();
    const shard = (list: string[]) => indexFile(`{${list.map((t) => this.entries.get(t)).join(',')}}`);
    const split = (prefix: string, list: string[]) => {
      const size = list.reduce((n, t) => n + this.entries.get(t)!.length, 0);
      const length = Array.from(prefix).length;
      if (size <= SHARD_BYTES || length >= MAX_KEY) return void shards.set(prefix, shard(list));
      const here: string[] = [];
      const longer = new Map<string, string[]>();
      for (const term of list) {
        if (Array.from(term).length <= length) here.push(term);
        else {
          const next = head(term, length + 1);
          let sub = longer.get(next);
          if (!sub) longer.set(next, (sub = []));
          sub.push(term);
        }
      }
      if (here.length) shards.set(prefix, shard(here));
      for (const [next, sub] of longer) split(next, sub);
    };
    split(key, terms);
    return shards;
  }

  private *allFiles(): Iterable<IndexFile> {
    for (const shards of this.shards.values()) yield* shards.values();
    yield* this.vocab.values();
    yield* this.vocab2.values();
    yield* this.blocks;
    for (const page of this.pages) yield { name: page.name, content: page.fragment };
  }
}

/**
 * Every term's postings (page, section, weight triples, in page order) of `pages`, each a view into one array of the
 * exact size: counted first, then filled. Arrays grown a push at a time took twice the memory, at the build's peak.
 */
function postingsOf(pages: readonly PageData[]): Map<string, Int32Array> {
  const ends = new Map<string, number>();
  for (const { terms } of pages) {
    const { names, offsets } = terms!;
    for (let t = 0; t < names.length; t++) ends.set(names[t]!, (ends.get(names[t]!) ?? 0) + ((offsets[t + 1]! - offsets[t]!) / 2) * 3);
  }
  // Ends first; then, filling from the last page back, each term's cursor moves down from its end to its start.
  let total = 0;
  for (const [term, length] of ends) ends.set(term, (total += length));
  const cursors = new Map<string, number>();
  for (const [term, end] of ends) cursors.set(term, end);
  const triples = new Int32Array(total);
  for (let n = pages.length - 1; n >= 0; n--) {
    const { names, offsets, pairs } = pages[n]!.terms!;
    for (let t = 0; t < names.length; t++) {
      let at = cursors.get(names[t]!)! - ((offsets[t + 1]! - offsets[t]!) / 2) * 3;
      cursors.set(names[t]!, at);
      for (let i = offsets[t]!; i < offsets[t + 1]!; i += 2) {
        triples[at++] = n;
        triples[at++] = pairs[i]!;
        triples[at++] = pairs[i + 1]!;
      }
    }
  }
  return new Map([...ends].map(([term, end]) => [term, triples.subarray(cursors.get(term)!, end)]));
}

/** A snapshot's postings by column, each in the narrowest array its values fit: 5 bytes a posting rather than 12. */
interface PostingColumns {
  pages: Uint16Array | Uint32Array;
  sections: Uint16Array | Uint32Array;
  weights: Uint8Array | Uint16Array;
}

/** A snapshot's columns and the triples `fromColumns` made of them, which restored postings are views of. */
export interface PostingSource {
  columns: PostingColumns;
  triples: Int32Array;
}

/**
 * Postings lists (page, section, weight triples), one after the other, by column. A list that is a view of `source`'s
 * triples has its columns copied from the source's (an edit leaves all but a few terms' lists as they were restored).
 */
export function toColumns(lists: readonly ArrayLike<number>[], pageCount: number, source: PostingSource | null = null): PostingColumns {
  const start = (list: ArrayLike<number>) =>
    source && list instanceof Int32Array && list.buffer === source.triples.buffer ? list.byteOffset / Int32Array.BYTES_PER_ELEMENT / 3 : -1;
  let count = 0;
  // The copied values fit the source's columns: at their widths.
  let sectionMax = source?.columns.sections instanceof Uint32Array ? 0x10000 : 0;
  let weightMax = source?.columns.weights instanceof Uint16Array ? 0x100 : 0;
  for (const list of lists) {
    count += list.length / 3;
    if (start(list) >= 0) continue;
    for (let i = 1; i < list.length; i += 3) {
      sectionMax = Math.max(sectionMax, list[i]!);
      weightMax = Math.max(weightMax, list[i + 1]!);
    }
  }
  const pages = pageCount <= 0xffff && !(source?.columns.pages instanceof Uint32Array) ? new Uint16Array(count) : new Uint32Array(count);
  const sections = sectionMax <= 0xffff ? new Uint16Array(count) : new Uint32Array(count);
  const weights = weightMax <= 0xff ? new Uint8Array(count) : new Uint16Array(count);
  let n = 0;
  // Lists left as they were restored follow one another in the source as here: copied a run at a time.
  let run = { from: 0, to: 0, at: 0 };
  const copyRun = () => {
    if (run.to === run.from) return;
    pages.set(source!.columns.pages.subarray(run.from, run.to), run.at);
    sections.set(source!.columns.sections.subarray(run.from, run.to), run.at);
    weights.set(source!.columns.weights.subarray(run.from, run.to), run.at);
  };
  for (const list of lists) {
    const from = start(list);
    if (from >= 0) {
      const to = from + list.length / 3;
      if (from !== run.to || n !== run.at + run.to - run.from) {
        copyRun();
        run = { from, to: from, at: n };
      }
      run.to = to;
      n += to - from;
      continue;
    }
    for (let i = 0; i < list.length; i += 3, n++) {
      pages[n] = list[i]!;
      sections[n] = list[i + 1]!;
      weights[n] = list[i + 2]!;
    }
  }
  copyRun();
  return { pages, sections, weights };
}

export function fromColumns({ pages, sections, weights }: PostingColumns): Int32Array {
  const triples = new Int32Array(pages.length * 3);
  for (let n = 0, i = 0; n < pages.length; n++, i += 3) {
    triples[i] = pages[n]!;
    triples[i + 1] = sections[n]!;
    triples[i + 2] = weights[n]!;
  }
  return triples;
}

/** Up to this many pages, `termsOf` looks each up by bisection rather than reading every posting. */
const FEW_PAGES = 16;

/** Where page `n`'s triples start in a term's postings (page, section, weight, in page order): or where they would. */
function firstTriple(list: ArrayLike<number>, n: number): number {
  let low = 0;
  let high = list.length / 3;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid * 3]! < n) low = mid + 1;
    else high = mid;
  }
  return low * 3;
}

/**
 * A term's postings as stored: its section count, then its best TOP sections as (page delta, section, weight),
 * in page order. Weights are small integers, so the best TOP are found by counting.
 */
function postingsJson(list: ArrayLike<number>): number[] {
  const count = list.length / 3;
  let floor = 0;
  let takeAtFloor = Number.POSITIVE_INFINITY;
  if (count > TOP) {
    const histogram = new Array<number>(MAX_WEIGHT + 1).fill(0);
    for (let i = 2; i < list.length; i += 3) histogram[list[i]!]!++;
    let above = 0;
    for (floor = MAX_WEIGHT; floor > 0 && above + histogram[floor]! < TOP; floor--) above += histogram[floor]!;
    takeAtFloor = TOP - above;
  }
  const out = [count];
  let page = 0;
  for (let i = 0; i < list.length; i += 3) {
    const weight = list[i + 2]!;
    if (weight < floor) continue;
    if (weight === floor && takeAtFloor-- <= 0) continue;
    out.push(list[i]! - page, list[i + 1]!, weight);
    page = list[i]!;
  }
  return out;
}
