/** CommonMark/GFM/math blocks: paragraph, heading, lists, blockquote, code, divider, math. */
import type { Blockquote, Code, Heading, Html, List, ListItem, Paragraph, ThematicBreak } from 'mdast';
import { alignedHtml, readAligned, type AlignedText, type Alignment } from '../blocks/aligned.js';
import { HtmlContentError } from '../blocks/html-phrasing.js';
import type { Math as MathNode } from 'mdast-util-math';
import { mapping, type BlockMapping, type FromContext, type ToContext } from './context.js';
import { codeLines, DocumentError } from './escape.js';
import { IN_LIST_ITEM, IN_QUOTE } from './nesting.js';
import { phrasingFromDocument } from './text.js';
import type { DocBlock, DocText } from './types.js';

const HEADING_ID = /^[-a-z0-9.+_]+$/;
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** An empty paragraph still holds one empty text, as the editor writes it. */
export function emptyText(key: string): DocText {
  return { object: 'text', key, leaves: [{ object: 'leaf', text: '', marks: [] }] };
}

/** Paragraphs, and `<p align>` ones (an `html` node) with their alignment. */
export const paragraph = mapping<Paragraph | Html>({
  mdast: ['paragraph', 'html'],
  document: ['paragraph'],
  toDocument(node, ctx, key) {
    const aligned = node.type === 'html' ? readAligned(node.value, ctx.syntax.elements) : undefined;
    if (node.type === 'html' && aligned?.depth !== 0) return undefined;
    const nodes = ctx.phrasing(aligned?.children ?? (node as Paragraph).children, key);
    const data = aligned ? { align: aligned.align } : {};
    return { object: 'block', type: 'paragraph', key, isVoid: false, data, nodes: nodes.length ? nodes : [emptyText(ctx.key(key, 'empty'))] };
  },
  fromDocument(block, ctx) {
    const children = phrasingFromDocument(block.nodes, ctx);
    const align = alignment(block);
    return align ? alignedNode(block, { depth: 0, align, children }, ctx) : { type: 'paragraph', children };
  },
});

const ALIGNMENTS = new Set(['start', 'center', 'end']);
const alignment = (block: DocBlock) => (ALIGNMENTS.has(block.data?.align as string) ? (block.data?.align as Alignment) : undefined);

/** An aligned paragraph or heading, as the one line of HTML GitBook writes. */
function alignedNode(block: DocBlock, text: AlignedText, ctx: FromContext): Html {
  try {
    return { type: 'html', value: alignedHtml(text, ctx.syntax.elements) };
  } catch (error) {
    if (error instanceof HtmlContentError) throw new DocumentError(block.key, `an aligned ${block.type} is written as HTML, where ${error.message}`);
    throw error;
  }
}

/** Headings, and `<hN align>` ones (an `html` node) with their alignment. */
export const heading = mapping<Heading | Html>({
  mdast: ['heading', 'html'],
  document: ['heading-1', 'heading-2', 'heading-3'],
  toDocument(input, ctx, key) {
    const aligned = input.type === 'html' ? readAligned(input.value, ctx.syntax.elements) : undefined;
    if (input.type === 'html' && !aligned?.depth) return undefined;
    const node: Heading = aligned ? { type: 'heading', depth: aligned.depth as Heading['depth'], children: aligned.children } : (input as Heading);
    const level = node.depth - ctx.shift;
    const clamped = Math.min(3, Math.max(1, level));
    const data: Record<string, unknown> = {};
    if (clamped !== level) data.depth = node.depth;
    if (aligned) data.align = aligned.align;
    const block: DocBlock = { object: 'block', type: `heading-${clamped}`, key, isVoid: false, data, nodes: ctx.phrasing(node.children, key) };
    if (node.id !== undefined) {
      if (HEADING_ID.test(node.id)) data.id = node.id;
      block.meta = { id: node.id };
    }
    return block;
  },
  fromDocument(block, ctx) {
    const level = Number(block.type.slice('heading-'.length));
    const depth = num(block.data?.depth) ?? level + ctx.shift;
    const node: Heading = { type: 'heading', depth: Math.min(6, Math.max(1, depth)) as Heading['depth'], children: phrasingFromDocument(block.nodes, ctx) };
    const align = alignment(block);
    const id = str(block.data?.id) ?? block.meta?.id;
    if (align && id !== undefined) throw new DocumentError(block.key, `an aligned heading is written as HTML, which has no place for its id (${id})`);
    if (align) return alignedNode(block, { depth: node.depth, align, children: node.children }, ctx);
    if (id !== undefined) node.id = id;
    return node;
  },
});

/** GitBook writes blank lines inside an item unless it is a paragraph and its sub-list. */
function derivedSpread(children: readonly { type: string }[]): boolean {
  return children.length > 1 && !(children.length === 2 && children[0]?.type === 'paragraph' && children[1]?.type === 'list');
}

export const list = mapping<List>({
  mdast: ['list'],
  document: ['list-ordered', 'list-unordered', 'list-tasks'],
  toDocument(node, ctx, key) {
    // A loose list (blank lines between items) has no document form: a list block's data holds no more than `start`.
    if (node.spread) return undefined;
    const tasks = !node.ordered && node.children.some((item) => typeof item.checked === 'boolean');
    const type = node.ordered ? 'list-ordered' : tasks ? 'list-tasks' : 'list-unordered';
    const nodes: DocBlock[] = [];
    for (const [index, item] of node.children.entries()) {
      const itemKey = ctx.key(key, `item${index}`, item);
      const children = ctx.blocks(item.children, itemKey, IN_LIST_ITEM);
      if (!children) return undefined;
      const data: Record<string, unknown> = {};
      if (typeof item.checked === 'boolean') data.checked = item.checked;
      if (Boolean(item.spread) !== derivedSpread(item.children)) data.spread = Boolean(item.spread);
      nodes.push({ object: 'block', type: 'list-item', key: itemKey, isVoid: false, data, nodes: children });
    }
    const data: Record<string, unknown> = {};
    if (node.ordered) data.start = node.start ?? 1;
    return { object: 'block', type, key, isVoid: false, data, nodes };
  },
  fromDocument(block, ctx) {
    const ordered = block.type === 'list-ordered';
    const children: ListItem[] = (block.nodes ?? []).flatMap((item) => {
      if (item.object !== 'block' || item.type !== 'list-item') return [];
      const content = ctx.blocks(item.nodes) as ListItem['children'];
      const checked = item.data?.checked;
      const spread = typeof item.data?.spread === 'boolean' ? item.data.spread : derivedSpread(content);
      return [{ type: 'listItem', spread, checked: typeof checked === 'boolean' ? checked : null, children: content }];
    });
    return { type: 'list', ordered, start: ordered ? (num(block.data?.start) ?? 1) : null, spread: false, children };
  },
});

export const blockquote = mapping<Blockquote>({
  mdast: ['blockquote'],
  document: ['blockquote'],
  toDocument(node, ctx, key) {
    const nodes = ctx.blocks(node.children, key, IN_QUOTE);
    return nodes && { object: 'block', type: 'blockquote', key, isVoid: false, data: {}, nodes };
  },
  fromDocument: (block, ctx) => ({ type: 'blockquote', children: ctx.blocks(block.nodes) as Blockquote['children'] }),
});

/** The code block of a fence: one code-line per line. */
export function codeBlock(node: Code, ctx: ToContext, key: string, extra: Record<string, unknown> = {}): DocBlock {
  const data: Record<string, unknown> = {};
  if (node.lang) data.syntax = node.lang;
  if (node.meta) data.meta = node.meta;
  Object.assign(data, extra);
  const nodes = codeLines(node.value, ctx, key);
  return { object: 'block', type: 'code', key, isVoid: false, data, nodes };
}

/** The fence of a code block. */
export function fenceOf(block: DocBlock): Code {
  const lines = (block.nodes ?? []).map((line) =>
    (line.object === 'block' ? (line.nodes ?? []) : []).flatMap((text) => (text.object === 'text' ? text.leaves.map((leaf) => leaf.text) : [])).join(''),
  );
  return { type: 'code', lang: str(block.data?.syntax) ?? null, meta: str(block.data?.meta) ?? null, value: lines.join('\n') };
}

export const code = mapping<Code>({
  mdast: ['code'],
  document: [],
  toDocument: (node, ctx, key) => codeBlock(node, ctx, key),
  fromDocument: () => undefined,
});

export const divider = mapping<ThematicBreak>({
  mdast: ['thematicBreak'],
  document: ['divider'],
  toDocument: (_node, _ctx, key) => ({ object: 'block', type: 'divider', key, isVoid: true, data: {} }),
  fromDocument: () => ({ type: 'thematicBreak' }),
});

export const math = mapping<MathNode>({
  mdast: ['math'],
  document: ['math'],
  toDocument: (node, _ctx, key) => (node.meta ? undefined : { object: 'block', type: 'math', key, isVoid: true, data: { formula: node.value } }),
  fromDocument: (block) => ({ type: 'math', meta: null, value: str(block.data?.formula) ?? '' }),
});

export const CORE_MAPPINGS: readonly BlockMapping[] = [paragraph, heading, list, blockquote, code, divider, math];
