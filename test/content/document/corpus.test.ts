// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
/**
 * Every page of the corpora through the document: its document is valid against the spec; markdown -> document ->
 * markdown gives the file back byte for byte (the write-back keeps what did not change), and the writer alone
 * differs only where GitBook itself normalises; nothing is lost on the way, and escapes stay rare.
 */
import type { Nodes, Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { documentRoundTrip, toDocument } from '../../../src/content/document/index.js';
import { extractLinks } from '../../../src/content/links.js';
import { parsePageFile, serializePageFile } from '../../../src/content/page-file.js';
import { corpusPages, EXPORTED_CORPORA } from './corpus.js';
import { documentErrors } from './schema.js';

/**
 * Files the markdown writer alone (no original to keep bytes from) writes differently, and why. Each difference is
 * one GitBook's own export makes: these files were written by hand or by an older GitBook.
 */
const WRITER_NORMALISES: Readonly<Record<string, string>> = {
  'git-sync-normalization/page-link.md': 'an embed URL with a legacy escape (`\\#`): GitBook writes URLs as they are',
  'public-docs/.github/README.md': 'a hand-written `-` list: GitBook writes `*` bullets',
  'public-docs/documentation/.gitbook/assets/GITBOOK_ASSISTANT_SKILL.md': 'a hand-written asset: `-` bullets, a list right under a paragraph, a `---` rule',
  'public-docs/documentation/.gitbook/assets/GITBOOK_ASSISTANT_SKILL (1).md': 'the same asset, uploaded twice',
  'public-docs/documentation/.gitbook/assets/skill.md': "a hand-written asset: items indented by the marker width instead of GitBook's 4 columns",
};

/**
 * Pages where some block is still an escape (a `code` block holding raw markdown, its lines editable), each a
 * construct with no node in the 0.143 model: figures in list items, tables and steppers in steps and tabs, prompts,
 * updates, columns and conditional blocks, swagger blocks, HTML comments; and hand-written HTML (`<p align>` around
 * images, a summary with a `<picture>`). See bench/fidelity.mjs.
 */
const ESCAPED_PAGES_CEILING = 42;

/** Building every page's document takes a while on a shared 2-core machine. */
const CORPUS_TIMEOUT_MS = 180_000;

interface Result {
  name: string;
  text: string;
  schemaErrors: string[];
  escaped: boolean;
  exactThroughDocument: boolean;
  writerAlone: string;
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
      text: page.text,
      schemaErrors: documentErrors(doc),
      escaped: hasEscape(doc.nodes as unknown as Node[]),
      exactThroughDocument: documentRoundTrip(page.text) === page.text,
      writerAlone: documentRoundTrip(page.text, {}, true),
      exactThroughMarkdown: serializePageFile(parsePageFile(page.text)) === page.text,
    };
  });
  return results;
}

/** The words a page says (its text, code, HTML and block attributes), counted. */
function words(root: Root): Map<string, number> {
  const counts = new Map<string, number>();
  const said = (node: Nodes): string[] =>
    Object.entries(node).flatMap(([key, value]) => (key !== 'type' && key !== 'position' && typeof value === 'string' ? [value] : []));
  const text = collect(root, said).join(' ');
  for (const word of text.match(/[\p{L}\p{N}]+/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

function collect<T>(node: Nodes, pick: (node: Nodes) => T[]): T[] {
  return [...pick(node), ...('children' in node ? node.children.flatMap((child) => collect(child as Nodes, pick)) : [])];
}

const destinations = (root: Root, path: string) =>
  extractLinks(root, path)
    .map((link) => link.href)
    .sort();

describe('the corpora through the document', () => {
  it(
    'finds the corpora',
    () => {
      expect(corpusResults().length).toBeGreaterThan(400);
    },
    CORPUS_TIMEOUT_MS,
  );

  it('produces a schema-valid document for every page', () => {
    const invalid = corpusResults().flatMap((r) => (r.schemaErrors.length ? [`${r.name}: ${r.schemaErrors.slice(0, 3).join('; ')}`] : []));
    expect(invalid).toEqual([]);
  });

  it(
    'produces a schema-valid document for every page of the hand-edited corpus too',
    () => {
      const invalid = corpusPages(['metalbear-docs']).flatMap((page) => {
        const errors = documentErrors(toDocument(parsePageFile(page.text).body));
        return errors.length ? [`${page.name}: ${errors.slice(0, 3).join('; ')}`] : [];
      });
      expect(invalid).toEqual([]);
    },
    CORPUS_TIMEOUT_MS,
  );

  it('round-trips markdown -> document -> markdown byte for byte, every page', () => {
    expect(
      corpusResults()
        .filter((r) => !r.exactThroughDocument)
        .map((r) => r.name),
    ).toEqual([]);
  });

  it('differs through the writer alone only on the files listed, each for the reason given', () => {
    const all = corpusResults();
    const differing = all.filter((r) => r.writerAlone !== r.text).map((r) => r.name);
    expect(differing.sort()).toEqual(Object.keys(WRITER_NORMALISES).sort());
    expect((all.length - differing.length) / all.length).toBeGreaterThanOrEqual(0.99);
  });

  it('keeps the escape hatch to the pages measured', () => {
    const escaped = corpusResults()
      .filter((r) => r.escaped)
      .map((r) => r.name);
    expect(escaped.length, `escaped pages:\n${escaped.join('\n')}`).toBeLessThanOrEqual(ESCAPED_PAGES_CEILING);
  });

  it('loses nothing the markdown engine keeps: a page exact through markdown is exact through the document', () => {
    const lost = corpusResults()
      .filter((r) => r.exactThroughMarkdown && !r.exactThroughDocument)
      .map((r) => r.name);
    expect(lost).toEqual([]);
  });

  it(
    'loses no word and no link destination through the writer alone, on every page of every corpus',
    () => {
      const problems: string[] = [];
      for (const page of corpusPages([...EXPORTED_CORPORA, 'metalbear-docs'])) {
        const before = parsePageFile(page.text).body;
        const after = parsePageFile(documentRoundTrip(page.text, {}, true)).body;
        const [a, b] = [words(before), words(after)];
        const changed = [...new Set([...a.keys(), ...b.keys()])].filter((w) => a.get(w) !== b.get(w));
        if (changed.length) problems.push(`${page.name}: words ${changed.slice(0, 5).join(', ')}`);
        if (JSON.stringify(destinations(before, page.name)) !== JSON.stringify(destinations(after, page.name))) problems.push(`${page.name}: links`);
      }
      expect(problems).toEqual([]);
    },
    CORPUS_TIMEOUT_MS,
  );
});
