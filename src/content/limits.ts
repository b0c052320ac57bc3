/**
 * Limits on one page's markdown, checked before it is parsed (documented in docs/api.md and docs/sync.md).
 * A markdown parser's cost grows faster than the text with deep nesting, so both are checked by one linear scan.
 */
export const MARKDOWN_LIMITS = {
  /** Bytes of one page file (UTF-8). */
  maxPageBytes: 1024 * 1024,
  /** Nested blocks (lists and block quotes) on one line. */
  maxNestingDepth: 32,
  /** Depth of a parsed page's tree (blocks and inline marks: emphasis inside emphasis...), below what recursion survives. */
  maxTreeDepth: 128,
  /** How long parsing one page off the request thread may take. */
  parseTimeMs: 10_000,
  /** Heap of the thread that parses a page off the request thread. */
  parseMemoryMb: 256,
} as const;

export interface MarkdownLimitProblem {
  /** Too many bytes, or a shape past the bounds. */
  kind: 'too-large' | 'invalid';
  message: string;
}

/** What is over the limits in `text` (a page file), or null: one pass, no parsing. */
export function markdownLimitProblem(text: string): MarkdownLimitProblem | null {
  const { maxPageBytes, maxNestingDepth } = MARKDOWN_LIMITS;
  // A UTF-16 unit is at most 3 UTF-8 bytes: only count bytes when it could matter.
  if (text.length * 3 > maxPageBytes) {
    const bytes = utf8Length(text);
    if (bytes > maxPageBytes)
      return { kind: 'too-large', message: `is ${bytes} bytes; a page may have at most ${maxPageBytes} bytes (${maxPageBytes / 1024 / 1024} MiB)` };
  }
  const deep = firstDeepLine(text, maxNestingDepth);
  if (deep) {
    return { kind: 'invalid', message: `line ${deep.line} nests lists or block quotes ${deep.depth} deep; at most ${maxNestingDepth} levels are allowed` };
  }
  return null;
}

const SPACE = 0x20;
const TAB = 0x09;
const NEWLINE = 0x0a;
const GT = 0x3e;
const CR = 0x0d;

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? 4 : c >= 0xdc00 && c < 0xe000 ? 0 : 3;
  }
  return bytes;
}

/**
 * The first line nested deeper than `limit`, counting its container markers (`>`, `-`, `*`, `+`, `1.`, `1)`) at the start, plus its indentation in
 * two-column steps when it starts a list item or quote. Lines inside fenced code are not counted.
 */
function firstDeepLine(text: string, limit: number): { depth: number; line: number } | null {
  let fence: string | null = null;
  let line = 1;
  let i = 0;
  while (i < text.length) {
    let indent = 0;
    let markers = 0;
    let j = i;
    for (;;) {
      while (j < text.length && (text.charCodeAt(j) === SPACE || text.charCodeAt(j) === TAB)) {
        if (markers === 0) indent += text.charCodeAt(j) === TAB ? 4 : 1;
        j++;
      }
      const marker = markerLength(text, j);
      if (marker === 0) break;
      markers++;
      j += marker;
    }
    const rest = text.startsWith('```', j) ? '```' : text.startsWith('~~~', j) ? '~~~' : null;
    if (fence !== null) {
      if (rest === fence) fence = null;
    } else if (rest !== null) {
      fence = rest;
    } else if (markers > 0) {
      const depth = markers + Math.floor(indent / 2);
      if (depth > limit) return { depth, line };
    }
    const end = text.indexOf('\n', j);
    if (end === -1) break;
    i = end + 1;
    line++;
  }
  return null;
}

/** The length of a container marker at `at` followed by a space, tab or line end; 0 when there is none. */
function markerLength(text: string, at: number): number {
  const c = text.charCodeAt(at);
  let end = at;
  if (c === GT) return 1;
  if (c === 0x2d || c === 0x2a || c === 0x2b) end = at + 1;
  else {
    while (end < text.length && end - at < 9 && text.charCodeAt(end) >= 0x30 && text.charCodeAt(end) <= 0x39) end++;
    if (end === at || (text.charCodeAt(end) !== 0x2e && text.charCodeAt(end) !== 0x29)) return 0;
    end++;
  }
  const next = text.charCodeAt(end);
  return next === SPACE || next === TAB || next === NEWLINE || next === CR || Number.isNaN(next) ? end - at : 0;
}

/** The depth of `tree` when it is deeper than `limit` (walked without recursion), else null. */
export function treeTooDeep(tree: { children?: unknown[] }, limit: number = MARKDOWN_LIMITS.maxTreeDepth): number | null {
  const stack: Array<[{ children?: unknown[] }, number]> = [[tree, 1]];
  let deepest = 0;
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    for (const child of node.children ?? []) stack.push([child as { children?: unknown[] }, depth + 1]);
  }
  return deepest > limit ? deepest : null;
}
