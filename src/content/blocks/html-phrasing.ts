/**
 * The inline HTML GitBook writes inside its HTML blocks (table cells, aligned paragraphs), as mdast phrasing: strong,
 * em, code, s, links (and mentions), `<br>`, kbd/sup/sub, and GitBook's inline elements (marks, emoji, icons,
 * buttons, expressions). Read with parse5; anything else is not read, so the caller keeps its block as written.
 */
import type { Html, PhrasingContent } from 'mdast';
import type { DefaultTreeAdapterTypes as P } from 'parse5';
import { encodeAttribute } from './html.js';
import type { InlineHtml } from './inline-spec.js';
import { markOpenTag } from './inline/marks.js';

export type HtmlNode = P.ChildNode;
export type HtmlElement = P.Element;

const SIMPLE_MARKS = new Map<string, 'strong' | 'emphasis' | 'delete'>([
  ['strong', 'strong'],
  ['b', 'strong'],
  ['em', 'emphasis'],
  ['s', 'delete'],
  ['del', 'delete'],
]);
const HTML_MARKS = new Set(['kbd', 'sup', 'sub']);
/** mdast nodes of GitBook's inline elements, written as the HTML their markdown writer gives. */
const HTML_INLINES = new Set(['emoji', 'icon', 'button', 'expression']);

export const isElement = (node: HtmlNode): node is HtmlElement => 'tagName' in node;
export const isText = (node: HtmlNode): node is P.TextNode => node.nodeName === '#text';

/** Elements inside one another that a block of GitBook's HTML may hold (its readers recurse). */
const MAX_HTML_DEPTH = 64;

/** Whether parsed HTML nests elements deeper than its readers go (counted without recursion). */
export function htmlTooDeep(nodes: readonly HtmlNode[]): boolean {
  const stack: Array<[HtmlNode, number]> = nodes.map((node) => [node, 1]);
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_HTML_DEPTH) return true;
    if (isElement(node)) for (const child of node.childNodes) stack.push([child, depth + 1]);
  }
  return false;
}

/** The text of nodes that are all text, else undefined. */
export function textOnly(children: readonly HtmlNode[]): string | undefined {
  let out = '';
  for (const child of children) {
    if (!isText(child)) return undefined;
    out += child.value;
  }
  return out;
}

/** The phrasing of HTML nodes, or undefined when some element is not one GitBook writes inline. */
export function phrasingFromHtml(children: readonly HtmlNode[], elements: InlineHtml): PhrasingContent[] | undefined {
  const out: PhrasingContent[] = [];
  for (const child of children) {
    if (isText(child)) {
      if (child.value) out.push({ type: 'text', value: child.value });
      continue;
    }
    if (!isElement(child)) return undefined;
    const nodes = inline(child, elements);
    if (!nodes) return undefined;
    out.push(...nodes);
  }
  return out;
}

function inline(element: HtmlElement, elements: InlineHtml): PhrasingContent[] | undefined {
  const tag = element.tagName;
  const attrs = element.attrs;
  if (tag === 'br') return attrs.length ? undefined : [{ type: 'break' }];
  if (tag === 'code' && !attrs.length) {
    const value = textOnly(element.childNodes);
    return value === undefined ? undefined : [{ type: 'inlineCode', value }];
  }
  const children = phrasingFromHtml(element.childNodes, elements);
  if (!children) return undefined;
  // GitBook's own elements first: `<code class="expression">`, `<a class="button …">`.
  const attributes = attrs.map((attr): [string, string] => [attr.name, encodeAttribute(attr.value)]);
  for (const spec of elements.specs(tag)) {
    const node = spec.build(attributes, children);
    if (node && spec.openTag(node) === openTag(element)) return [node];
  }
  const mark = SIMPLE_MARKS.get(tag);
  if (mark) return attrs.length ? undefined : [{ type: mark, children } as PhrasingContent];
  if (HTML_MARKS.has(tag)) return attrs.length ? undefined : [{ type: 'html', value: `<${tag}>` }, ...children, { type: 'html', value: `</${tag}>` }];
  if (tag === 'a') return link(element, children);
  return undefined;
}

function link(element: HtmlElement, children: PhrasingContent[]): PhrasingContent[] | undefined {
  const names = element.attrs.map((attr) => attr.name).join(' ');
  if (names !== 'href' && names !== 'data-mention href') return undefined;
  const url = element.attrs.find((attr) => attr.name === 'href')?.value ?? '';
  return [{ type: 'link', url, title: names === 'href' ? null : 'mention', children }];
}

/** An attribute value as GitBook's HTML writer escapes it; a line break as a reference, so the tag stays on its line. */
export function attributeValue(value: string): string {
  return encodeAttribute(value).replace(/\r/g, '&#xD;').replace(/\n/g, '&#xA;');
}

/** The start tag as GitBook writes it: attributes in order, bare when empty. */
export function openTag(element: HtmlElement): string {
  const attributes = element.attrs.map((attr) => (attr.value === '' ? ` ${attr.name}` : ` ${attr.name}="${attributeValue(attr.value)}"`));
  return `<${element.tagName}${attributes.join('')}>`;
}

/**
 * Text as GitBook writes it in HTML: `&` and `<` as hex references. A carriage return, and a line break before a
 * blank line, are references too: either would end the HTML block in markdown.
 */
export function escapeText(text: string): string {
  return text
    .replace(/&/g, '&#x26;')
    .replace(/</g, '&#x3C;')
    .replace(/\r/g, '&#xD;')
    .replace(/\n(?=[ \t]*(?:\n|$))/g, '&#xA;');
}

/** HTML written into markdown as one block: refused when a blank line or a carriage return would end it early. */
export function oneHtmlBlock(html: string): string {
  if (/\r|\n[ \t]*(?:\n|$)/.test(html)) throw new HtmlContentError('a blank line cannot be written inside an HTML block');
  return html;
}

/** A node HTML cannot hold was given to a writer of GitBook's HTML. */
export class HtmlContentError extends Error {}

/** Phrasing as GitBook writes it in HTML. Throws `HtmlContentError` for a node with no inline HTML form. */
export function phrasingToHtml(children: readonly PhrasingContent[], elements: InlineHtml): string {
  return children.map((node) => inlineNode(node, elements)).join('');
}

function inlineNode(node: PhrasingContent, elements: InlineHtml): string {
  switch (node.type) {
    case 'text':
      return escapeText(node.value);
    case 'break':
      return '<br>';
    case 'inlineCode':
      return `<code>${escapeText(node.value)}</code>`;
    case 'strong':
      return `<strong>${phrasingToHtml(node.children, elements)}</strong>`;
    case 'emphasis':
      return `<em>${phrasingToHtml(node.children, elements)}</em>`;
    case 'delete':
      return `<s>${phrasingToHtml(node.children, elements)}</s>`;
    case 'html':
      return (node satisfies Html).value;
    case 'link': {
      const mention = node.title === 'mention' ? ' data-mention' : '';
      return `<a${mention} href="${attributeValue(node.url)}">${phrasingToHtml(node.children, elements)}</a>`;
    }
    case 'mark':
      return `${markOpenTag(node)}${phrasingToHtml(node.children, elements)}</mark>`;
    default:
      if (!HTML_INLINES.has(node.type)) throw new HtmlContentError(`a ${node.type} cannot be written inside HTML`);
      // GitBook's inline elements are HTML in markdown too.
      return elements.write(node);
  }
}
