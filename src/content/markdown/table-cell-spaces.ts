/**
 * GitBook writes a table cell's text as it is, spaces at either end included (`|  $167/mth |`), and
 * pads the column to its widest cell. Markdown trims cells; this puts the spaces back: the leading ones
 * are those past the one after `|`; trailing ones show only as a column wider than any trimmed cell, and
 * are given to the first of its widest cells.
 */
import type { PhrasingContent, Table, TableCell } from 'mdast';

const SPACE = 32;

interface CellSpan {
  cell: TableCell;
  /** Offset of the first and past the last character of the cell's content. */
  start: number;
  end: number;
  leading: number;
}

function spanOf(cell: TableCell): CellSpan | null {
  const first = cell.children[0]?.position?.start.offset;
  const last = cell.children[cell.children.length - 1]?.position?.end.offset;
  const open = cell.position?.start.offset;
  if (first === undefined || last === undefined || open === undefined) return null;
  return { cell, start: first, end: last, leading: Math.max(0, first - open - 2) };
}

function addText(children: PhrasingContent[], spaces: string, atStart: boolean): void {
  const edge = children[atStart ? 0 : children.length - 1];
  if (edge?.type === 'text') edge.value = atStart ? spaces + edge.value : edge.value + spaces;
  else if (atStart) children.unshift({ type: 'text', value: spaces });
  else children.push({ type: 'text', value: spaces });
}

/** Width of a column as padded in the source, measured on one of its cells. */
function sourceWidth(span: CellSpan, source: string): number {
  let end = span.end;
  while (source.charCodeAt(end) === SPACE) end++;
  return end - span.start + span.leading - 1;
}

export function restoreCellSpaces(table: Table, source: string): void {
  const columns: CellSpan[][] = [];
  for (const row of table.children) {
    row.children.forEach((cell, column) => {
      const span = spanOf(cell);
      if (span) (columns[column] ??= []).push(span);
    });
  }
  columns.forEach((spans, column) => {
    const align = table.align?.[column];
    if (align === 'right' || align === 'center') return;
    let widest: CellSpan | undefined;
    let width = 0;
    for (const span of spans) {
      if (span.leading > 0) addText(span.cell.children, ' '.repeat(span.leading), true);
      const length = span.end - span.start + span.leading;
      if (length > width) [widest, width] = [span, length];
    }
    // A column is at least as wide as its delimiter cell (`-`, `:-`).
    const trailing = widest ? sourceWidth(widest, source) - Math.max(width, align === 'left' ? 2 : 1) : 0;
    if (widest && trailing > 0) addText(widest.cell.children, ' '.repeat(trailing), false);
  });
}
