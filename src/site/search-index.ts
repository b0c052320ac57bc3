/**
 * The offline search index of a site space: one MiniSearch document per page section (the intro and each
 * heading), ranked with the page title and the section heading boosted over body text. The browser loads it
 * with the same options on first search.
 */
import MiniSearch, { type Options } from 'minisearch';

export interface SearchDoc {
  id: string;
  title: string;
  heading: string;
  text: string;
  url: string;
  excerpt: string;
}

export const SEARCH_OPTIONS: Options<SearchDoc> = {
  fields: ['title', 'heading', 'text'],
  storeFields: ['title', 'heading', 'url', 'excerpt'],
};

export function searchIndexJson(docs: readonly SearchDoc[]): string {
  const builder = new SearchIndexBuilder();
  builder.add(docs);
  return builder.json();
}

/**
 * An index filled in order, a batch at a time: the same JSON as `searchIndexJson` of all the batches together.
 * It can be filled again for the next build of the same site: documents equal to the last build's are kept, changed
 * ones replaced and missing ones removed, so a one-page rebuild re-indexes one page instead of the site.
 */
export class SearchIndexBuilder {
  private readonly index = new MiniSearch<SearchDoc>(SEARCH_OPTIONS);
  private readonly docs = new Map<string, SearchDoc>();
  private seen = new Set<string>();

  add(docs: readonly SearchDoc[]): void {
    for (const doc of docs) {
      this.seen.add(doc.id);
      const old = this.docs.get(doc.id);
      if (old && sameDoc(old, doc)) continue;
      if (old) this.index.remove(old);
      this.index.add(doc);
      this.docs.set(doc.id, doc);
    }
  }

  /** The JSON of this build's documents; the next `add` starts the next build. */
  json(): string {
    for (const [id, old] of this.docs) {
      if (this.seen.has(id)) continue;
      this.index.remove(old);
      this.docs.delete(id);
    }
    this.seen = new Set();
    return JSON.stringify({ options: SEARCH_OPTIONS, index: this.index.toJSON() });
  }

  /** Forgets a build that stopped half way; the documents it added stay until the next build's `json()`. */
  abandon(): void {
    this.seen = new Set();
  }
}

const sameDoc = (a: SearchDoc, b: SearchDoc) =>
  a.title === b.title && a.heading === b.heading && a.text === b.text && a.url === b.url && a.excerpt === b.excerpt;

/** Searches a serialised index as the client does (title and heading boosts, prefix, light fuzziness). */
export function searchIn(json: string, query: string): Array<{ id: string; title: string; heading: string; url: string; score: number }> {
  const data = JSON.parse(json) as { options: Options<SearchDoc>; index: unknown };
  const index = MiniSearch.loadJS<SearchDoc>(data.index as never, data.options);
  return index.search(query, { prefix: true, fuzzy: (term) => (term.length > 4 ? 0.2 : false), boost: { title: 3, heading: 2 }, combineWith: 'AND' }) as never;
}

/** The text's first 160 characters, whitespace collapsed. */
export function excerptOf(text: string): string {
  // Collapsing only a head of the text is enough unless it is mostly whitespace.
  const head = text.length > 640 ? text.slice(0, 640).replace(/\s+/g, ' ').trimStart() : '';
  const flat = head.length > 200 ? head : text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
}
