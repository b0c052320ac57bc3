/** The cells of a GFM table row as written: where each starts (its `|`), its content, its text. */
export interface RowCell {
  /** Offset of the `|` before the cell, or of its content for a first cell written without one. */
  open: number;
  /** Offsets of the first and past the last character of the content (spaces at either end left out). */
  start: number;
  end: number;
  /** The content, `\|` read as `|` (as markdown-it reads it). */
  text: string;
}

const PIPE = 124;
const BACKSLASH = 92;
const isSpace = (code: number) => code === 32 || code === 9;

export function splitRow(line: string, offset: number): RowCell[] {
  const cells: RowCell[] = [];
  let at = 0;
  while (at < line.length && isSpace(line.charCodeAt(at))) at++;
  let open = at;
  if (line.charCodeAt(at) === PIPE) at++;
  let from = at;
  const push = (to: number, closed: boolean) => {
    let start = from;
    let end = to;
    while (start < end && isSpace(line.charCodeAt(start))) start++;
    while (end > start && isSpace(line.charCodeAt(end - 1))) end--;
    if (start === end && !closed) return;
    cells.push({ open: offset + open, start: offset + start, end: offset + end, text: line.slice(start, end).replace(/\\\|/g, '|') });
  };
  for (; at < line.length; at++) {
    const code = line.charCodeAt(at);
    if (code === BACKSLASH) at++;
    else if (code === PIPE) {
      push(at, true);
      open = at;
      from = at + 1;
    }
  }
  push(line.length, false);
  return cells;
}
