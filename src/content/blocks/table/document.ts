/**
 * Tables <-> `table` blocks. GFM tables are the grid view: one text definition per column, one record per row, and
 * each cell's content in a fragment whose id is the record value; cells written `<p>a</p><p>b</p>` hold several
 * paragraphs. GitBook's HTML tables (cards, widths, hidden columns, blocks in cells) are html-document.ts's.
 */
import type { AlignType, Html, PhrasingContent, RootContent, Table, TableCell, TableRow } from 'mdast';
import type { Cards } from './cards.js';
import { readHtmlTable } from './html.js';
import { byOrderIndex, htmlTableFromDocument, htmlTableToDocument, needsHtml, orderIndex } from './html-document.js';
import { toString } from 'mdast-util-to-string';
import { emptyText } from '../../document/blocks-core.js';
import { mapping, type FromContext, type ToContext } from '../../document/context.js';
import type { DocBlock, DocFragment } from '../../document/types.js';

const ALIGN: Record<string, 'left' | 'center' | 'right'> = { left: 'left', center: 'center', right: 'right' };

/** A cell's paragraphs: split at `<p>`…`</p>` pairs when the whole cell is written that way. */
function cellParagraphs(cell: TableCell): PhrasingContent[][] {
  const children = cell.children;
  const isTag = (node: PhrasingContent | undefined, tag: string) => node?.type === 'html' && node.value === tag;
  if (!isTag(children[0], '<p>') || !isTag(children[children.length - 1], '</p>')) return [children];
  const paragraphs: PhrasingContent[][] = [];
  let current: PhrasingContent[] | undefined;
  for (const node of children) {
    if (isTag(node, '<p>') && !current) current = [];
    else if (isTag(node, '</p>') && current) {
      paragraphs.push(current);
      current = undefined;
    } else if (current) current.push(node);
    else return [children];
  }
  return current ? [children] : paragraphs;
}

function plainText(children: readonly PhrasingContent[]): string | undefined {
  if (children.length === 0) return '';
  const [only] = children;
  return children.length === 1 && only?.type === 'text' ? only.value : undefined;
}

function cellFragment(cell: TableCell, ctx: ToContext, tableKey: string, id: string): DocFragment {
  const key = ctx.key(tableKey, id, cell);
  const nodes: DocBlock[] = cellParagraphs(cell).map((children, index) => {
    const paragraphKey = ctx.key(key, `p${index}`);
    const inner = ctx.phrasing(children, paragraphKey);
    return {
      object: 'block',
      type: 'paragraph',
      key: paragraphKey,
      isVoid: false,
      data: {},
      nodes: inner.length ? inner : [emptyText(ctx.key(paragraphKey, 'empty'))],
    };
  });
  return { object: 'fragment', key, fragment: id, type: 'table-cell', nodes };
}

export const table = mapping<Table | Html | Cards>({
  mdast: ['table', 'html', 'cards'],
  document: ['table'],
  toDocument(node, ctx, key) {
    if (node.type === 'table') return gfmToDocument(node, ctx, key);
    const html = readHtmlTable(node.value, ctx.syntax.elements);
    return html && htmlTableToDocument(html, ctx, key);
  },
  fromDocument(block, ctx) {
    return needsHtml(block) ? htmlTableFromDocument(block, ctx) : gfmFromDocument(block, ctx);
  },
});

function gfmToDocument(node: Table, ctx: ToContext, key: string): DocBlock | undefined {
  const [head, ...rest] = node.children;
  if (!head) return undefined;
  const columns = head.children.map((_, index) => ctx.key(key, `column${index}`));
  // Column titles are plain strings: a header with formatting is kept as a first row, header hidden.
  const titles = head.children.map((cell) => plainText(cell.children));
  const hideHeader = titles.some((title) => title === undefined);
  const rows = hideHeader ? node.children : rest;
  const definition: Record<string, unknown> = {};
  for (const [index, cell] of head.children.entries()) {
    const id = columns[index] as string;
    const title = titles[index] ?? toString(cell);
    definition[id] = { id, title, type: 'text', textAlignment: ALIGN[node.align?.[index] ?? ''] ?? 'left' };
  }
  const records: Record<string, unknown> = {};
  const fragments: DocFragment[] = [];
  for (const [rowIndex, row] of rows.entries()) {
    if (row.children.length !== columns.length) return undefined;
    const recordId = ctx.key(key, `row${rowIndex}`, row);
    const values: Record<string, string> = {};
    for (const [index, cell] of row.children.entries()) {
      const fragment = cellFragment(cell, ctx, key, `${recordId}-${columns[index] as string}`);
      fragments.push(fragment);
      values[columns[index] as string] = fragment.fragment;
    }
    records[recordId] = { orderIndex: orderIndex(rowIndex), values };
  }
  const data = { view: { type: 'grid', columns, hideHeader }, records, definition };
  return { object: 'block', type: 'table', key, isVoid: true, data, fragments };
}

function gfmFromDocument(block: DocBlock, ctx: FromContext): RootContent {
  const data = block.data ?? {};
  const view = data.view as { columns?: string[] } | undefined;
  const definition = (data.definition ?? {}) as Record<string, { title?: string; textAlignment?: string }>;
  const columns = view?.columns ?? Object.keys(definition);
  const fragments = new Map((block.fragments ?? []).map((f) => [f.fragment, f]));
  const align: AlignType[] = columns.map((id) => {
    const a = definition[id]?.textAlignment;
    return a === 'center' || a === 'right' ? a : null;
  });
  const records = Object.values((data.records ?? {}) as Record<string, { orderIndex?: string; values?: Record<string, unknown> }>).sort(byOrderIndex);
  const rows: TableRow[] = records.map((record) => ({
    type: 'tableRow',
    children: columns.map((id): TableCell => {
      const value = record.values?.[id];
      const paragraphs = (typeof value === 'string' ? fragments.get(value)?.nodes : undefined) ?? [];
      const parts = paragraphs.map((p) => ctx.phrasing(p.nodes));
      if (parts.length <= 1)
        return { type: 'tableCell', children: parts[0] ?? (typeof value === 'string' && !fragments.has(value) && value ? [{ type: 'text', value }] : []) };
      return {
        type: 'tableCell',
        children: parts.flatMap((children): PhrasingContent[] => [{ type: 'html', value: '<p>' }, ...children, { type: 'html', value: '</p>' }]),
      };
    }),
  }));
  // Markdown tables always have a header row: a hidden header is the first record.
  const titleRow: TableRow = {
    type: 'tableRow',
    children: columns.map((id) => {
      const title = definition[id]?.title ?? '';
      return { type: 'tableCell', children: title ? [{ type: 'text', value: title }] : [] };
    }),
  };
  const head = (view as { hideHeader?: boolean } | undefined)?.hideHeader && rows.length > 0 ? (rows.shift() as TableRow) : titleRow;
  return { type: 'table', align, children: [head, ...rows] };
}
