/**
 * markdown-it rules for the syntax remark reads through micromark extensions: Liquid tag lines
 * (`liquid-syntax.ts`) and math (micromark-extension-math without single-dollar inline math).
 */
import type { StateBlock, StateInline } from 'markdown-it';

const DOLLAR = 0x24;

/** `{%`, then anything up to the first `%}`, then only spaces or tabs. */
const LIQUID_LINE = /^\{%(?:[^%\n]|%(?!\}))*%\}[ \t]*$/;

const indentedCode = (state: StateBlock, line: number) => state.sCount[line]! - state.blkIndent >= 4;
const lineText = (state: StateBlock, line: number) => state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]);

export function liquidTag(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (indentedCode(state, startLine)) return false;
  const text = lineText(state, startLine);
  if (!LIQUID_LINE.test(text)) return false;
  if (silent) return true;
  const token = state.push('liquid_tag', '', 0);
  token.content = text.trimEnd();
  token.map = [startLine, startLine + 1];
  state.line = startLine + 1;
  return true;
}

function dollarRun(src: string, from: number, max: number): number {
  let end = from;
  while (end < max && src.charCodeAt(end) === DOLLAR) end++;
  return end - from;
}

/** `$$` (or more) and an optional meta without `$`, content lines, and a closing run at least as long. */
export function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (indentedCode(state, startLine)) return false;
  let pos = state.bMarks[startLine]! + state.tShift[startLine]!;
  const max = state.eMarks[startLine]!;
  const size = dollarRun(state.src, pos, max);
  if (size < 2) return false;
  pos += size;
  const meta = state.src.slice(pos, max).trim();
  if (meta.includes('$')) return false;
  if (silent) return true;

  let line = startLine;
  let closed = false;
  for (;;) {
    line++;
    if (line >= endLine) break;
    const start = state.bMarks[line]! + state.tShift[line]!;
    const end = state.eMarks[line]!;
    if (start < end && state.sCount[line]! < state.blkIndent) break;
    if (state.sCount[line]! - state.blkIndent >= 4) continue;
    const run = dollarRun(state.src, start, end);
    if (run >= size && state.src.slice(start + run, end).trim() === '') {
      closed = true;
      break;
    }
  }
  const token = state.push('math_block', 'math', 0);
  token.info = meta;
  token.content = state.getLines(startLine + 1, line, state.sCount[startLine]!, true);
  token.map = [startLine, line + (closed ? 1 : 0)];
  state.line = line + (closed ? 1 : 0);
  return true;
}

/** Where the last run of each length of a character starts in a source (markdown-it's `buildLastRuns`). */
const lastRuns = new WeakMap<StateInline, Map<number, Map<number, number>>>();

function lastRunsOf(state: StateInline, code: number): Map<number, number> {
  let byChar = lastRuns.get(state);
  if (!byChar) lastRuns.set(state, (byChar = new Map()));
  let runs = byChar.get(code);
  if (runs) return runs;
  runs = new Map();
  const { src } = state;
  for (let at = 0; at < src.length; at++) {
    if (src.charCodeAt(at) !== code) continue;
    let end = at;
    while (src.charCodeAt(end) === code) end++;
    runs.set(end - at, at);
    at = end;
  }
  byChar.set(code, runs);
  return runs;
}

/** A whitespace or line ending at both ends of a span's content, around something else, is padding. */
const unpad = (content: string) => (/^[ \n].*[^ \n].*[ \n]$/s.test(content) ? content.slice(1, -1) : content);

/**
 * Code spans and inline math: a run of `char` closed by a run of the same length, line endings kept as
 * mdast keeps them (markdown-it's own code span turns them into spaces). An unclosed run is text.
 */
export function span(char: string, minSize: number, type: string) {
  const code = char.charCodeAt(0);
  return (state: StateInline, silent: boolean): boolean => {
    const { src, posMax } = state;
    const start = state.pos;
    if (src.charCodeAt(start) !== code) return false;
    let open = start;
    while (open < posMax && src.charCodeAt(open) === code) open++;
    const size = open - start;
    if (size >= minSize && (lastRunsOf(state, code).get(size) ?? -1) >= open) {
      for (let at = src.indexOf(char, open); at >= 0 && at < posMax; ) {
        let end = at;
        while (end < posMax && src.charCodeAt(end) === code) end++;
        if (end - at === size) {
          if (!silent) {
            const token = state.push(type, '', 0);
            token.markup = src.slice(start, open);
            token.content = unpad(src.slice(open, at));
          }
          state.pos = end;
          return true;
        }
        at = src.indexOf(char, end);
      }
    }
    if (!silent) state.pending += src.slice(start, open);
    state.pos = open;
    return true;
  };
}
