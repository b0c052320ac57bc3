import type { SearchHit, SearchSectionInput } from '../model/index.js';

/**
 * What is derived from one blob (a parsed page: title, frontmatter, links, sections...), keyed by its git oid and the
 * version of the code that derived it, so a page is parsed once however many revisions share it.
 */
export interface ParsedBlobRepo {
  get<T>(oid: string, version: number): Promise<T | undefined>;
  /** Several at once: the oids found, with their data. */
  getMany<T>(oids: readonly string[], version: number): Promise<Map<string, T>>;
  /** Which of `oids` have a record for this version (without reading the records). */
  known(oids: readonly string[], version: number): Promise<Set<string>>;
  put(oid: string, version: number, data: unknown): Promise<void>;
  /** Several at once, each with its parsed body if it has one. An oid appears once in `records`. */
  putMany(records: readonly { oid: string; data: unknown; body?: Uint8Array | undefined }[], version: number): Promise<void>;
  /** The parsed bodies stored with the records of `oids` (those that have one). */
  bodies(oids: readonly string[], version: number): Promise<Map<string, Uint8Array>>;
  /** Removes the records of every other version (made by another Quire, never read by this one): how many. */
  prune(version: number): Promise<number>;
}

/** Full-text search (SQLite FTS5) over page sections, keyed by the page blob's oid. */
export interface SearchRepo {
  isIndexed(oid: string, version: number): Promise<boolean>;
  /** Replaces the sections indexed for `oid`. */
  index(oid: string, version: number, sections: readonly SearchSectionInput[]): Promise<void>;
  /** Replaces the sections indexed for each page blob, in a few statements. An oid appears once in `pages`. */
  indexMany(pages: readonly { oid: string; sections: readonly SearchSectionInput[] }[], version: number): Promise<void>;
  /**
   * Sections holding every term (the last one as a prefix, for search as you type) among the given page blobs, best
   * first (`rank`: lower is better; headings weigh more than body text). Terms are letters, digits and `_` only.
   */
  search(terms: readonly string[], oids: readonly string[], limit: number): Promise<SearchHit[]>;
}
