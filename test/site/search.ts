/**
 * The site's client search (templates/search.js) run in Node, over a built site's index files or over a builder's
 * output in memory: the tests query the index the way the browser does.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import { SEARCH_DIR, SEARCH_MANIFEST, type SearchDoc, type SearchOutput, type SearchPage } from '../../src/site/search-index.js';

/** Documents as the pages they belong to (ids `<page key>#<n>`), each signed by its documents' contents. */
export function pagesOf(docs: readonly SearchDoc[]): SearchPage[] {
  const pages: Array<{ key: string; docs: SearchDoc[] }> = [];
  for (const doc of docs) {
    const key = doc.id.slice(0, doc.id.lastIndexOf('#'));
    const last = pages.at(-1);
    if (last?.key === key) last.docs.push(doc);
    else pages.push({ key, docs: [doc] });
  }
  return pages.map((page) => ({ ...page, sig: JSON.stringify(page.docs) }));
}

export interface Hit {
  page: number;
  section: number;
  score: number;
  matched: number;
  words: string[];
}
export interface Result {
  title: string;
  heading: string;
  url: string;
  text: string;
  words: string[];
  score: number;
}
interface Engine {
  search(query: string, limit?: number): Promise<Hit[]>;
  details(hits: Hit[]): Promise<Result[]>;
  reset(): void;
}
export interface QuireSearch {
  terms(text: string): string[];
  distance(a: string, b: string, max: number): number;
  highlight(text: string, words: string[], around: boolean, size: number): Array<[string, boolean]>;
  Engine: new (load: (name: string) => Promise<unknown>) => Engine;
}

let loaded: QuireSearch | null = null;

export function quireSearch(): QuireSearch {
  if (!loaded) {
    runInThisContext(readFileSync(new URL('../../templates/search.js', import.meta.url), 'utf8'));
    loaded = (globalThis as unknown as { QuireSearch: QuireSearch }).QuireSearch;
  }
  return loaded;
}

/** An engine over the index of the site space at `dir` of output folder `out`; `fetched` hears every file it loads. */
export function siteEngine(out: string, dir = '', fetched?: (name: string, bytes: Buffer) => void): Engine {
  return new (quireSearch().Engine)(async (name) => {
    const bytes = await readFile(join(out, dir, name));
    fetched?.(name, bytes);
    return JSON.parse(bytes.toString('utf8'));
  });
}

/** An engine over a builder's output (every file written, as a fresh builder's). */
export function memoryEngine(output: SearchOutput): Engine {
  const files = new Map(output.write.map(([name, content]) => [`${SEARCH_DIR}${name}`, content]));
  files.set(SEARCH_MANIFEST, output.manifest);
  return new (quireSearch().Engine)(async (name) => {
    const text = files.get(name);
    if (text === undefined) throw new Error(`no index file ${name}`);
    return JSON.parse(text);
  });
}

/** The results of `query` on a built site, as the search dialog shows them (best first). */
export async function searchSite(out: string, query: string, dir = ''): Promise<Result[]> {
  const engine = siteEngine(out, dir);
  return engine.details(await engine.search(query, 20));
}
