// Every text of a run, split around glossary terms and deduplicated, so the translator gets each prose text once.
import { isProse, wordCount } from './text-runs.js';

/** A glossary term of the source language, and what it becomes in the target (itself when the entry has no term for it). */
export interface GlossaryTerm {
  source: string;
  target: string;
}

type Piece = string | { query: number };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class TextPlan {
  /** The distinct texts to send to the translator. */
  readonly queries: string[] = [];
  /** Words of the texts sent (each distinct text once). */
  words = 0;
  private readonly indexOf = new Map<string, number>();
  private readonly targets = new Map<string, string>();
  private readonly pattern: RegExp | undefined;
  private results: string[] | undefined;

  constructor(terms: readonly GlossaryTerm[] = []) {
    const usable = terms.filter((t) => t.source.trim() !== '');
    for (const term of usable) this.targets.set(term.source, term.target);
    const sources = [...this.targets.keys()].sort((a, b) => b.length - a.length).map(escape);
    // Whole words only: "API" is a term inside "the API," but not inside "APIs" or "RAPID".
    if (sources.length) this.pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${sources.join('|')})(?![\\p{L}\\p{N}_])`, 'gu');
  }

  /**
   * Takes a text in; the returned function gives its translation once `resolve` ran. Glossary terms are cut out
   * and replaced by their target term; whitespace around each piece stays as it was; pieces that are not prose
   * (punctuation, numbers, URLs) are kept.
   */
  add(text: string): () => string {
    const pieces: Piece[] = [];
    for (const part of this.split(text)) {
      if (part.term !== undefined) {
        pieces.push(part.term);
        continue;
      }
      const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(part.text)!;
      if (!isProse(core)) {
        pieces.push(part.text);
        continue;
      }
      pieces.push(lead, { query: this.query(core) }, trail);
    }
    return () => pieces.map((p) => (typeof p === 'string' ? p : this.result(p.query))).join('');
  }

  resolve(translations: readonly string[]): void {
    if (translations.length !== this.queries.length) {
      throw new Error(`the translator returned ${translations.length} texts for ${this.queries.length}`);
    }
    this.results = [...translations];
  }

  private query(text: string): number {
    let index = this.indexOf.get(text);
    if (index === undefined) {
      index = this.queries.push(text) - 1;
      this.indexOf.set(text, index);
      this.words += wordCount(text);
    }
    return index;
  }

  private result(index: number): string {
    if (!this.results) throw new Error('the texts are not translated yet');
    return this.results[index]!;
  }

  private split(text: string): Array<{ text: string; term?: string }> {
    if (!this.pattern) return [{ text }];
    const parts: Array<{ text: string; term?: string }> = [];
    let last = 0;
    for (const match of text.matchAll(this.pattern)) {
      if (match.index > last) parts.push({ text: text.slice(last, match.index) });
      parts.push({ text: match[0], term: this.targets.get(match[0])! });
      last = match.index + match[0].length;
    }
    if (last < text.length) parts.push({ text: text.slice(last) });
    return parts;
  }
}
