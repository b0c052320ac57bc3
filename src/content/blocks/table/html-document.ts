/**
 * GitBook's HTML tables <-> `table` blocks: the grid or cards view, one definition per column (text, content-ref,
 * files, image, select; widths, alignments, hidden and card-role columns), one record per row, and each text cell's
 * blocks in a fragment whose id is the record value. A reference is written with a label GitBook derives from its
 * target; where the file says something else (the title of a page in another GitBook space), `data.linkLabels`
 * keeps it by destination, so a table written again says the same.
 */
import type { RootContent } from 'mdast';
import { CARDS_TABLE } from './cards.js';
import { HtmlContentError } from '../html-phrasing.js';
import { CELL_BLOCKS } from './cell.js';
import { linkLabel, writeHtmlTable, type HtmlTable, type HtmlTableCell, type HtmlTableColumn } from './html.js';
import { emptyText } from '../../document/blocks-core.js';
import type { FromContext, ToContext } from '../../document/context.js';
import { DocumentError } from '../../document/escape.js';
import { isMediaRef } from '../../document/refs.js';
import type { ContentRef, DocBlock, DocFragment } from '../../document/types.js';

/** Blocks a text cell of an HTML table holds (what `cellToHtml` writes), as document types. */
export const IN_HTML_CELL: ReadonlySet<string> = new Set([
  'paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-ordered', 'list-unordered', 'code', 'table',
]);

type Definition = {
  id: string;
  title: string;
  type: string;
  textAlignment?: string;
  verticalAlignment?: string;
  multiple?: boolean;
  options?: Array<{ value: string; label: string; color: string }>;
};
type View = {
  type: 'grid' | 'cards';
  columns: string[];
  hideHeader?: boolean;
  columnWidths?: Record<string, number>;
  cardSize?: 'medium' | 'large';
  wrap?: boolean;
  targetDefinition?: string;
  coverDefinition?: string;
  coverDefinitionDark?: string;
};
type Record_ = { orderIndex: string; values: Record<string, unknown> };

const ROLE_FIELDS = { target: 'targetDefinition', cover: 'coverDefinition', 'cover-dark': 'coverDefinitionDark' } as const;

export const orderIndex = (index: number) => `a${index.toString(36).padStart(4, '0')}`;

export function htmlTableToDocument(table: HtmlTable, ctx: ToContext, key: string): DocBlock | undefined {
  const ids = table.columns.map((_, index) => ctx.key(key, `column${index}`));
  const view: View = { type: table.cards ? 'cards' : 'grid', columns: ids.filter((_, index) => !table.columns[index]?.hidden) };
  const definition: Record<string, Definition> = {};
  for (const [index, column] of table.columns.entries()) {
    const id = ids[index] as string;
    definition[id] = columnDefinition(column, id);
    if (column.width !== undefined) view.columnWidths = { ...view.columnWidths, [id]: column.width };
    if (column.role) {
      if (!table.cards) return undefined;
      view[ROLE_FIELDS[column.role]] = id;
    }
  }
  if (table.cards) {
    view.cardSize = table.cards.size ?? 'medium';
    if (table.cards.wrap !== undefined) view.wrap = table.cards.wrap;
    if (view.columnWidths || table.headerHidden) return undefined;
  } else view.hideHeader = table.headerHidden === true;
  const records: Record<string, Record_> = {};
  const fragments: DocFragment[] = [];
  const linkLabels: Record<string, string> = {};
  for (const [rowIndex, row] of table.rows.entries()) {
    const recordId = ctx.key(key, `row${rowIndex}`);
    const values: Record<string, unknown> = {};
    for (const [index, cell] of row.entries()) {
      const id = ids[index] as string;
      if (cell.kind === 'links') for (const link of cell.links) if (link.label !== linkLabel(link.href)) linkLabels[link.href] = link.label;
      const value = cellValue(cell, table.columns[index] as HtmlTableColumn, ctx, key, `${recordId}-${id}`, fragments);
      if (value === undefined) return undefined;
      if (value !== null) values[id] = value;
    }
    records[recordId] = { orderIndex: orderIndex(rowIndex), values };
  }
  const data: Record<string, unknown> = { view, records, definition };
  if (table.fullWidth !== undefined) data.fullWidth = table.fullWidth;
  if (table.search !== undefined) data.search = table.search;
  if (Object.keys(linkLabels).length) data.linkLabels = linkLabels;
  return { object: 'block', type: 'table', key, isVoid: true, data, fragments };
}

function columnDefinition(column: HtmlTableColumn, id: string): Definition {
  const definition: Definition = { id, title: column.title, type: column.type };
  if (column.type === 'text') {
    definition.textAlignment = column.align ?? 'left';
    if (column.valign) definition.verticalAlignment = column.valign;
  }
  if (column.type === 'select') {
    definition.multiple = column.multiple === true;
    definition.options = column.options ?? [];
  }
  return definition;
}

/** A record's value for one cell; null for an empty cell of a reference column, undefined when it has no form. */
function cellValue(cell: HtmlTableCell, column: HtmlTableColumn, ctx: ToContext, tableKey: string, id: string, fragments: DocFragment[]): unknown {
  switch (cell.kind) {
    case 'blocks': {
      const key = ctx.key(tableKey, id);
      const nodes = cell.blocks.length ? ctx.blocks(cell.blocks, key, IN_HTML_CELL) : [emptyParagraph(ctx, key)];
      if (!nodes) return undefined;
      fragments.push({ object: 'fragment', key, fragment: id, type: 'table-cell', nodes });
      return id;
    }
    case 'options':
      return cell.values;
    case 'links': {
      if (column.type === 'files') return cell.links.map((link) => fileId(ctx.ref(link.href, 'file'), link.href));
      if (cell.links.length > 1) return undefined;
      const [link] = cell.links;
      if (!link) return null;
      const ref = ctx.ref(link.href, column.type === 'image' ? 'image' : 'content-ref');
      return column.type === 'image' && !isMediaRef(ref) ? undefined : ref;
    }
  }
}

function emptyParagraph(ctx: ToContext, key: string): DocBlock {
  const paragraphKey = ctx.key(key, 'p0');
  return { object: 'block', type: 'paragraph', key: paragraphKey, isVoid: false, data: {}, nodes: [emptyText(ctx.key(paragraphKey, 'empty'))] };
}

/** A files cell holds file ids; a destination that is not an uploaded file is kept as written. */
const fileId = (ref: ContentRef, href: string) => (ref.kind === 'file' ? ref.file : href);

/** Whether a table block needs GitBook's HTML form (a GFM table cannot say it). */
export function needsHtml(block: DocBlock): boolean {
  const data = block.data ?? {};
  const view = (data.view ?? {}) as View;
  const definitions = Object.values((data.definition ?? {}) as Record<string, Definition>);
  if (view.type === 'cards' || view.columnWidths || data.fullWidth !== undefined || data.search !== undefined) return true;
  if (definitions.some((d) => d.type !== 'text' || d.verticalAlignment || !view.columns?.includes(d.id))) return true;
  return (block.fragments ?? []).some((fragment) => fragment.nodes.some((node) => node.type !== 'paragraph'));
}

export function htmlTableFromDocument(block: DocBlock, ctx: FromContext): RootContent {
  const data = block.data ?? {};
  const view = (data.view ?? { type: 'grid', columns: [] }) as View;
  const definition = (data.definition ?? {}) as Record<string, Definition>;
  const ids = [...(view.columns ?? []).filter((id) => definition[id]), ...Object.keys(definition).filter((id) => !view.columns?.includes(id))];
  const roles = new Map<string, HtmlTableColumn['role']>(
    Object.entries(ROLE_FIELDS).flatMap(([role, field]) => (view[field] ? [[view[field] as string, role as HtmlTableColumn['role']]] : [])),
  );
  const columns = ids.map((id) => htmlColumn(definition[id] as Definition, view, roles.get(id)));
  const fragments = new Map((block.fragments ?? []).map((f) => [f.fragment, f]));
  const records = Object.values((data.records ?? {}) as Record<string, Record_>).sort((a, b) => String(a.orderIndex).localeCompare(String(b.orderIndex)));
  const labels = (data.linkLabels ?? {}) as Record<string, unknown>;
  const link = (href: string) => ({ href, label: typeof labels[href] === 'string' ? (labels[href] as string) : linkLabel(href) });
  const table: HtmlTable = {
    columns,
    rows: records.map((record) => ids.map((id, index) => htmlCell(record.values?.[id], columns[index] as HtmlTableColumn, { fragments, ctx, link, key: block.key }))),
  };
  if (view.type === 'cards') {
    table.cards = {};
    if (view.cardSize && view.cardSize !== 'medium') table.cards.size = view.cardSize;
    if (view.wrap !== undefined) table.cards.wrap = view.wrap;
  }
  if (view.type !== 'cards' && view.hideHeader) table.headerHidden = true;
  if (typeof data.fullWidth === 'boolean') table.fullWidth = data.fullWidth;
  if (typeof data.search === 'boolean') table.search = data.search;
  const value = written(table, block.key);
  return CARDS_TABLE.test(value) ? { type: 'cards', value } : { type: 'html', value };
}

function written(table: HtmlTable, key: string | undefined): string {
  try {
    return writeHtmlTable(table);
  } catch (error) {
    if (error instanceof HtmlContentError) throw new DocumentError(key ?? 'table', error.message);
    throw error;
  }
}

function htmlColumn(definition: Definition, view: View, role: HtmlTableColumn['role']): HtmlTableColumn {
  const type = (['content-ref', 'files', 'image', 'select'].includes(definition.type) ? definition.type : 'text') as HtmlTableColumn['type'];
  const column: HtmlTableColumn = { title: definition.title ?? '', type, hidden: !view.columns?.includes(definition.id) };
  if (role) column.role = role;
  const width = view.columnWidths?.[definition.id];
  if (typeof width === 'number') column.width = width;
  const align = definition.textAlignment;
  if (align === 'center' || align === 'right') column.align = align;
  const valign = definition.verticalAlignment;
  if (valign === 'top' || valign === 'middle' || valign === 'bottom') column.valign = valign;
  if (type === 'select') {
    column.options = definition.options ?? [];
    if (definition.multiple) column.multiple = true;
  }
  return column;
}

interface CellContext {
  fragments: Map<string | undefined, DocFragment>;
  ctx: FromContext;
  link: (href: string) => { href: string; label: string };
  key: string | undefined;
}

function htmlCell(value: unknown, column: HtmlTableColumn, { fragments, ctx, link, key: tableKey }: CellContext): HtmlTableCell {
  switch (column.type) {
    case 'text': {
      const nodes = typeof value === 'string' ? fragments.get(value)?.nodes ?? [] : [];
      const blocks = nodes.flatMap((node) => (node.object !== 'block' ? [] : node.type === 'table' ? [asHtml(htmlTableFromDocument(node, ctx))] : ctx.block(node)));
      const outside = blocks.find((node) => !CELL_BLOCKS.has(node.type));
      if (outside) throw new DocumentError(tableKey ?? 'table', `a ${outside.type} cannot be written in a cell of an HTML table`);
      return { kind: 'blocks', blocks: blocks as Extract<HtmlTableCell, { kind: 'blocks' }>['blocks'] };
    }
    case 'select':
      return { kind: 'options', values: Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [] };
    case 'files': {
      const files = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
      return { kind: 'links', links: files.map((file) => link(ctx.url({ kind: 'file', file }, 'file'))) };
    }
    default: {
      if (!value || typeof value !== 'object') return { kind: 'links', links: [] };
      const ref = ('ref' in value ? (value as { ref: ContentRef }).ref : value) as ContentRef;
      return { kind: 'links', links: [link(ctx.url(ref, column.type === 'image' ? 'image' : 'content-ref'))] };
    }
  }
}

/** A table inside a cell is HTML, whatever its view. */
const asHtml = (node: RootContent): RootContent => (node.type === 'cards' ? { type: 'html', value: node.value } : node);
