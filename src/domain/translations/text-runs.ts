// The prose of a page body: the text runs a translator may change. Pure functions over mdast.
import type { Heading, Nodes, Root, Text } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { HeadingSlugger } from '../../content/index.js';

/** Nodes whose text is not prose: code, math, raw HTML, and blocks holding code, data or expressions. */
const NOT_PROSE: ReadonlySet<string> = new Set([
  'code',
  'inlineCode',
  'html',
  'math',
  'inlineMath',
  'codeBlock',
  'prompt',
  'include',
  'expression',
  'liquidTag',
  'cards',
  'emoji',
  'icon',
  'yaml',
  'definition',
  'image',
  'imageReference',
  'figure',
]);

const URL_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/\S*|mailto:\S+|www\.\S+)$/i;

/** One translatable text node of a body. */
export interface TextRun {
  readonly text: string;
  /** Replaces the run's text in the tree. */
  set(text: string): void;
}

/**
 * The body's text nodes that are prose, in document order: not inside code, math, HTML or data blocks, not a URL
 * (autolinks, bare links whose text is their URL), not made of punctuation or digits only. Attributes of blocks
 * (tab titles, hint styles, link URLs, image alts) are no text nodes, so they are never runs.
 */
export function textRuns(root: Root): TextRun[] {
  const runs: TextRun[] = [];
  const visit = (node: Nodes, linkUrl: string | undefined) => {
    if (NOT_PROSE.has(node.type)) return;
    if (node.type === 'text') {
      if (isProse(node.value, linkUrl)) runs.push(run(node));
      return;
    }
    if (!('children' in node)) return;
    const url = node.type === 'link' ? node.url : linkUrl;
    for (const child of node.children) visit(child as Nodes, url);
  };
  visit(root, undefined);
  return runs;
}

function run(node: Text): TextRun {
  return {
    text: node.value,
    set(text) {
      node.value = text;
    },
  };
}

export function isProse(text: string, linkUrl?: string): boolean {
  const trimmed = text.trim();
  if (!/\p{L}/u.test(trimmed)) return false;
  if (URL_LIKE.test(trimmed)) return false;
  return linkUrl === undefined || trimmed !== linkUrl.trim();
}

/**
 * Keeps the anchors of headings whose text a translation changes: links to `page.md#installation` must still
 * land once the heading reads "Installation" in another language. Call before changing the runs, then call the
 * returned function: every heading without an explicit id whose text changed gets the id it had (written as
 * GitBook's `<a href="#id" id="id"></a>`).
 */
export function keepHeadingAnchors(root: Root): () => void {
  const headings: Heading[] = [];
  const visit = (node: Nodes) => {
    if (NOT_PROSE.has(node.type)) return;
    if (node.type === 'heading') headings.push(node);
    else if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(root);
  const slugger = new HeadingSlugger();
  for (const heading of headings) if (heading.id) slugger.reserve(heading.id);
  const before = headings.map((heading) => ({ heading, text: toString(heading), id: slugger.id(toString(heading), heading.id) }));
  return () => {
    for (const { heading, text, id } of before) {
      if (!heading.id && id && toString(heading) !== text) heading.id = id;
    }
  };
}

/** Words of a text, as the stats count them. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
