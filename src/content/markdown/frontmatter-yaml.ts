/**
 * YAML the way GitBook writes frontmatter (gitsync-format §3.3): block mappings and sequences indented by
 * two, keys in the order given, strings plain when YAML allows it, else single-quoted; strings with
 * characters YAML cannot print as is (NBSP, controls) double-quoted with escapes (`\_`); strings longer
 * than the line folded with `>-`, multi-line strings written `|`. These are js-yaml's `dump` rules at
 * its default width of 80, which GitBook's exports follow.
 */
import { parse as parseYaml } from 'yaml';

const LINE_WIDTH = 80;
const INDENT = 2;

const isWhitespace = (c: number) => c === 0x20 || c === 0x09;

function isPrintable(c: number): boolean {
  return (
    (c >= 0x20 && c <= 0x7e) ||
    (c >= 0xa1 && c <= 0xd7ff && c !== 0x2028 && c !== 0x2029) ||
    (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff) ||
    (c >= 0x10000 && c <= 0x10ffff)
  );
}

const isNsCharOrWhitespace = (c: number) => isPrintable(c) && c !== 0xfeff && c !== 0x0d && c !== 0x0a;

/** `-?:,[]{}#&*!|=>'"%@` and backquote cannot start a plain scalar. */
const NOT_FIRST = new Set([...'-?:,[]{}#&*!|=>\'"%@`'].map((char) => char.charCodeAt(0)));

const isPlainSafeFirst = (c: number) => isPrintable(c) && c !== 0xfeff && !isWhitespace(c) && !NOT_FIRST.has(c);

/** In block context: no `: ` and no ` #`. */
function isPlainSafe(c: number, previous: number | undefined): boolean {
  const nsOrSpace = isNsCharOrWhitespace(c);
  const ns = nsOrSpace && !isWhitespace(c);
  const colon = previous === 0x3a;
  return (
    (nsOrSpace && c !== 0x23 && !(colon && !ns)) ||
    (previous !== undefined && isNsCharOrWhitespace(previous) && !isWhitespace(previous) && c === 0x23) ||
    (colon && ns)
  );
}

/** Would read back as something other than this string (a number, boolean, null, date)? */
function ambiguous(value: string): boolean {
  if (value === '' || /^\d{4}-\d\d?-\d\d?/.test(value) || value === '<<') return true;
  try {
    return typeof parseYaml(value) !== 'string';
  } catch {
    return true;
  }
}

type Style = 'plain' | 'single' | 'double' | 'literal' | 'folded';

function chooseStyle(value: string, singleLine: boolean, width: number): Style {
  const codes = [...value].map((char) => char.codePointAt(0) as number);
  let plain = codes.length > 0 && isPlainSafeFirst(codes[0] as number) && !isWhitespace(codes[codes.length - 1] as number) && codes[codes.length - 1] !== 0x3a;
  let lineBreak = false;
  let foldable = false;
  let lineStart = 0;
  let previous: number | undefined;
  for (let index = 0; index < codes.length; index++) {
    const c = codes[index] as number;
    if (c === 0x0a && !singleLine) {
      lineBreak = true;
      foldable ||= index - lineStart > width && codes[lineStart] !== 0x20;
      lineStart = index + 1;
    } else if (!isPrintable(c)) return 'double';
    plain &&= isPlainSafe(c, previous);
    previous = c;
  }
  if (!singleLine) foldable ||= codes.length - lineStart > width && codes[lineStart] !== 0x20;
  if (!lineBreak && !foldable) return plain && !ambiguous(value) ? 'plain' : 'single';
  if (/^\n* /.test(value)) return 'double';
  return foldable ? 'folded' : 'literal';
}

const ESCAPES: Record<number, string> = {
  0x00: '\\0', 0x07: '\\a', 0x08: '\\b', 0x09: '\\t', 0x0a: '\\n', 0x0b: '\\v', 0x0c: '\\f', 0x0d: '\\r', 0x1b: '\\e',
  0x22: '\\"', 0x5c: '\\\\', 0x85: '\\N', 0xa0: '\\_', 0x2028: '\\L', 0x2029: '\\P',
};

function doubleQuoted(value: string): string {
  let out = '';
  for (const char of value) {
    const c = char.codePointAt(0) as number;
    const escape = ESCAPES[c];
    if (escape) out += escape;
    else if (isPrintable(c)) out += char;
    else if (c <= 0xff) out += `\\x${c.toString(16).toUpperCase().padStart(2, '0')}`;
    else if (c <= 0xffff) out += `\\u${c.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += `\\U${c.toString(16).toUpperCase().padStart(8, '0')}`;
  }
  return `"${out}"`;
}

/** Break one line at spaces so no piece is longer than `width` (a piece may be when it has no space). */
function foldLine(line: string, width: number): string {
  if (line === '' || line.startsWith(' ')) return line;
  const breaks = / [^ ]/g;
  let start = 0;
  let current = 0;
  let out = '';
  for (let match = breaks.exec(line); match; match = breaks.exec(line)) {
    const next = match.index;
    if (next - start > width) {
      const end = current > start ? current : next;
      out += `\n${line.slice(start, end)}`;
      start = end + 1;
    }
    current = next;
  }
  out += '\n';
  out += line.length - start > width && current > start ? `${line.slice(start, current)}\n${line.slice(current + 1)}` : line.slice(start);
  return out.slice(1);
}

function foldString(value: string, width: number): string {
  const lines = /(\n+)([^\n]*)/g;
  const firstBreak = value.indexOf('\n');
  const firstEnd = firstBreak === -1 ? value.length : firstBreak;
  lines.lastIndex = firstEnd;
  let out = foldLine(value.slice(0, firstEnd), width);
  let previousMoreIndented = value.startsWith('\n') || value.startsWith(' ');
  for (let match = lines.exec(value); match; match = lines.exec(value)) {
    const [, breaks, line] = match as unknown as [string, string, string];
    const moreIndented = line.startsWith(' ');
    out += breaks + (!previousMoreIndented && !moreIndented && line !== '' ? '\n' : '') + foldLine(line, width);
    previousMoreIndented = moreIndented;
  }
  return out;
}

function blockHeader(value: string): string {
  const indicator = /^\n* /.test(value) ? String(INDENT) : '';
  const clip = value.endsWith('\n');
  const keep = clip && (value.endsWith('\n\n') || value === '\n');
  return indicator + (keep ? '+' : clip ? '' : '-');
}

function blockBody(value: string, indent: string): string {
  const body = value.endsWith('\n') ? value.slice(0, -1) : value;
  return body
    .split('\n')
    .map((line) => (line === '' ? '' : indent + line))
    .join('\n');
}

function scalar(value: string, level: number, isKey: boolean): string {
  const indent = INDENT * Math.max(1, level);
  const width = Math.max(Math.min(LINE_WIDTH, 40), LINE_WIDTH - indent);
  switch (chooseStyle(value, isKey, width)) {
    case 'plain':
      return value;
    case 'single':
      return `'${value.replace(/'/g, "''")}'`;
    case 'double':
      return doubleQuoted(value);
    case 'literal':
      return `|${blockHeader(value)}\n${blockBody(value, ' '.repeat(indent))}`;
    case 'folded':
      return `>${blockHeader(value)}\n${blockBody(foldString(value, width), ' '.repeat(indent))}`;
  }
}

function atom(value: unknown, level: number): string | null {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return '.nan';
    if (!Number.isFinite(value)) return value > 0 ? '.inf' : '-.inf';
    return Object.is(value, -0) ? '-0.0' : String(value);
  }
  if (typeof value === 'string') return scalar(value, level, false);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && value.length === 0) return '[]';
  if (typeof value === 'object' && Object.keys(value).length === 0) return '{}';
  return null;
}

/** Lines of a block node at `level` (its entries start at column INDENT * level). */
function block(value: unknown, level: number): string {
  const pad = ' '.repeat(INDENT * level);
  if (Array.isArray(value)) {
    return value
      .map((item) => {
        const simple = atom(item, level + 1);
        if (simple !== null) return `${pad}- ${simple}`;
        return `${pad}- ${block(item, level + 1).slice(pad.length + INDENT)}`;
      })
      .join('\n');
  }
  return Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => {
      const name = scalar(key, level + 1, true);
      const simple = atom(item, level + 1);
      if (simple !== null) return `${pad}${name}: ${simple}`;
      // A sequence under a key is indented one step, like a mapping.
      return `${pad}${name}:\n${block(item, level + 1)}`;
    })
    .join('\n');
}

/** The YAML text of a frontmatter mapping, ending with a newline ('' for no keys). */
export function frontmatterYaml(data: Record<string, unknown>): string {
  return Object.keys(data).length === 0 ? '' : `${block(data, 0)}\n`;
}
