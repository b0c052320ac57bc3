/**
 * markdown-it's token stream -> the mdast `fromMarkdown` gives for the same text (without inline
 * positions: blocks get their lines, all the Liquid and empty-paragraph nesting needs).
 */
import type { Token } from 'markdown-it';
import type { AlignType, Nodes, Parent, PhrasingContent, Root, RootContent, Table, TableCell, Text } from 'mdast';
import type { Position } from 'unist';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import { splitRow } from './table-row.js';

export interface Source {
  text: string;
  /** Offset where each line starts. */
  lineStarts: number[];
}

export function sourceOf(text: string): Source {
  const lineStarts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  return { text, lineStarts };
}

const lineAt = (source: Source, line: number) =>
  source.text.slice(source.lineStarts[line], (source.lineStarts[line + 1] ?? source.text.length + 1) - 1).replace(/\r$/, '');

const isBlank = (line: string) => /^[ \t]*$/.test(line);

/** Lines `map` covers, blank lines at its end left out (markdown-it counts them in lists); 0-based. */
function lastLine(source: Source, map: [number, number]): number {
  let last = map[1] - 1;
  while (last > map[0] && isBlank(lineAt(source, last))) last--;
  return last;
}

function positionOf(source: Source, map: [number, number] | null): Position | undefined {
  if (!map) return undefined;
  const last = lastLine(source, map);
  const end = lineAt(source, last).replace(/[ \t]+$/, '');
  return {
    start: { line: map[0] + 1, column: 1 },
    end: { line: last + 1, column: end.length + 1, offset: (source.lineStarts[last] ?? 0) + end.length },
  };
}

function withText(children: PhrasingContent[], value: string): void {
  const last = children[children.length - 1];
  if (last?.type === 'text') last.value += value;
  else children.push({ type: 'text', value });
}

function altOf(tokens: readonly Token[] | null): string {
  let alt = '';
  for (const token of tokens ?? []) {
    if (token.type === 'softbreak') alt += '\n';
    else if (token.type === 'image') alt += altOf(token.children);
    else alt += token.content;
  }
  return alt;
}

/** Inline tokens -> phrasing content. */
export function phrasing(tokens: readonly Token[]): PhrasingContent[] {
  const root: PhrasingContent[] = [];
  const stack: PhrasingContent[][] = [root];
  const open = (node: PhrasingContent & Parent) => {
    stack[stack.length - 1]!.push(node);
    stack.push(node.children as PhrasingContent[]);
  };
  for (const token of tokens) {
    const children = stack[stack.length - 1]!;
    switch (token.type) {
      case 'text':
        if (token.content) withText(children, token.content);
        break;
      case 'softbreak':
        withText(children, '\n');
        break;
      case 'hardbreak':
        children.push({ type: 'break' });
        break;
      case 'code_inline':
        children.push({ type: 'inlineCode', value: token.content });
        break;
      case 'math_inline':
        children.push({
          type: 'inlineMath',
          value: token.content,
          data: { hName: 'code', hProperties: { className: ['language-math', 'math-inline'] }, hChildren: [{ type: 'text', value: token.content }] },
        });
        break;
      case 'html_inline':
        children.push({ type: 'html', value: token.content });
        break;
      case 'image':
        children.push({ type: 'image', url: String(token.attrGet('src') ?? ''), title: titleOf(token), alt: altOf(token.children) });
        break;
      case 'footnote_ref': {
        const label = String((token.meta as { label: string }).label);
        children.push({ type: 'footnoteReference', identifier: normalizeIdentifier(label).toLowerCase(), label });
        break;
      }
      case 'em_open':
        open({ type: 'emphasis', children: [] });
        break;
      case 'strong_open':
        open({ type: 'strong', children: [] });
        break;
      case 's_open':
        open({ type: 'delete', children: [] });
        break;
      case 'link_open':
        open({ type: 'link', url: String(token.attrGet('href') ?? ''), title: titleOf(token), children: [] });
        break;
      case 'em_close':
      case 'strong_close':
      case 's_close':
      case 'link_close':
        stack.pop();
        break;
      default:
        if (token.content) withText(children, token.content);
    }
  }
  return root;
}

function titleOf(token: Token): string | null {
  const title = token.attrGet('title');
  return title === null ? null : String(title);
}

const ALIGN = /text-align:(left|right|center)/;

function alignOf(token: Token): AlignType {
  return (ALIGN.exec(String(token.attrGet('style') ?? ''))?.[1] as AlignType | undefined) ?? null;
}

/** A GFM task list item: `[ ]` or `[x]` and a whitespace opening its first paragraph. */
function taskItem(item: Parent & { checked?: boolean | null }): void {
  const paragraph = item.children[0];
  const text = paragraph?.type === 'paragraph' ? paragraph.children[0] : undefined;
  const match = text?.type === 'text' ? /^\[([ xX])\][ \t\n]/.exec(text.value) : null;
  if (!match || paragraph?.type !== 'paragraph') return;
  item.checked = match[1] !== ' ';
  (text as Text).value = (text as Text).value.slice(4);
  if ((text as Text).value === '') paragraph.children.shift();
}

/** Blank lines between any two of `nodes` (by their lines). */
function gapBetween(nodes: readonly Nodes[]): boolean {
  for (let index = 1; index < nodes.length; index++) {
    const end = nodes[index - 1]!.position?.end.line;
    const start = nodes[index]!.position?.start.line;
    if (end !== undefined && start !== undefined && start - end > 1) return true;
  }
  return false;
}

/**
 * A GFM table row keeps the cells it was written with: markdown-it pads a short row and drops cells past
 * the header's count, so the row is split again from its line, and each cell's position is given for
 * `restoreCellSpaces`.
 */
function finishRow(row: Parent, source: Source, line: number, parseCell: (text: string) => PhrasingContent[], containers: readonly Parent[]): void {
  const text = lineAt(source, line);
  const prefix = containerPrefix(text, containers);
  const cells = splitRow(text.slice(prefix), (source.lineStarts[line] ?? 0) + prefix);
  const built = row.children as TableCell[];
  row.children = cells.map((cell, index) => {
    const node: TableCell = built[index] ?? { type: 'tableCell', children: parseCell(cell.text) };
    node.position = { start: { line: line + 1, column: 1, offset: cell.open }, end: { line: line + 1, column: 1 } };
    const first = node.children[0];
    const last = node.children[node.children.length - 1];
    if (first) first.position = { start: { line: line + 1, column: 1, offset: cell.start }, end: { line: line + 1, column: 1 } };
    if (last) last.position = { start: (last.position ?? first!.position!).start, end: { line: line + 1, column: 1, offset: cell.end } };
    return node;
  });
}

/**
 * The length of what the quotes and list items around a table put before its row on `line`: `> `, a list marker
 * on an item's first line, the item's indent on the others.
 */
function containerPrefix(line: string, containers: readonly Parent[]): number {
  let at = 0;
  for (const container of containers) {
    const rest = line.slice(at);
    const match =
      container.type === 'blockquote'
        ? /^[ \t]{0,3}>[ \t]?/.exec(rest)
        : container.type === 'listItem'
          ? /^[ \t]*(?:(?:[*+-]|\d{1,9}[.)])(?:[ \t]+|$))?/.exec(rest)
          : null;
    at += match?.[0].length ?? 0;
  }
  return at;
}

/** Block tokens -> a root. */
export function toMdast(tokens: readonly Token[], source: Source, parseCell: (text: string) => PhrasingContent[]): Root {
  const root: Root = { type: 'root', children: [] };
  const stack: Parent[] = [root];
  const top = () => stack[stack.length - 1]!;
  const add = (node: RootContent, token: Token) => {
    const position = positionOf(source, token.map);
    if (position) node.position = position;
    top().children.push(node as never);
    return node;
  };
  const open = (node: RootContent & Parent, token: Token) => stack.push(add(node, token) as Parent);
  let table: Table | null = null;
  let row = -1;

  for (const token of tokens) {
    switch (token.type) {
      case 'paragraph_open':
        open({ type: 'paragraph', children: [] }, token);
        break;
      case 'heading_open':
        open({ type: 'heading', depth: Number(token.tag.slice(1)) as 1, children: [] }, token);
        break;
      case 'blockquote_open':
        open({ type: 'blockquote', children: [] }, token);
        break;
      case 'bullet_list_open':
        open({ type: 'list', ordered: false, start: null, spread: false, children: [] }, token);
        break;
      case 'ordered_list_open':
        open({ type: 'list', ordered: true, start: Number(token.attrGet('start') ?? 1), spread: false, children: [] }, token);
        break;
      case 'list_item_open':
        open({ type: 'listItem', spread: false, checked: null, children: [] }, token);
        break;
      case 'footnote_reference_open': {
        const label = String((token.meta as { label: string }).label);
        open({ type: 'footnoteDefinition', identifier: normalizeIdentifier(label).toLowerCase(), label, children: [] }, token);
        break;
      }
      case 'table_open':
        table = add({ type: 'table', align: [], children: [] }, token) as Table;
        stack.push(table);
        break;
      case 'tr_open':
        row = token.map?.[0] ?? -1;
        open({ type: 'tableRow', children: [] }, token);
        break;
      case 'th_open':
        table?.align?.push(alignOf(token));
        open({ type: 'tableCell', children: [] }, token);
        break;
      case 'td_open':
        open({ type: 'tableCell', children: [] }, token);
        break;
      case 'inline':
        top().children.push(...(phrasing(token.children ?? []) as never[]));
        break;
      case 'tr_close':
        stack.pop();
        if (row >= 0) finishRow(top().children[top().children.length - 1] as Parent, source, row, parseCell, stack);
        break;
      case 'list_item_close': {
        const item = stack.pop()!;
        item.position = spanOf(item) ?? item.position;
        taskItem(item);
        (item as { spread?: boolean }).spread = gapBetween(item.children);
        break;
      }
      case 'bullet_list_close':
      case 'ordered_list_close': {
        const list = stack.pop()!;
        (list as { spread?: boolean }).spread = gapBetween(list.children);
        break;
      }
      case 'footnote_reference_close': {
        const definition = stack.pop()!;
        definition.position = spanOf(definition) ?? definition.position;
        break;
      }
      case 'paragraph_close':
        mathTrailingSpace(stack.pop()!, source);
        break;
      case 'heading_close':
      case 'blockquote_close':
      case 'th_close':
      case 'td_close':
        stack.pop();
        break;
      case 'table_close':
        stack.pop();
        table = null;
        break;
      case 'fence': {
        const info = token.info.trim();
        const lang = info.split(/[ \t]/, 1)[0] ?? '';
        const meta = info.slice(lang.length).trim();
        add({ type: 'code', lang: lang || null, meta: meta || null, value: token.content.replace(/\n$/, '') }, token);
        break;
      }
      case 'code_block':
        add({ type: 'code', lang: null, meta: null, value: token.content.replace(/\n$/, '') }, token);
        break;
      case 'math_block':
        add(
          {
            type: 'math',
            meta: token.info || null,
            value: token.content.replace(/\n$/, ''),
            data: {
              hName: 'pre',
              hChildren: [
                {
                  type: 'element',
                  tagName: 'code',
                  properties: { className: ['language-math', 'math-display'] },
                  children: [{ type: 'text', value: token.content.replace(/\n$/, '') }],
                },
              ],
            },
          },
          token,
        );
        break;
      case 'hr':
        add({ type: 'thematicBreak' }, token);
        break;
      case 'html_block':
        add({ type: 'html', value: token.content.replace(/\n$/, '') }, token);
        break;
      case 'liquid_tag':
        add({ type: 'liquidTag', value: token.content }, token);
        break;
    }
  }
  return root;
}

/** A container's lines: from its own start to its last child's end (markdown-it leaves the end open). */
function spanOf(node: Parent): Position | undefined {
  const last = node.children[node.children.length - 1]?.position;
  return node.position && last ? { start: node.position.start, end: last.end } : node.position;
}

/** Spaces ending a paragraph right after inline math, which `restoreMathTrailingSpace` reads from the source. */
function mathTrailingSpace(paragraph: Parent, source: Source): void {
  const line = paragraph.position?.end.line;
  if (paragraph.children[paragraph.children.length - 1]?.type !== 'inlineMath' || line === undefined) return;
  const spaces = /\$\$([ \t]+)$/.exec(lineAt(source, line - 1))?.[1];
  if (spaces) paragraph.children.push({ type: 'text', value: spaces } as never);
}
