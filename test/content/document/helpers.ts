/** Shared steps of the document tests: markdown in, document out, and back. */
import type { JSONDocument } from '@gitbook/api';
import { expect } from 'vitest';
import { fromDocument, toDocument, type DocumentOptions } from '../../../src/content/document/index.js';
import { markdownOf, parseMarkdown } from '../../../src/content/markdown/index.js';
import { documentErrors } from './schema.js';

/** The document of `markdown` (a page body), checked against the spec. */
export function docOf(markdown: string, options?: DocumentOptions): JSONDocument {
  const doc = toDocument(parseMarkdown(markdown), options);
  expect(documentErrors(doc)).toEqual([]);
  return doc;
}

/** markdown -> document -> markdown. */
export function throughDocument(markdown: string, options?: DocumentOptions): string {
  return markdownOf(fromDocument(docOf(markdown, options), options));
}

/** The top-level blocks, as plain objects for `toMatchObject`. */
export function blocksOf(markdown: string, options?: DocumentOptions): Array<Record<string, any>> {
  return docOf(markdown, options).nodes as unknown as Array<Record<string, any>>;
}

/** Whether a block is the escape hatch (its markdown kept verbatim). */
export function isEscaped(block: Record<string, any> | undefined): boolean {
  return block?.type === 'code' && typeof block.data?.markdown === 'string';
}

/** All leaves of a block's text, in order: `[text, markTypes[]]`. */
export function leavesOf(block: Record<string, any>): Array<[string, string[]]> {
  const out: Array<[string, string[]]> = [];
  const walk = (node: Record<string, any>) => {
    if (node.object === 'text') for (const leaf of node.leaves) out.push([leaf.text, leaf.marks.map((m: { type: string }) => m.type)]);
    for (const child of node.nodes ?? []) walk(child);
  };
  walk(block);
  return out;
}

/** What the markdown engine alone writes back: the document must not lose anything it keeps. */
export function throughMarkdown(markdown: string): string {
  return markdownOf(parseMarkdown(markdown));
}
