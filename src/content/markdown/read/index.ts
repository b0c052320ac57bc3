/**
 * markdown -> the same mdast as `parseMarkdown`, ten times faster, for reading: the importer's links and
 * search text, and a site's HTML. It leaves out what only the markdown writer needs (inline positions,
 * destinations as written), so it never feeds a round trip: edits go through `parseMarkdown`.
 * Left to `parseMarkdown`: link reference definitions (markdown-it resolves them away), CR line endings, a line with
 * both a `~` and an intraword `*` (micromark resolves strikethrough and emphasis in another order), and lists inside
 * quotes (a blank `>` line after one makes micromark's list loose).
 */
import MarkdownIt from 'markdown-it';
import footnote from 'markdown-it-footnote';
import type { PhrasingContent, Root } from 'mdast';
import { parseMarkdown, withGitbookStructure } from '../parse.js';
import { liquidTag, mathBlock, span } from './rules.js';
import * as strikethrough from './strikethrough.js';
import { phrasing, sourceOf, toMdast } from './to-mdast.js';

const INTERRUPTS = { alt: ['paragraph', 'reference', 'blockquote', 'list'] };

const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
md.validateLink = () => true;
md.normalizeLink = (url) => url;
md.normalizeLinkText = (text) => text;
md.use(footnote);
md.core.ruler.disable(['footnote_tail']);
md.inline.ruler.disable(['footnote_inline']);
md.block.ruler.before('table', 'liquid_tag', liquidTag, INTERRUPTS);
md.block.ruler.before('fence', 'math_block', mathBlock, INTERRUPTS);
md.inline.ruler.at('strikethrough', strikethrough.tokenize);
md.inline.ruler2.at('strikethrough', strikethrough.postProcess);
md.inline.ruler.at('backticks', span('`', 1, 'code_inline'));
md.inline.ruler.after('backticks', 'math_inline', span('$', 2, 'math_inline'));

/** A line where strikethrough and an intraword `*` meet: the two parsers pair their delimiters differently. */
const MIXED_DELIMITERS = /^(?=[^\n]*~)[^\n]*[\p{L}\p{N}]\*+[\p{L}\p{N}]/mu;

/** A list item starting on a quote's line. */
const LIST_IN_QUOTE = /^[ \t]*(?:>[ \t]*)+(?:[*+-]|\d{1,9}[.)])(?:[ \t]|$)/m;

export function readMarkdown(text: string): Root {
  if (text.includes('\r') || (text.includes('~') && MIXED_DELIMITERS.test(text)) || LIST_IN_QUOTE.test(text)) return parseMarkdown(text);
  const env: { references?: Record<string, unknown> } = {};
  const tokens = md.parse(text, env);
  if (env.references && Object.keys(env.references).length > 0) return parseMarkdown(text);
  const parseCell = (cell: string): PhrasingContent[] => phrasing(md.parseInline(cell, env)[0]?.children ?? []);
  return withGitbookStructure(toMdast(tokens, sourceOf(text), parseCell), text);
}
