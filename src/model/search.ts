/** One section of a page as search indexes it: under a heading, with its anchor. */
export interface SearchSectionInput {
  anchor: string | null;
  heading: string;
  text: string;
}

export interface SearchHit {
  oid: string;
  anchor: string | null;
  heading: string;
  /** The matching text with the matched terms wrapped in <mark></mark>. */
  snippet: string;
  /** bm25: lower is better. */
  rank: number;
}
