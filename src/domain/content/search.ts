import type { DocumentPage } from '../../model/index.js';
import type { SearchHit } from '../../model/index.js';
import type { RevisionIndex } from './revision-index.js';

/** At most this many query terms are used; the rest of a very long query is ignored. */
const MAX_TERMS = 32;
/** Sections read from the index per query, before grouping by page. */
export const MAX_SECTION_HITS = 500;
/** Sections kept per page result. */
const SECTIONS_PER_PAGE = 5;

export interface SectionHit {
  anchor: string | null;
  heading: string;
  snippet: string;
  /** The section's own score (bm25: lower is better). */
  score: number;
}

export interface PageHit {
  page: DocumentPage;
  sections: SectionHit[];
  /** bm25: lower is better. */
  score: number;
  /** One-based position among all the pages found (across spaces, for a search of several: `rankAcross`). */
  rank: number;
}

/** The words of a query, lower-cased and without diacritics, as the index tokenizer sees them. */
export function queryTerms(query: string): string[] {
  const words = fold(query).match(/[\p{L}\p{N}_]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/**
 * Groups section hits (best first, bm25: lower is better) into page results, best page first. A page's score
 * is its best section's, plus a little for each further matching section, boosted when its title holds the terms.
 * Pages marked noIndex are left out.
 */
export function rankPages(index: RevisionIndex, hits: readonly SearchHit[], terms: readonly string[]): PageHit[] {
  const byPage = new Map<string, PageHit>();
  for (const hit of hits) {
    for (const page of index.pagesByBlob.get(hit.oid) ?? []) {
      if (page.noIndex) continue;
      const entry = byPage.get(page.id);
      const section = { anchor: hit.anchor, heading: hit.heading, snippet: hit.snippet, score: hit.rank };
      if (!entry) byPage.set(page.id, { page, sections: [section], score: hit.rank, rank: 0 });
      else {
        entry.score += hit.rank * 0.1;
        if (entry.sections.length < SECTIONS_PER_PAGE) entry.sections.push(section);
      }
    }
  }
  const results = [...byPage.values()];
  for (const result of results) result.score *= titleBoost(result.page.title, terms);
  // bm25 scores are negative: multiplying by the boost makes a better score more negative.
  results.sort((a, b) => a.score - b.score || a.page.path.localeCompare(b.page.path));
  results.forEach((result, i) => (result.rank = i + 1));
  return results;
}

/** Numbers the pages found in several spaces by their place among all of them, best score first. */
export function rankAcross(groups: readonly (readonly PageHit[])[]): void {
  const all = groups.flat().sort((a, b) => a.score - b.score || a.rank - b.rank);
  all.forEach((hit, i) => (hit.rank = i + 1));
}

function titleBoost(title: string, terms: readonly string[]): number {
  const words = fold(title).match(/[\p{L}\p{N}_]+/gu) ?? [];
  const found = terms.filter((term) => words.some((word) => word.startsWith(term))).length;
  if (terms.length === 0 || found === 0) return 1;
  return found === terms.length ? 3 : 1.5;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC').toLowerCase();
}
