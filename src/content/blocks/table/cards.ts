/**
 * Cards: `<table data-view="cards" [data-card-size] [data-card-wrap]>` with hidden role columns
 * (`data-card-target`, `data-card-cover`, `data-card-cover-dark`). The table is kept as written (`value`)
 * so it is reproduced byte for byte; `parseCards` reads its columns and cells for the site (the document reads it
 * with html.ts).
 */
import type { Literal } from 'mdast';
import type { BlockModule } from '../spec.js';
import { decodeEntities, htmlAttr, htmlAttributes } from '../html.js';

export interface Cards extends Literal {
  type: 'cards';
  /** The whole `<table data-view="cards">…</table>` HTML. */
  value: string;
}

declare module 'mdast' {
  interface RootContentMap {
    cards: Cards;
  }
  interface BlockContentMap {
    cards: Cards;
  }
}

export interface CardColumn {
  title: string;
  hidden: boolean;
  /** `target`, `cover` or `cover-dark` for the role columns, else null. */
  role: 'target' | 'cover' | 'cover-dark' | null;
  /** `data-type` (content-ref, files, image, ...), if any. */
  dataType?: string;
}

export interface CardsTable {
  size?: string;
  wrap?: boolean;
  columns: CardColumn[];
  /** One entry per card: each cell's inner HTML, and the first `href` of the role cells (decoded). */
  rows: Array<{ cells: string[]; target?: string; cover?: string; coverDark?: string }>;
}

export const CARDS_TABLE = /^<table\b[^>]*\sdata-view="cards"[^>]*>[\s\S]*<\/table>$/;

export function parseCards(value: string): CardsTable {
  const open = htmlAttributes(/^<table([^>]*)>/.exec(value)?.[1] ?? '');
  const table: CardsTable = { columns: [], rows: [] };
  const size = htmlAttr(open, 'data-card-size');
  if (size !== undefined) table.size = size;
  const wrap = htmlAttr(open, 'data-card-wrap');
  if (wrap !== undefined) table.wrap = wrap !== 'false';
  for (const [, attrs = '', title = ''] of value.matchAll(/<th([^>]*)>([\s\S]*?)<\/th>/g)) {
    const attributes = htmlAttributes(attrs);
    const role =
      htmlAttr(attributes, 'data-card-target') !== undefined
        ? 'target'
        : htmlAttr(attributes, 'data-card-cover-dark') !== undefined
          ? 'cover-dark'
          : htmlAttr(attributes, 'data-card-cover') !== undefined
            ? 'cover'
            : null;
    const column: CardColumn = { title, hidden: htmlAttr(attributes, 'data-hidden') !== undefined, role };
    const dataType = htmlAttr(attributes, 'data-type');
    if (dataType !== undefined) column.dataType = dataType;
    table.columns.push(column);
  }
  for (const [, row = ''] of value.matchAll(/<tr>([\s\S]*?)<\/tr>/g)) {
    if (!row.includes('<td')) continue;
    const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1] ?? '');
    const card: CardsTable['rows'][number] = { cells };
    table.columns.forEach((column, index) => {
      const href = /href="([^"]*)"/.exec(cells[index] ?? '')?.[1];
      if (href === undefined || column.role === null) return;
      const key = column.role === 'target' ? 'target' : column.role === 'cover' ? 'cover' : 'coverDark';
      card[key] = decodeEntities(href);
    });
    table.rows.push(card);
  }
  return table;
}

export const cards: BlockModule = {
  specs: [],
  handlers: {
    cards: (node: Cards) => node.value,
  },
};
