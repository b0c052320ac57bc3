/**
 * The content of one cell of GitBook's HTML tables, as mdast: `<p>`, `<hN>`, lists and `<pre><code>` are blocks, and a
 * cell of one paragraph is written without `<p>`; inline content is html-phrasing.ts's. Anything else is not read: the
 * caller keeps the table as written.
 */
import type { BlockContent, Code, Heading, List, ListItem, Paragraph, RootContent } from 'mdast';
import {
  attributeValue,
  escapeText,
  HtmlContentError,
  isElement,
  isText,
  phrasingFromHtml,
  phrasingToHtml,
  textOnly,
  type HtmlElement,
  type HtmlNode,
} from '../html-phrasing.js';
import type { InlineHtml } from '../inline-spec.js';

type ChildNode = HtmlNode;
type Element = HtmlElement;

const HEADINGS = new Map<string, Heading['depth']>([
  ['h1', 1],
  ['h2', 2],
  ['h3', 3],
  ['h4', 4],
  ['h5', 5],
  ['h6', 6],
]);
const BLOCK_ELEMENTS = new Set([...HEADINGS.keys(), 'p', 'ul', 'ol', 'pre']);
const blank = (node: ChildNode) => isText(node) && node.value.trim() === '';

/** What a cell's reader and writer are given: GitBook's inline elements, and the table module for tables in a cell. */
export interface CellContext {
  readonly elements: InlineHtml;
  /** The HTML the table module writes for a table in a cell (undefined: not one it reads). */
  readTable(table: Element): string | undefined;
  /** Whether `html` is a table as the table module writes it. */
  isTable(html: string): boolean;
}

/** The blocks of a cell, or undefined when it holds something this reader does not know. */
export function cellFromHtml(children: readonly ChildNode[], ctx: CellContext): BlockContent[] | undefined {
  if (!children.some((child) => isElement(child) && (BLOCK_ELEMENTS.has(child.tagName) || child.tagName === 'table'))) {
    if (children.length === 0) return [];
    const inline = phrasingFromHtml(children, ctx.elements);
    return inline && [{ type: 'paragraph', children: inline }];
  }
  const out: BlockContent[] = [];
  for (const child of children) {
    if (blank(child)) continue;
    const node = isElement(child) ? block(child, ctx) : undefined;
    if (!node) return undefined;
    out.push(node);
  }
  return out;
}

function block(element: Element, ctx: CellContext): BlockContent | undefined {
  const tag = element.tagName;
  if (tag === 'table') {
    const value = ctx.readTable(element);
    return value === undefined ? undefined : { type: 'html', value };
  }
  if (tag === 'pre') return preCode(element);
  if (element.attrs.length > (tag === 'ol' ? 1 : 0)) return undefined;
  const depth = HEADINGS.get(tag);
  if (depth) {
    const children = phrasingFromHtml(element.childNodes, ctx.elements);
    return children && ({ type: 'heading', depth, children } satisfies Heading);
  }
  if (tag === 'p') {
    const children = phrasingFromHtml(element.childNodes, ctx.elements);
    return children && ({ type: 'paragraph', children } satisfies Paragraph);
  }
  if (tag === 'ul' || tag === 'ol') return list(element, ctx);
  return undefined;
}

function list(element: Element, ctx: CellContext): List | undefined {
  const ordered = element.tagName === 'ol';
  const startAttr = element.attrs.find((attr) => attr.name === 'start');
  if (element.attrs.length !== (startAttr ? 1 : 0) || (startAttr && !/^\d{1,9}$/.test(startAttr.value))) return undefined;
  const items: ListItem[] = [];
  for (const child of element.childNodes) {
    if (blank(child)) continue;
    if (!isElement(child) || child.tagName !== 'li' || child.attrs.length) return undefined;
    const content = cellFromHtml(child.childNodes, ctx);
    if (!content) return undefined;
    items.push({ type: 'listItem', spread: false, checked: null, children: content });
  }
  const node: List = { type: 'list', ordered, spread: false, children: items };
  if (ordered) node.start = startAttr ? Number(startAttr.value) : 1;
  return node;
}

function preCode(element: Element): Code | undefined {
  const [code] = element.childNodes;
  if (element.attrs.length || element.childNodes.length !== 1 || !code || !isElement(code) || code.tagName !== 'code') return undefined;
  const language = code.attrs.length === 1 ? /^language-(\S+)$/.exec(code.attrs[0]?.name === 'class' ? code.attrs[0].value : '')?.[1] : undefined;
  if (code.attrs.length && !language) return undefined;
  const value = textOnly(code.childNodes);
  return value === undefined ? undefined : { type: 'code', lang: language ?? null, meta: null, value: value.replace(/\n$/, '') };
}

/** Blocks a cell can hold (`cellToHtml` writes nothing else). */
export const CELL_BLOCKS: ReadonlySet<string> = new Set(['paragraph', 'heading', 'list', 'code', 'html']);

/**
 * A cell's blocks as GitBook writes them: one paragraph bare, several blocks each in its element. Throws
 * `HtmlContentError` for what a cell cannot say (a task list, a heading's id, code's meta, HTML that is not a table).
 */
export function cellToHtml(nodes: readonly RootContent[], ctx: CellContext): string {
  const [only] = nodes;
  if (nodes.length === 1 && only?.type === 'paragraph') return phrasingToHtml(only.children, ctx.elements);
  return nodes.map((node) => blockHtml(node, ctx)).join('');
}

function blockHtml(node: RootContent, ctx: CellContext): string {
  const refuse = (what: string) => new HtmlContentError(`${what} cannot be written in a cell of an HTML table`);
  switch (node.type) {
    case 'paragraph':
      return `<p>${phrasingToHtml(node.children, ctx.elements)}</p>`;
    case 'heading':
      if (node.id !== undefined) throw refuse(`a heading's id (${node.id})`);
      return `<h${node.depth}>${phrasingToHtml(node.children, ctx.elements)}</h${node.depth}>`;
    case 'list': {
      if (node.children.some((item) => typeof item.checked === 'boolean')) throw refuse('a task list');
      const tag = node.ordered ? 'ol' : 'ul';
      const start = node.ordered && node.start != null && node.start !== 1 ? ` start="${node.start}"` : '';
      return `<${tag}${start}>${node.children.map((item) => `<li>${cellToHtml(item.children, ctx)}</li>`).join('')}</${tag}>`;
    }
    case 'html':
      if (!ctx.isTable(node.value)) throw refuse('HTML other than a table');
      return node.value;
    case 'code':
      if (node.meta) throw refuse(`a code block's options (${node.meta})`);
      return `<pre><code${node.lang ? ` class="language-${attributeValue(node.lang)}"` : ''}>${escapeText(node.value)}\n</code></pre>`;
    default:
      throw refuse(`a ${node.type}`);
  }
}
