/**
 * The escape hatch. A node with no exact document form becomes a `code` block whose `data.markdown`
 * holds its markdown (the code lines show the same text, so a document reader still sees it); coming
 * back, the markdown is written verbatim. Code blocks are not allowed everywhere (hints, quotes): there
 * the container itself is escaped one level up.
 */
import type { Html, RootContent } from 'mdast';
import type { FromContext, ToContext } from './context.js';
import type { DocBlock, DocNode } from './types.js';
import { markdownLimitProblem } from '../limits.js';

export const ESCAPE_TYPE = 'code';

/** Characters of markdown an escape block's lines may hold. */
const ESCAPE_LIMIT = 64 * 1024;

/** The `code-line` blocks of a code block: one per line of `text`. */
export function codeLines(text: string, ctx: ToContext, key: string): DocBlock[] {
  return text.split('\n').map((line, index) => {
    const lineKey = ctx.key(key, `line${index}`);
    return {
      object: 'block',
      type: 'code-line',
      key: lineKey,
      isVoid: false,
      data: {},
      nodes: [{ object: 'text', key: ctx.key(lineKey, 'text'), leaves: [{ object: 'leaf', text: line, marks: [] }] }],
    };
  });
}

export function escapeBlock(node: RootContent, ctx: ToContext, key: string): DocBlock {
  const markdown = ctx.markdown(node);
  const nodes = codeLines(markdown, ctx, key);
  const block: DocBlock = { object: 'block', type: ESCAPE_TYPE, key, isVoid: false, data: { syntax: 'markdown', markdown }, nodes };
  ctx.remember(block, node);
  return block;
}

export function isEscape(block: DocBlock): boolean {
  return block.type === ESCAPE_TYPE && typeof block.data?.markdown === 'string';
}

/**
 * The nodes an escape stands for. Its markdown is shown twice, in `data.markdown` and as the code lines a
 * document editor shows and edits: edited lines win, so an edit made through the lines is never dropped.
 */
export function unescapeBlock(block: DocBlock, ctx: FromContext): RootContent[] {
  const original = ctx.original(block);
  if (original) return [original as RootContent];
  const markdown = block.data?.markdown as string;
  const lines = (block.nodes ?? []).map(lineText).join('\n');
  // Read on the request's thread: an escape is one block, so its markdown is held to a block's size.
  if (lines.length > ESCAPE_LIMIT)
    throw new DocumentError(
      block.key,
      `its lines hold ${lines.length} characters of markdown; at most ${ESCAPE_LIMIT} fit in one block (send the page as markdown instead)`,
    );
  const problem = markdownLimitProblem(lines);
  if (problem) throw new DocumentError(block.key, `its lines hold markdown that ${problem.message}`);
  // Read again, the markdown is the nodes it was written from (a figure stays a figure, with its references).
  const nodes = ctx.syntax.parse(lines).children;
  if (lines !== markdown || ctx.syntax.write({ type: 'root', children: nodes }).replace(/\n$/, '') === markdown) return nodes;
  return [{ type: 'html', value: markdown } satisfies Html];
}

function lineText(line: DocNode): string {
  if (line.object !== 'block') return '';
  return (line.nodes ?? []).map((text) => (text.object === 'text' ? text.leaves.map((leaf) => leaf.text).join('') : '')).join('');
}

/** A document that cannot be written as markdown; the message names the block. */
export class DocumentError extends Error {
  constructor(
    readonly key: string,
    problem: string,
  ) {
    super(`block ${key}: ${problem}`);
  }
}
