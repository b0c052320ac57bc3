/**
 * Every page of the GitBook-exported corpora: its document is valid against the spec, and
 * markdown -> document -> markdown gives the file back byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { documentRoundTrip, toDocument } from '../../../src/content/document/index.js';
import { parsePageFile, serializePageFile } from '../../../src/content/page-file.js';
import { corpusPages } from './corpus.js';
import { documentErrors } from './schema.js';

/**
 * Share of pages that come back identical: 512 of 516 when measured (99.2%). The 4 others also differ
 * through the markdown engine alone; the test below holds this module to losing nothing more.
 */
const ROUND_TRIP_FLOOR = 0.99;

/**
 * Pages where some block falls back to the escape hatch (a `code` block holding raw markdown): 119 of 516 when
 * measured, down from 139 once formatted `<pre>` code and figures in a `<div>` got their document forms. Most of
 * the rest are HTML and cards tables (see bench/fidelity.mjs `document_escape_rate`).
 */
const ESCAPED_PAGES_CEILING = 119;

/** Building every page's document takes a while on a shared 2-core machine. */
const CORPUS_TIMEOUT_MS = 180_000;

interface Result {
  name: string;
  schemaErrors: string[];
  escaped: boolean;
  exactThroughDocument: boolean;
  exactThroughMarkdown: boolean;
}

let results: Result[] | undefined;

type Node = { object?: string; type?: string; data?: Record<string, unknown>; nodes?: Node[]; fragments?: Node[] };

/** Whether some block is an escape (escape.ts: a `code` block with `data.markdown`). */
function hasEscape(nodes: readonly Node[] | undefined): boolean {
  return (nodes ?? []).some(
    (n) => (n.object === 'block' && n.type === 'code' && typeof n.data?.markdown === 'string') || hasEscape(n.nodes) || hasEscape(n.fragments),
  );
}

/** One pass over the corpora, shared by the tests below. */
function corpusResults(): Result[] {
  results ??= corpusPages().map((page) => {
    const doc = toDocument(parsePageFile(page.text).body);
    return {
      name: page.name,
      schemaErrors: documentErrors(doc),
      escaped: hasEscape(doc.nodes as unknown as Node[]),
      exactThroughDocument: documentRoundTrip(page.text) === page.text,
      exactThroughMarkdown: serializePageFile(parsePageFile(page.text)) === page.text,
    };
  });
  return results;
}

describe('GitBook-exported corpora', () => {
  it('finds the corpora', () => {
    expect(corpusResults().length).toBeGreaterThan(400);
  }, CORPUS_TIMEOUT_MS);

  it('produces a schema-valid document for every page', () => {
    const invalid = corpusResults().flatMap((r) => (r.schemaErrors.length ? [`${r.name}: ${r.schemaErrors.slice(0, 3).join('; ')}`] : []));
    expect(invalid).toEqual([]);
  });

  it('round-trips markdown -> document -> markdown byte for byte', () => {
    const all = corpusResults();
    const differing = all.filter((r) => !r.exactThroughDocument).map((r) => r.name);
    const share = (all.length - differing.length) / all.length;
    expect(share, `differing pages:\n${differing.join('\n')}`).toBeGreaterThanOrEqual(ROUND_TRIP_FLOOR);
  });

  it('keeps the escape hatch to the pages measured', () => {
    const escaped = corpusResults().filter((r) => r.escaped).map((r) => r.name);
    expect(escaped.length, `escaped pages:\n${escaped.join('\n')}`).toBeLessThanOrEqual(ESCAPED_PAGES_CEILING);
  });

  it('loses nothing the markdown engine keeps: a page exact through markdown is exact through the document', () => {
    const lost = corpusResults()
      .filter((r) => r.exactThroughMarkdown && !r.exactThroughDocument)
      .map((r) => r.name);
    expect(lost).toEqual([]);
  });
});
