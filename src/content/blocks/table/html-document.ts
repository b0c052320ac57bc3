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
  'paragraph',
  'heading-1',
  'heading-2',
  'heading-3',
  'list-ordered',
  'list-unordered',
  'code',
  'table',
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
  hideColumnTitle?: boolean;
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
  const definition = (data.definition ?? {}) as Record<string, Definition>;
  if (view.type === 'cards' || view.columnWidths || data.fullWidth !== undefined || data.search !== undefined) return true;
  if (Object.entries(definition).some(([id, d]) => d?.type !== 'text' || d.verticalAlignment || !view.columns?.includes(id))) return true;
  return (block.fragments ?? []).some((fragment) => fragment.nodes.some((node) => node.type !== 'paragraph' || node.data?.align !== undefined));
}

/** GitBook's fractional indexes order records by code unit, not by locale. */
export const byOrderIndex = (a: { orderIndex?: unknown }, b: { orderIndex?: unknown }): number => {
  const x = String(a.orderIndex);
  const y = String(b.orderIndex);
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * The HTML table of a block. What GitBook's HTML tables cannot say (a number column, a value of the wrong shape, an
 * option that is not one of its column's) is refused with a `DocumentError` naming the table, the column and the row.
 */
export function htmlTableFromDocument(block: DocBlock, ctx: FromContext): RootContent {
  const data = block.data ?? {};
  const view = (isObject(data.view) ? data.view : { type: 'grid', columns: [] }) as View;
  const definition = (isObject(data.definition) ? data.definition : {}) as Record<string, Definition>;
  const refuse = (problem: string) => new DocumentError(block.key ?? 'table', problem);
  const visible = Array.isArray(view.columns) ? view.columns.filter((id) => Object.hasOwn(definition, id)) : [];
  if (view.type === 'cards' && view.columnWidths) throw refuse('a cards view has no column widths');
  if (view.hideColumnTitle) throw refuse("GitBook's HTML tables have no form for hidden column titles");
  if (Array.isArray(data.cellMerges) && data.cellMerges.length) throw refuse("GitBook's HTML tables have no form for merged cells");
  // Visible columns in the view's order; a hidden one keeps its place among them.
  const queue = [...visible];
  const ids = Object.keys(definition).map((id) => (visible.includes(id) ? (queue.shift() as string) : id));
  const roles = columnRoles(view, refuse);
  const columns = ids.map((id) => htmlColumn(id, definition[id] as Definition, view, roles.get(id), visible.includes(id), refuse));
  const fragments = new Map((block.fragments ?? []).map((f) => [f.fragment, f]));
  const records = Object.entries(isObject(data.records) ? (data.records as Record<string, Record_>) : {}).sort(([, a], [, b]) => byOrderIndex(a, b));
  const labels = (isObject(data.linkLabels) ? data.linkLabels : {}) as Record<string, unknown>;
  const link = (href: string) => ({ href, label: typeof labels[href] === 'string' ? (labels[href] as string) : linkLabel(href) });
  const table: HtmlTable = {
    columns,
    rows: records.map(([recordId, record]) =>
      ids.map((id, index) => {
        const cell = { fragments, ctx, link, refuse: (problem: string) => refuse(`row ${recordId}, column ${id}: ${problem}`) };
        return htmlCell(isObject(record?.values) ? record.values[id] : undefined, columns[index] as HtmlTableColumn, cell);
      }),
    ),
  };
  if (view.type === 'cards') {
    table.cards = {};
    if (view.cardSize === 'large') table.cards.size = 'large';
    if (typeof view.wrap === 'boolean') table.cards.wrap = view.wrap;
  } else if (view.hideHeader) table.headerHidden = true;
  if (typeof data.fullWidth === 'boolean') table.fullWidth = data.fullWidth;
  if (typeof data.search === 'boolean') table.search = data.search;
  const value = written(table, ctx, refuse);
  return CARDS_TABLE.test(value) ? { type: 'cards', value } : { type: 'html', value };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The card roles by column: a column plays one role at most (its `<th>` has one such attribute). */
function columnRoles(view: View, refuse: (problem: string) => Error): Map<string, HtmlTableColumn['role']> {
  const roles = new Map<string, HtmlTableColumn['role']>();
  for (const [role, field] of Object.entries(ROLE_FIELDS)) {
    const id = view[field];
    if (typeof id !== 'string') continue;
    if (roles.has(id)) throw refuse(`column ${id} is both the cards' ${roles.get(id)} and their ${role}`);
    roles.set(id, role as HtmlTableColumn['role']);
  }
  return roles;
}

function written(table: HtmlTable, ctx: FromContext, refuse: (problem: string) => Error): string {
  try {
    return writeHtmlTable(table, ctx.syntax.elements);
  } catch (error) {
    if (error instanceof HtmlContentError) throw refuse(error.message);
    throw error;
  }
}

const COLUMN_TYPES = new Set(['text', 'content-ref', 'files', 'image', 'select']);

function htmlColumn(
  id: string,
  definition: Definition,
  view: View,
  role: HtmlTableColumn['role'],
  visible: boolean,
  refuse: (problem: string) => Error,
): HtmlTableColumn {
  if (!isObject(definition) || !COLUMN_TYPES.has(definition.type))
    throw refuse(`column ${id}: GitBook's HTML tables have no form for a ${String(isObject(definition) ? definition.type : definition)} column`);
  const type = definition.type as HtmlTableColumn['type'];
  const column: HtmlTableColumn = { title: typeof definition.title === 'string' ? definition.title : '', type, hidden: !visible };
  if (role) column.role = role;
  const width = view.columnWidths?.[id];
  if (width !== undefined) {
    if (typeof width !== 'number' || !(width >= 0) || !/^\d+(\.\d+)?$/.test(String(width)))
      throw refuse(`column ${id}: a width is a number of pixels, not ${JSON.stringify(width)}`);
    column.width = width;
  }
  const align = definition.textAlignment;
  if (align === 'center' || align === 'right') column.align = align;
  const valign = definition.verticalAlignment;
  if (valign === 'top' || valign === 'middle' || valign === 'bottom') column.valign = valign;
  if (type === 'select') {
    const options = Array.isArray(definition.options) ? definition.options : [];
    if (!options.every((o) => isObject(o) && typeof o.value === 'string' && typeof o.label === 'string' && typeof o.color === 'string'))
      throw refuse(`column ${id}: an option has a value, a label and a color`);
    column.options = options;
    if (definition.multiple) column.multiple = true;
  }
  return column;
}

interface CellContext {
  fragments: Map<string | undefined, DocFragment>;
  ctx: FromContext;
  link: (href: string) => { href: string; label: string };
  refuse: (problem: string) => Error;
}

const strings = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

function htmlCell(value: unknown, column: HtmlTableColumn, { fragments, ctx, link, refuse }: CellContext): HtmlTableCell {
  switch (column.type) {
    case 'text': {
      if (value !== undefined && value !== null && typeof value !== 'string') throw refuse('a text cell holds the id of its fragment');
      const fragment = typeof value === 'string' ? fragments.get(value) : undefined;
      // A value that names no fragment is the cell's text, as GitBook reads it.
      if (!fragment) return { kind: 'blocks', blocks: value ? [{ type: 'paragraph', children: [{ type: 'text', value }] }] : [] };
      const blocks = fragment.nodes.flatMap((node) =>
        node.object !== 'block' ? [] : node.type === 'table' ? [asHtml(htmlTableFromDocument(node, ctx))] : ctx.block(node),
      );
      const outside = blocks.find((node) => !CELL_BLOCKS.has(node.type));
      if (outside) throw refuse(`a ${outside.type} cannot be written in a cell of an HTML table`);
      return { kind: 'blocks', blocks: blocks as Extract<HtmlTableCell, { kind: 'blocks' }>['blocks'] };
    }
    case 'select': {
      const values = value === undefined || value === null ? [] : value;
      if (!strings(values)) throw refuse('a select cell holds a list of option values');
      const unknown = values.find((v) => !column.options?.some((option) => option.value === v));
      if (unknown !== undefined) throw refuse(`${unknown} is not one of the column's options`);
      if (values.length > 1 && !column.multiple) throw refuse('the column takes one option');
      return { kind: 'options', values };
    }
    case 'files': {
      const files = value === undefined || value === null ? [] : value;
      if (!strings(files)) throw refuse('a files cell holds a list of file ids');
      return { kind: 'links', links: files.map((file) => link(ctx.url({ kind: 'file', file }, 'file'))) };
    }
    default: {
      if (value === undefined || value === null) return { kind: 'links', links: [] };
      if (!isObject(value)) throw refuse(`a ${column.type} cell holds a reference`);
      if (column.type === 'image' && 'ref' in value && Object.keys(value).some((key) => key !== 'ref'))
        throw refuse("an image's fit and alt text have no form in GitBook's HTML tables");
      const ref = ('ref' in value ? value.ref : value) as ContentRef;
      if (!isObject(ref) || typeof ref.kind !== 'string') throw refuse(`a ${column.type} cell holds a reference`);
      return { kind: 'links', links: [link(ctx.url(ref, column.type === 'image' ? 'image' : 'content-ref'))] };
    }
  }
}

/** A table inside a cell is HTML, whatever its view. */
const asHtml = (node: RootContent): RootContent => (node.type === 'cards' ? { type: 'html', value: node.value } : node);
