/**
 * GitBook's HTML tables: `<table [data-view="cards"] ...><thead><tr><th ...>…</th></tr></thead><tbody>…</tbody></table>`,
 * written on one line when a table's cells hold more than a line of text, a card view or column widths. `readHtmlTable`
 * reads one into columns and typed cells, refusing what it cannot write back the same; `writeHtmlTable` writes it the
 * way GitBook does. Two tables that read the same are the same table (`sameHtmlTable`), however they were written.
 */
import type { BlockContent } from 'mdast';
import { LRUCache } from 'lru-cache';
import { parseFragment, type DefaultTreeAdapterTypes as P } from 'parse5';
import { attributeValue, escapeText, HtmlContentError, htmlTooDeep, isElement, oneHtmlBlock, openTag, textOnly } from '../html-phrasing.js';
import type { InlineHtml } from '../inline-spec.js';
import { cellFromHtml, cellToHtml, type CellContext } from './cell.js';

export type ColumnType = 'text' | 'content-ref' | 'files' | 'image' | 'select';
export type ColumnRole = 'target' | 'cover' | 'cover-dark';

export interface SelectOption {
  value: string;
  label: string;
  color: string;
}

export interface HtmlTableColumn {
  title: string;
  type: ColumnType;
  hidden: boolean;
  role?: ColumnRole;
  /** `width`, in pixels. */
  width?: number;
  align?: 'left' | 'center' | 'right';
  valign?: 'top' | 'middle' | 'bottom';
  /** A select column's options (written as a `<select>` in its header), and whether a cell may hold several. */
  options?: SelectOption[];
  multiple?: boolean;
}

export type HtmlTableCell =
  | { kind: 'blocks'; blocks: BlockContent[] }
  /** content-ref, files and image cells: links, each labelled as GitBook labels them. */
  | { kind: 'links'; links: Array<{ href: string; label: string }> }
  /** select cells: the chosen options' values. */
  | { kind: 'options'; values: string[] };

export interface HtmlTable {
  cards?: { size?: 'medium' | 'large'; wrap?: boolean };
  fullWidth?: boolean;
  headerHidden?: boolean;
  search?: boolean;
  columns: HtmlTableColumn[];
  rows: HtmlTableCell[][];
}

type Element = P.Element;

const TABLE_ATTRIBUTES = new Set(['data-view', 'data-card-size', 'data-card-wrap', 'data-full-width', 'data-header-hidden', 'data-search']);
const COLUMN_TYPES = new Set<ColumnType>(['content-ref', 'files', 'image']);
const ROLES = new Map<string, ColumnRole>([
  ['data-card-target', 'target'],
  ['data-card-cover', 'cover'],
  ['data-card-cover-dark', 'cover-dark'],
]);

/** Whether `value` looks like one HTML table (cheap; `readHtmlTable` decides). */
export const HTML_TABLE = /^<table[\s>][\s\S]*<\/table>$/;

/** The table `html` holds, or undefined when it is not one table this module writes back as the same. */
export function readHtmlTable(html: string, elements: InlineHtml): HtmlTable | undefined {
  if (!HTML_TABLE.test(html)) return undefined;
  const nodes = parseFragment(html).childNodes;
  const [table] = nodes;
  if (nodes.length !== 1 || !table || !isElement(table) || table.tagName !== 'table' || htmlTooDeep(nodes)) return undefined;
  try {
    const out = readTable(table, tablesOf(elements).cell);
    return out && written(out, elements) !== false ? out : undefined;
  } catch (error) {
    if (error instanceof HtmlContentError) return undefined;
    throw error;
  }
}

/** A table reader's and writer's context, and its cache of canonical forms, for one set of inline elements. */
interface Tables {
  readonly cell: CellContext;
  readonly canonical: LRUCache<string, string | false>;
}

const tables = new WeakMap<InlineHtml, Tables>();

function tablesOf(elements: InlineHtml): Tables {
  let out = tables.get(elements);
  if (!out) {
    const cell: CellContext = {
      elements,
      readTable(element) {
        const table = readTable(element, cell);
        return table && writeHtmlTable(table, elements);
      },
      isTable: (html) => canonicalHtmlTable(html, elements) === html,
    };
    // Canonical forms by table HTML, held to 32 MiB of text.
    const canonical = new LRUCache<string, string | false>({
      max: 512,
      maxSize: 32 * 1024 * 1024,
      sizeCalculation: (value, key) => key.length + (value === false ? 1 : value.length),
    });
    out = { cell, canonical };
    tables.set(elements, out);
  }
  return out;
}

function readTable(table: Element, ctx: CellContext): HtmlTable | undefined {
  const out = tableAttributes(table);
  const sections = table.childNodes.filter((node) => !(node.nodeName === '#text' && (node as P.TextNode).value.trim() === ''));
  const [head, body, ...rest] = sections;
  if (!out || rest.length || !head || !isElement(head) || head.tagName !== 'thead' || head.attrs.length) return undefined;
  const columns = readColumns(head);
  if (!columns) return undefined;
  out.columns = columns;
  if (body === undefined) return out;
  if (!isElement(body) || body.tagName !== 'tbody' || body.attrs.length) return undefined;
  const rows = rowsOf(body);
  if (!rows) return undefined;
  for (const row of rows) {
    const cells = readRow(row, columns, ctx);
    if (!cells) return undefined;
    out.rows.push(cells);
  }
  return out;
}

function tableAttributes(table: Element): HtmlTable | undefined {
  const out: HtmlTable = { columns: [], rows: [] };
  const attr = (name: string) => table.attrs.find((a) => a.name === name)?.value;
  if (table.attrs.some((a) => !TABLE_ATTRIBUTES.has(a.name))) return undefined;
  const view = attr('data-view');
  if (view !== undefined && view !== 'cards') return undefined;
  if (view === 'cards') {
    const size = attr('data-card-size');
    const wrap = attr('data-card-wrap');
    if ((size !== undefined && size !== 'medium' && size !== 'large') || (wrap !== undefined && wrap !== 'true' && wrap !== 'false')) return undefined;
    out.cards = {};
    if (size) out.cards.size = size;
    if (wrap) out.cards.wrap = wrap === 'true';
  } else if (attr('data-card-size') !== undefined || attr('data-card-wrap') !== undefined) return undefined;
  for (const [name, key] of [
    ['data-full-width', 'fullWidth'],
    ['data-search', 'search'],
  ] as const) {
    const value = attr(name);
    if (value === undefined) continue;
    if (value !== 'true' && value !== 'false') return undefined;
    out[key] = value === 'true';
  }
  const hidden = attr('data-header-hidden');
  if (hidden !== undefined && hidden !== '') return undefined;
  if (hidden !== undefined) out.headerHidden = true;
  return out;
}

/** The `<tr>` elements of a section, or undefined when it holds anything else. */
function rowsOf(section: Element): Element[] | undefined {
  const rows: Element[] = [];
  for (const node of section.childNodes) {
    if (node.nodeName === '#text' && (node as P.TextNode).value.trim() === '') continue;
    if (!isElement(node) || node.tagName !== 'tr' || node.attrs.length) return undefined;
    rows.push(node);
  }
  return rows;
}

function cellsOf(row: Element, tag: 'th' | 'td'): Element[] | undefined {
  const cells: Element[] = [];
  for (const node of row.childNodes) {
    if (node.nodeName === '#text' && (node as P.TextNode).value.trim() === '') continue;
    if (!isElement(node) || node.tagName !== tag) return undefined;
    cells.push(node);
  }
  return cells;
}

function readColumns(head: Element): HtmlTableColumn[] | undefined {
  const rows = rowsOf(head);
  const cells = rows?.length === 1 && rows[0] ? cellsOf(rows[0], 'th') : undefined;
  if (!cells) return undefined;
  const columns: HtmlTableColumn[] = [];
  for (const th of cells) {
    const column = readColumn(th);
    if (!column || openTag(th) !== thTag(column)) return undefined;
    columns.push(column);
  }
  return columns;
}

function readColumn(th: Element): HtmlTableColumn | undefined {
  const attr = (name: string) => th.attrs.find((a) => a.name === name)?.value;
  const type = attr('data-type');
  const column: HtmlTableColumn = { title: '', type: 'text', hidden: attr('data-hidden') !== undefined };
  if (type !== undefined) {
    if (!COLUMN_TYPES.has(type as ColumnType)) return undefined;
    column.type = type as ColumnType;
  }
  const role = th.attrs.map((a) => ROLES.get(a.name)).find(Boolean);
  if (role) column.role = role;
  const width = attr('width');
  if (width !== undefined) {
    if (!/^\d+(\.\d+)?$/.test(width) || String(Number(width)) !== width) return undefined;
    column.width = Number(width);
  }
  const align = attr('align');
  if (align !== undefined) {
    if (align !== 'left' && align !== 'center' && align !== 'right') return undefined;
    column.align = align;
  }
  const valign = attr('valign');
  if (valign !== undefined) {
    if (valign !== 'top' && valign !== 'middle' && valign !== 'bottom') return undefined;
    column.valign = valign;
  }
  for (const node of th.childNodes) {
    // The title, then (a select column) its options: nothing after them.
    if (node.nodeName === '#text' && !column.options) column.title += (node as P.TextNode).value;
    else if (
      isElement(node) &&
      node.tagName === 'select' &&
      ['<select>', '<select multiple>'].includes(openTag(node)) &&
      !column.options &&
      type === undefined
    ) {
      const options = readOptions(node);
      if (!options) return undefined;
      column.type = 'select';
      column.options = options;
      column.multiple = node.attrs.length === 1;
    } else return undefined;
  }
  return column;
}

function readOptions(select: Element): SelectOption[] | undefined {
  const options: SelectOption[] = [];
  for (const node of select.childNodes) {
    if (!isElement(node) || node.tagName !== 'option' || node.childNodes.length) return undefined;
    const attr = (name: string) => node.attrs.find((a) => a.name === name)?.value;
    const option = { value: attr('value'), label: attr('label'), color: attr('color') };
    if (node.attrs.length !== 3 || option.value === undefined || option.label === undefined || option.color === undefined) return undefined;
    options.push(option as SelectOption);
  }
  return options;
}

function readRow(row: Element, columns: readonly HtmlTableColumn[], ctx: CellContext): HtmlTableCell[] | undefined {
  const cells = cellsOf(row, 'td');
  if (!cells || cells.length !== columns.length) return undefined;
  const out: HtmlTableCell[] = [];
  for (const [index, td] of cells.entries()) {
    const column = columns[index] as HtmlTableColumn;
    const cell = openTag(td) === tdTag(column) ? readCell(td, column, ctx) : undefined;
    if (!cell) return undefined;
    out.push(cell);
  }
  return out;
}

function readCell(td: Element, column: HtmlTableColumn, ctx: CellContext): HtmlTableCell | undefined {
  if (column.type === 'text') {
    const blocks = cellFromHtml(td.childNodes, ctx);
    return blocks && { kind: 'blocks', blocks };
  }
  if (column.type === 'select') {
    const values: string[] = [];
    for (const node of td.childNodes) {
      const value =
        isElement(node) && node.tagName === 'span' && node.attrs.length === 1 && node.attrs[0]?.name === 'data-option' ? node.attrs[0].value : undefined;
      if (value === undefined || textOf(node) !== optionText(column, value, td.childNodes.length - values.length - 1)) return undefined;
      values.push(value);
    }
    return { kind: 'options', values };
  }
  const links: Array<{ href: string; label: string }> = [];
  for (const node of td.childNodes) {
    const href = isElement(node) && node.tagName === 'a' && node.attrs.length === 1 && node.attrs[0]?.name === 'href' ? node.attrs[0].value : undefined;
    const label = href === undefined ? undefined : textOf(node);
    if (href === undefined || label === undefined) return undefined;
    links.push({ href, label });
  }
  return { kind: 'links', links };
}

const textOf = (element: P.ChildNode): string | undefined => (isElement(element) ? textOnly(element.childNodes) : undefined);

/** An option's text in a cell: its label, and a comma when `after` more options follow. */
function optionText(column: HtmlTableColumn, value: string, after: number): string | undefined {
  const label = column.options?.find((option) => option.value === value)?.label;
  return label === undefined ? undefined : `${label}${after > 0 ? ', ' : ''}`;
}

function thTag(column: HtmlTableColumn): string {
  const attributes: string[] = [];
  if (column.width !== undefined) attributes.push(` width="${column.width}"`);
  if (column.align) attributes.push(` align="${column.align}"`);
  if (column.valign) attributes.push(` valign="${column.valign}"`);
  if (column.hidden) attributes.push(' data-hidden');
  if (column.role) attributes.push(` data-card-${column.role}`);
  if (column.type !== 'text' && column.type !== 'select') attributes.push(` data-type="${column.type}"`);
  return `<th${attributes.join('')}>`;
}

function tdTag(column: HtmlTableColumn): string {
  return `<td${column.align ? ` align="${column.align}"` : ''}${column.valign ? ` valign="${column.valign}"` : ''}>`;
}

/**
 * The table as GitBook writes it: one line, attributes in GitBook's order, text escaped as GitBook escapes it. Throws
 * `HtmlContentError` for what its cells cannot say.
 */
export function writeHtmlTable(table: HtmlTable, elements: InlineHtml): string {
  const ctx = tablesOf(elements).cell;
  const attributes: string[] = [];
  if (table.cards?.size) attributes.push(` data-card-size="${table.cards.size}"`);
  if (table.cards?.wrap !== undefined) attributes.push(` data-card-wrap="${table.cards.wrap}"`);
  if (table.fullWidth !== undefined) attributes.push(` data-full-width="${table.fullWidth}"`);
  if (table.headerHidden) attributes.push(' data-header-hidden');
  if (table.search !== undefined) attributes.push(` data-search="${table.search}"`);
  if (table.cards) attributes.push(' data-view="cards"');
  const head = table.columns.map((column) => `${thTag(column)}${escapeText(column.title)}${selectHtml(column)}</th>`).join('');
  const rows = table.rows.map(
    (row) =>
      `<tr>${row.map((cell, index) => `${tdTag(table.columns[index] as HtmlTableColumn)}${cellHtml(cell, table.columns[index] as HtmlTableColumn, ctx)}</td>`).join('')}</tr>`,
  );
  return oneHtmlBlock(`<table${attributes.join('')}><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`);
}

function selectHtml(column: HtmlTableColumn): string {
  if (column.type !== 'select') return '';
  const open = column.multiple ? '<select multiple>' : '<select>';
  const options = (column.options ?? []).map(
    (o) => `<option value="${attributeValue(o.value)}" label="${attributeValue(o.label)}" color="${attributeValue(o.color)}"></option>`,
  );
  return `${open}${options.join('')}</select>`;
}

function cellHtml(cell: HtmlTableCell, column: HtmlTableColumn, ctx: CellContext): string {
  switch (cell.kind) {
    case 'blocks':
      return cellToHtml(cell.blocks, ctx);
    case 'links':
      return cell.links.map((link) => `<a href="${attributeValue(link.href)}">${escapeText(link.label)}</a>`).join('');
    case 'options':
      return cell.values
        .map(
          (value, index) =>
            `<span data-option="${attributeValue(value)}">${escapeText(optionText(column, value, cell.values.length - index - 1) ?? '')}</span>`,
        )
        .join('');
  }
}

/**
 * How GitBook labels a reference in a table cell: a page or file by the last segment of its path, an anchor by
 * itself, a broken reference as such, and an address by the address. (A page of another GitBook space is labelled
 * with its title, which only that space knows.)
 */
export function linkLabel(href: string): string {
  if (href.startsWith('/broken/')) return 'Broken link';
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return href;
  const anchor = /#.*$/.exec(href)?.[0];
  const path = href.replace(/[?#].*$/, '').replace(/\/+$/, '');
  if (anchor && href.includes('/#')) return anchor;
  return path.slice(path.lastIndexOf('/') + 1) || anchor || href;
}

/**
 * What a table says, as GitBook would write it: two tables with the same canonical form are the same table, however
 * they were written. Undefined when `html` is not a table this module reads.
 */
export function canonicalHtmlTable(html: string, elements: InlineHtml): string | undefined {
  const { canonical } = tablesOf(elements);
  let out = canonical.get(html);
  if (out === undefined) {
    const table = readHtmlTable(html, elements);
    out = table ? written(table, elements) : false;
    canonical.set(html, out);
  }
  return out === false ? undefined : out;
}

/** A table as written, or false when a cell holds what it cannot write back. */
function written(table: HtmlTable, elements: InlineHtml): string | false {
  try {
    return writeHtmlTable(table, elements);
  } catch (error) {
    if (error instanceof HtmlContentError) return false;
    throw error;
  }
}

/** Every destination a table's cells hold (its references and the links in its text), in order. */
export function htmlTableDestinations(html: string, elements: InlineHtml): string[] {
  const table = readHtmlTable(html, elements);
  const out: string[] = [];
  const walk = (node: { type: string; url?: string; value?: string; children?: unknown[] }) => {
    if (node.type === 'link' && typeof node.url === 'string') out.push(node.url);
    if (node.type === 'html' && typeof node.value === 'string') out.push(...htmlTableDestinations(node.value, elements));
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  for (const cell of table?.rows.flat() ?? []) {
    if (cell.kind === 'links') out.push(...cell.links.map((link) => link.href));
    if (cell.kind === 'blocks') for (const block of cell.blocks) walk(block);
  }
  return out;
}
