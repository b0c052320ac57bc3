/**
 * Give structure to the HTML GitBook writes: `<details>` blocks, `<figure>` images, cards tables, heading
 * anchors, and inline elements (buttons, icons, expressions, marks, emoji). Only HTML written exactly as
 * GitBook writes it is converted, so writing the typed node back gives the same text; the rest stays `html`.
 */
import type { Heading, Html, Nodes, Parent, PhrasingContent, RootContent } from 'mdast';
import type { Position } from 'unist';
import { figureFromHtml } from '../blocks/images/syntax.js';
import { CARDS_TABLE } from '../blocks/table/cards.js';
import { DETAILS_CLOSE, DETAILS_OPEN, SUMMARY, type Expandable } from '../blocks/expandable/syntax.js';
import { HEADING_ANCHOR } from '../blocks/heading-anchor.js';
import { htmlAttributes, sameHtml } from '../blocks/html.js';
import { inlineElements } from './inline-html.js';
import type { BlockContent } from 'mdast';

const isHtml = (node: Nodes | undefined, value?: string | RegExp): node is Html =>
  node?.type === 'html' && (value === undefined || (typeof value === 'string' ? node.value === value : value.test(node.value)));

function findClose(children: readonly Nodes[], start: number, open: RegExp, close: string): number {
  let depth = 0;
  for (let index = start + 1; index < children.length; index++) {
    const child = children[index];
    if (isHtml(child, open)) depth++;
    else if (isHtml(child, close)) {
      if (depth === 0) return index;
      depth--;
    }
  }
  return -1;
}

function blockSiblings(children: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (let index = 0; index < children.length; index++) {
    const child = children[index] as RootContent;
    if (child.type !== 'html') {
      out.push(child);
      continue;
    }
    const open = DETAILS_OPEN.exec(child.value);
    const summaryNode = children[index + 1];
    const summary = open && isHtml(summaryNode, SUMMARY) ? SUMMARY.exec(summaryNode.value) : null;
    const close = summary ? findClose(children, index, DETAILS_OPEN, DETAILS_CLOSE) : -1;
    if (open && summary && close > index + 1) {
      const node: Expandable = {
        type: 'expandable',
        open: open[1] !== undefined,
        summary: summary[1] as string,
        children: blockSiblings(children.slice(index + 2, close)) as BlockContent[],
      };
      const position = spanning(child, children[close]);
      if (position) node.position = position;
      out.push(node);
      index = close;
      continue;
    }
    const built: RootContent | undefined = figureFromHtml(child) ?? (CARDS_TABLE.test(child.value) ? { type: 'cards', value: child.value } : undefined);
    if (built && child.position) built.position = child.position;
    out.push(built ?? child);
  }
  return out;
}

const INLINE_OPEN = /^<([a-z]+)((?:\s[^>]*)?)>$/;

function inlineSiblings(children: PhrasingContent[]): PhrasingContent[] {
  if (!children.some((child) => child.type === 'html')) return children;
  const out: PhrasingContent[] = [];
  for (let index = 0; index < children.length; index++) {
    const child = children[index] as PhrasingContent;
    const match = child.type === 'html' ? INLINE_OPEN.exec(child.value) : null;
    const element = match?.[1];
    const specs = element ? inlineElements.specs(element) : [];
    if (!match || specs.length === 0) {
      out.push(child);
      continue;
    }
    const close = findClose(children, index, new RegExp(`^<${element}[\\s>]`), `</${element}>`);
    if (close < 0) {
      out.push(child);
      continue;
    }
    const inner = inlineSiblings(children.slice(index + 1, close));
    const attributes = htmlAttributes(match[2] ?? '');
    let built: PhrasingContent | undefined;
    for (const spec of specs) {
      const node = built ? undefined : spec.build(attributes, inner);
      if (node && sameHtml(spec.openTag(node), (child as Html).value)) built = node;
    }
    if (!built) {
      out.push(child);
      continue;
    }
    const position = spanning(child, children[close]);
    if (position) built.position = position;
    out.push(built);
    index = close;
  }
  return out;
}

/** The source span from the start of `from` to the end of `to`. */
function spanning(from: Nodes, to: Nodes | undefined): Position | undefined {
  return from.position && to?.position ? { start: from.position.start, end: to.position.end } : undefined;
}

function anchorHeading(heading: Heading): void {
  const count = heading.children.length;
  const [open, close] = heading.children.slice(count - 2);
  const match = open?.type === 'html' && close?.type === 'html' && close.value === '</a>' ? HEADING_ANCHOR.exec(open.value) : null;
  if (!match) return;
  const before = heading.children[count - 3];
  if (before && !(before.type === 'text' && before.value.endsWith(' '))) return;
  heading.children.splice(count - 2, 2);
  if (before?.type === 'text') {
    before.value = before.value.slice(0, -1);
    if (before.value === '') heading.children.pop();
  }
  heading.id = match[1] as string;
}

const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'tableCell', 'button', 'mark']);

/** Apply the HTML structuring everywhere in the tree. */
export function nestHtml(node: Nodes): void {
  if (!('children' in node)) return;
  for (const child of node.children) nestHtml(child as Nodes);
  const parent = node as Parent;
  if (PHRASING_PARENTS.has(node.type)) {
    parent.children = inlineSiblings(parent.children as PhrasingContent[]);
    if (node.type === 'heading') anchorHeading(node);
  } else if (parent.children.some((child) => child.type === 'html')) {
    parent.children = blockSiblings(parent.children as RootContent[]);
  }
}
