/**
 * Format-preserving write-back (the idea of recast and toml_edit): a tree that comes back from an edit is written
 * against the tree its original text parsed to. A node whose content did not change is its original bytes; the
 * blank lines between two nodes that were neighbours are theirs too. Only what changed goes through the writer,
 * and a container whose own syntax did not change (a hint, a tab, a list) keeps its tags and is written child by
 * child, so an edit touches the lines of the block it was made in.
 */
import type { List, ListItem, Nodes, Parent, Root, RootContent } from 'mdast';
import type { Point } from 'unist';
import { fingerprint, sameContent } from './same-content.js';
import { readMarkdown } from './read/index.js';
import { markdownWith } from './stringify.js';

export interface Original {
  /** The text the tree was parsed from: its positions are offsets into it. */
  text: string;
  root: Root;
}

/**
 * Containers written child by child when their own syntax is unchanged. Their children's lines carry the
 * container's prefix (`> ` in a quote, the item's indent in a list), which written children get too.
 */
const FRAMES = new Set([
  'list',
  'listItem',
  'blockquote',
  'hint',
  'tabs',
  'tab',
  'stepper',
  'step',
  'columns',
  'column',
  'updates',
  'update',
  'conditional',
  'expandable',
  'codeBlock',
  'embed',
  'file',
  'contentRef',
  'pageRef',
  'prompt',
]);

/** Above this many sibling pairs, siblings are matched greedily instead of by longest common subsequence. */
const LCS_LIMIT = 1_000_000;

export function writeBack(next: Root, original: Original): string {
  // Child by child first; where that does not read back as `next`, changed top-level blocks are written whole; else
  // the writer alone writes the page.
  for (const frames of [true, false]) {
    const written = new Writer(original, frames).root(next);
    if (written !== undefined) return written;
  }
  return markdownWith(next);
}

interface Span {
  start: number;
  end: number;
}

/** How a list's items are marked: a bullet, or a number and its delimiter. */
interface Marker {
  ordered: boolean;
  bullet: string;
  number?: number;
}

interface WriteContext {
  /** An original sibling whose marker a new list item takes. */
  sibling?: RootContent;
  /** The number an ordered item is to be written with. */
  number?: number;
  /** The list just before a list being written, of its kind: it takes the other bullet. */
  after?: Marker;
}

const DEFAULT_MARKER: Marker = { ordered: false, bullet: '*' };

/** Where one top-level block was put in the text, and whether it is its original bytes after its original gap. */
interface Piece {
  start: number;
  end: number;
  kept: boolean;
}

/**
 * Whether the top-level blocks written again read as `next`'s, with their neighbours: the text from the block before
 * the first one written to the block after the last, read alone (with the page's link definitions after it).
 */
function readsAs(body: string, pieces: readonly Piece[], next: Root): boolean {
  const changed = pieces.flatMap((piece, index) => (piece.kept ? [] : [index]));
  if (changed.length === 0) return true;
  // Neighbours with text of their own: an empty paragraph is only blank lines, read as one between two blocks.
  const empty = (index: number) => pieces[index]!.start === pieces[index]!.end;
  let from = Math.max(0, changed[0]! - 1);
  while (from > 0 && empty(from)) from--;
  let to = Math.min(pieces.length - 1, changed[changed.length - 1]! + 1);
  while (to < pieces.length - 1 && empty(to)) to++;
  const definitions = next.children.filter((node) => node.type === 'definition' || node.type === 'footnoteDefinition');
  const tail = definitions.length ? `\n\n${markdownWith({ type: 'root', children: definitions })}` : '';
  const start = body.lastIndexOf('\n', pieces[from]!.start - 1) + 1;
  const read = readMarkdown(body.slice(start, pieces[to]!.end) + tail).children;
  const want = next.children.slice(from, to + 1);
  return read.length === want.length + definitions.length && want.every((node, index) => sameContent(read[index]!, node));
}

/** Containers whose children carry a line prefix: no end tag follows them. */
const PREFIXED = new Set(['list', 'listItem', 'blockquote']);

/** The partner of a new child among the original's children: unchanged, or changed in place. */
interface Partner {
  index: number;
  same: boolean;
}

class Writer {
  private readonly lineStarts: number[] = [0];
  private readonly siblingSpans = new WeakMap<readonly RootContent[], Span[] | null>();

  constructor(
    private readonly original: Original,
    private readonly frames: boolean,
  ) {
    const text = original.text;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** The page, or undefined when what was written does not read back as `next`. */
  root(next: Root): string | undefined {
    const before = this.original.root.children;
    const bounds = { start: 0, end: this.original.text.length };
    const spans = this.spans(before, bounds);
    const partners = align(next.children, before);
    const pieces: Piece[] = [];
    const body = spans ? this.children(next, before, '', bounds, partners, pieces) : undefined;
    if (!spans || body === undefined || body === '') return markdownWith(next);
    if (!readsAs(body, pieces, next)) return undefined;
    const first = partners[0];
    const last = partners[partners.length - 1];
    // Blank lines after the content are the new tree's to say; those before it (after the frontmatter) are the
    // file's unless the new tree counts them.
    const leading = next.data?.leadingBlankLines;
    const lead =
      first?.index === 0 && (leading === undefined || leading === this.original.root.data?.leadingBlankLines)
        ? this.original.text.slice(0, spans[0]!.start)
        : '\n'.repeat(leading ?? 0);
    const tail =
      last?.index === before.length - 1 && (next.data?.trailingBlankLines ?? 0) === (this.original.root.data?.trailingBlankLines ?? 0)
        ? this.original.text.slice(spans[before.length - 1]!.end)
        : '\n'.repeat(1 + (next.data?.trailingBlankLines ?? 0));
    return lead + body + tail;
  }

  /**
   * The children of `parent`, each as its original bytes or written again, joined by the blank lines they had;
   * `prefix` begins every line a written child adds. Undefined when the old children cannot be placed.
   */
  private children(
    parent: Parent,
    before: readonly RootContent[],
    prefix: string,
    bounds: Span,
    partners = align(parent.children as RootContent[], before),
    pieces?: Piece[],
  ): string | undefined {
    const spans = this.spans(before, bounds);
    if (!spans) return undefined;
    const children = parent.children as RootContent[];
    const numbers = parent.type === 'list' && (parent as List).ordered ? this.numbering(parent as List, before) : undefined;
    let out = '';
    let previousList: Marker | undefined;
    for (const [i, child] of children.entries()) {
      const partner = partners[i];
      const previous = i > 0 ? partners[i - 1] : undefined;
      const adjacent = previous && partner && partner.index === previous.index + 1;
      if (i > 0) out += adjacent ? this.gap(spans, partner.index) : this.join(parent, spans, prefix);
      const start = out.length;
      const old = partner ? before[partner.index]! : undefined;
      const span = partner ? spans[partner.index]! : undefined;
      // An item whose number no longer fits its place, a list that would run into the list before it: written again.
      const number = numbers?.(i, old);
      const clash = child.type === 'list' && previousList !== undefined && previousList.ordered === child.ordered;
      const marker = clash && old ? this.marker((old as List).children[0]) : undefined;
      const rewrite = number !== undefined || (clash && (!marker || marker.bullet === previousList!.bullet));
      let text: string | undefined;
      if (partner?.same && !rewrite) text = this.original.text.slice(span!.start, span!.end);
      else if (old && !rewrite) text = this.frame(child, old, span!);
      if (text === undefined) {
        const own = old?.position ? this.prefixAt(span!.start) : prefix;
        if (own === undefined) return undefined;
        const written = this.write(child, old, parent, { sibling: before[0], number, after: clash ? previousList : undefined });
        text = indent(written.text, own);
        previousList = written.marker;
      } else previousList = child.type === 'list' ? (this.marker((old as List).children[0]) ?? DEFAULT_MARKER) : undefined;
      if (child.type !== 'list') previousList = undefined;
      out += text;
      pieces?.push({ start, end: out.length, kept: Boolean(partner?.same && !rewrite && (i === 0 || adjacent)) });
    }
    return out;
  }

  /**
   * For an ordered list, the number an item must be written with when its own no longer fits (undefined when it
   * does): the first item carries the list's start; in a list numbered 1, 2, 3 every item keeps counting.
   */
  private numbering(list: List, before: readonly RootContent[]): (index: number, old: RootContent | undefined) => number | undefined {
    const start = list.start ?? 1;
    const was = before.map((item) => this.marker(item)?.number);
    const counting = was.every((n, k) => n === was[0]! + k);
    return (index, old) => {
      const expected = start + index;
      const number = old ? this.marker(old)?.number : undefined;
      if (!old || number === expected) return undefined;
      return index === 0 || counting ? expected : undefined;
    };
  }

  /** A container whose own syntax is unchanged: its original tags and prefixes around its children, written one by one. */
  private frame(child: RootContent, old: RootContent, span: Span): string | undefined {
    if (!this.frames || !FRAMES.has(child.type) || child.type !== old.type || ownFields(child) !== ownFields(old)) return undefined;
    const was = (old as Parent).children as RootContent[];
    const now = (child as Parent).children as RootContent[];
    const spans = this.spans(was, span);
    if (!spans || was.length === 0 || now.length === 0) return undefined;
    if (old.type === 'list' && !sameListKind(child as List, old as List)) return undefined;
    const placed = was.find((c) => c.position);
    const prefix = placed && this.prefixAt(spans[was.indexOf(placed)]!.start);
    if (prefix === undefined) return undefined;
    const inner = this.children(child as Parent, was, prefix, span);
    if (inner === undefined) return undefined;
    let close = this.original.text.slice(spans[spans.length - 1]!.end, span.end);
    // A quote right before an end tag is followed by a blank line, as GitBook writes it (see blocks/spec.ts).
    if (!PREFIXED.has(child.type) && now[now.length - 1]?.type === 'blockquote' && /^\n[^\n]/.test(close)) close = `\n${prefix.trimEnd()}${close}`;
    return this.original.text.slice(span.start, spans[0]!.start) + inner + close;
  }

  /**
   * A new or changed node through the writer (its first line unindented). A list item is written as an item of its
   * list: with the marker it had, or a new one's with its first sibling's bullet, numbered by its place (or by
   * `number`). A list right after another list of its kind takes the other bullet (`after`), or they would merge.
   */
  private write(child: RootContent, old: RootContent | undefined, parent: Parent, context: WriteContext): { text: string; marker?: Marker } {
    const node = old ? keepLineBreaks(child, old) : child;
    if (node.type === 'list') {
      const marker = otherMarker(node, context.after);
      const options = node.ordered ? { bulletOrdered: marker.bullet as '.' | ')' } : { bullet: marker.bullet as '*' | '+' | '-' };
      return { text: markdownWith({ type: 'root', children: [node] }, options).replace(/\n$/, ''), marker };
    }
    if (node.type !== 'listItem') return { text: markdownWith({ type: 'root', children: [node] }).replace(/\n$/, '') };
    const list = parent as List;
    const from = old ?? context.sibling;
    const marker = from ? this.marker(from) : undefined;
    const index = parent.children.indexOf(child);
    const start = context.number ?? (old && marker?.number) ?? (list.start ?? 1) + Math.max(0, index);
    const single: List = { type: 'list', ordered: list.ordered, start, spread: false, children: [node as ListItem] };
    const options = marker ? (list.ordered ? { bulletOrdered: marker.bullet as '.' | ')' } : { bullet: marker.bullet as '*' | '+' | '-' }) : {};
    return { text: markdownWith({ type: 'root', children: [single] }, options).replace(/\n$/, '') };
  }

  /** The bullet (or number and delimiter) an original list item was written with. */
  private marker(item: RootContent | undefined): Marker | undefined {
    const span = item?.position && this.span(item);
    const match = span && /^(?:([*+-])|(\d{1,9})([.)]))/.exec(this.original.text.slice(span.start, span.start + 12));
    if (!match) return undefined;
    return match[1] ? { ordered: false, bullet: match[1] } : { ordered: true, bullet: match[3]!, number: Number(match[2]) };
  }

  /**
   * What begins the lines after the first of a node written at `offset`: the text before it on its line, with
   * list markers as spaces (`> ` in a quote, `   ` under `1. `). Undefined when other text stands there.
   */
  private prefixAt(offset: number): string | undefined {
    const lineStart = this.original.text.lastIndexOf('\n', offset - 1) + 1;
    const before = this.original.text.slice(lineStart, offset).replace(/(?:[*+-]|\d{1,9}[.)])(?=[ \t]|$)/g, (m) => ' '.repeat(m.length));
    return /^[ \t>]*$/.test(before) ? before : undefined;
  }

  /** The original bytes between sibling `index - 1` and sibling `index`. */
  private gap(spans: readonly Span[], index: number): string {
    return this.original.text.slice(spans[index - 1]!.end, spans[index]!.start);
  }

  /**
   * Between nodes that were not neighbours: in a list, what its items are separated by (tight or loose); in a tight
   * item, a line end; elsewhere a blank line. With the container's prefix.
   */
  private join(parent: Parent, spans: readonly Span[], prefix: string): string {
    if (parent.type === 'list') {
      for (let index = 1; index < spans.length; index++) {
        const gap = this.gap(spans, index);
        if (/^\n[ \t>]*(\n[ \t>]*)*$/.test(gap)) return gap;
      }
      if (!(parent as List).spread) return `\n${prefix}`;
    }
    if (parent.type === 'listItem' && !(parent as ListItem).spread) return `\n${prefix}`;
    return `\n${prefix.trimEnd()}\n${prefix}`;
  }

  /**
   * The spans of sibling nodes within `bounds` (their container's span), or undefined when one cannot be placed.
   * A node with no source of its own (an empty paragraph GitBook writes as two more blank lines) is an empty span
   * where its line would start: two line ends after the node before it (one after the container's opening line
   * for the first), past the line's prefix.
   */
  private spans(siblings: readonly RootContent[], bounds: Span): Span[] | undefined {
    let spans = this.siblingSpans.get(siblings);
    if (spans === undefined) {
      const own = siblings.map((node) => this.span(node));
      spans = own.some(Boolean) ? [] : null;
      let previous: Span | undefined;
      for (const [index, span] of own.entries()) {
        if (!spans) break;
        const limit = own.slice(index + 1).find(Boolean)?.start ?? bounds.end;
        const at = span ?? this.ghost(previous?.end ?? bounds.start, previous ? 2 : 1, limit);
        if (previous && at.start < previous.end) spans = null;
        else spans.push(at);
        previous = at;
      }
      this.siblingSpans.set(siblings, spans);
    }
    return spans ?? undefined;
  }

  /** An empty span `ends` line ends after `from`, past the prefix of that line, and not past `limit`. */
  private ghost(from: number, ends: number, limit: number): Span {
    const text = this.original.text;
    let at = from;
    for (let seen = 0; seen < ends && at < limit; at++) if (text[at] === '\n') seen++;
    while (at < limit && (text[at] === ' ' || text[at] === '\t' || text[at] === '>')) at++;
    const offset = Math.min(at, limit);
    return { start: offset, end: offset };
  }

  private span(node: Nodes): Span | undefined {
    const position = node.position;
    if (!position) return undefined;
    const start = this.offset(position.start);
    const end = this.offset(position.end);
    return start !== undefined && end !== undefined && start <= end ? { start, end } : undefined;
  }

  private offset(point: Point): number | undefined {
    if (typeof point.offset === 'number') return point.offset;
    const lineStart = this.lineStarts[point.line - 1];
    return lineStart === undefined ? undefined : lineStart + point.column - 1;
  }
}

/** `text` with `prefix` before every line after the first (only its `>` markers on blank lines). */
function indent(text: string, prefix: string): string {
  if (prefix === '') return text;
  const blank = prefix.trimEnd();
  return text.replace(/\n([^\n]*)/g, (_m, line: string) => `\n${line === '' ? blank : prefix + line}`);
}

/**
 * For each new child, its partner among the old: the longest run of unchanged children in order, then unchanged
 * ones that moved, then changed ones in place (in each gap between unchanged pairs, by type, in order).
 */
export function align(now: readonly RootContent[], was: readonly RootContent[]): (Partner | undefined)[] {
  // The unchanged children before and after the changes are found walking both lists; only the rest is hashed.
  let head = 0;
  while (head < now.length && head < was.length && sameContent(now[head]!, was[head]!)) head++;
  let tail = 0;
  while (tail < now.length - head && tail < was.length - head && sameContent(now[now.length - 1 - tail]!, was[was.length - 1 - tail]!)) tail++;
  const memo = new WeakMap<object, string>();
  const a = now.slice(head, now.length - tail).map((node) => fingerprint(node, memo));
  const b = was.slice(head, was.length - tail).map((node) => fingerprint(node, memo));
  const middle = a.length * b.length <= LCS_LIMIT ? lcs(a, b) : greedy(a, b);
  const pairs: Array<readonly [number, number]> = [
    ...Array.from({ length: head }, (_, k) => [k, k] as const),
    ...middle.map(([i, j]) => [i + head, j + head] as const),
    ...Array.from({ length: tail }, (_, k) => [now.length - tail + k, was.length - tail + k] as const),
  ];
  const partners: (Partner | undefined)[] = new Array(now.length).fill(undefined);
  const used = new Set<number>();
  for (const [i, j] of pairs) {
    partners[i] = { index: j, same: true };
    used.add(j);
  }
  const unused = new Map<string, number[]>();
  b.forEach((print, j) => used.has(j + head) || unused.set(print, [...(unused.get(print) ?? []), j + head]));
  a.forEach((print, i) => {
    const j = partners[i + head] ? undefined : unused.get(print)?.shift();
    if (j !== undefined) (partners[i + head] = { index: j, same: true }), used.add(j);
  });
  let i = 0;
  let j = 0;
  for (const [pi, pj] of [...pairs, [now.length, was.length] as const]) {
    let k = j;
    for (; i < pi; i++) {
      if (partners[i]) continue;
      while (k < pj && (used.has(k) || was[k]!.type !== now[i]!.type)) k++;
      if (k < pj) partners[i] = { index: k++, same: false };
    }
    i = pi + 1;
    j = pj + 1;
  }
  return partners;
}

function lcs(a: readonly string[], b: readonly string[]): Array<readonly [number, number]> {
  const n = a.length;
  const m = b.length;
  const table = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * (m + 1) + j] = a[i] === b[j] ? table[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(table[(i + 1) * (m + 1) + j]!, table[i * (m + 1) + j + 1]!);
    }
  }
  const pairs: Array<readonly [number, number]> = [];
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[(i + 1) * (m + 1) + j]! >= table[i * (m + 1) + j + 1]!) i++;
    else j++;
  }
  return pairs;
}

function greedy(a: readonly string[], b: readonly string[]): Array<readonly [number, number]> {
  const pairs: Array<readonly [number, number]> = [];
  let j = 0;
  for (let i = 0; i < a.length && j < b.length; i++) {
    const found = b.indexOf(a[i]!, j);
    if (found >= 0) {
      pairs.push([i, found]);
      j = found + 1;
    }
  }
  return pairs;
}

/** A node's fingerprint without its children: its own syntax (a hint's style, a tab's title). */
function ownFields(node: RootContent): string {
  return fingerprint({ ...node, children: undefined } as unknown as Nodes);
}

/** The marker a list is written with: GitBook's, or the other one when the list before it (`after`) has it. */
function otherMarker(list: List, after: Marker | undefined): Marker {
  const ordered = Boolean(list.ordered);
  const usual = ordered ? '.' : '*';
  const other = ordered ? ')' : '-';
  return { ordered, bullet: after && after.ordered === ordered && after.bullet === usual ? other : usual };
}

function sameListKind(a: List, b: List): boolean {
  return Boolean(a.ordered) === Boolean(b.ordered) && (!a.ordered || (a.start ?? 1) === (b.start ?? 1));
}

/**
 * The document has one kind of line break. A changed block whose author broke lines softly (a newline, no `\`)
 * keeps doing so; one that used hard breaks, or none, gets GitBook's `\`.
 */
function keepLineBreaks<T extends RootContent>(node: T, old: RootContent): T {
  let soft = false;
  let hard = false;
  const scan = (n: Nodes) => {
    if (n.type === 'break') hard = true;
    else if (n.type === 'text' && n.value.includes('\n')) soft = true;
    else if ('children' in n) for (const c of n.children) scan(c as Nodes);
  };
  scan(old);
  if (!soft || hard) return node;
  const soften = (n: Nodes): Nodes => {
    if (!('children' in n)) return n;
    const children: Nodes[] = [];
    for (const c of n.children as Nodes[]) {
      const child = c.type === 'break' ? ({ type: 'text', value: '\n' } as Nodes) : soften(c);
      const last = children[children.length - 1];
      if (child.type === 'text' && last?.type === 'text') children[children.length - 1] = { type: 'text', value: last.value + child.value };
      else children.push(child);
    }
    return { ...n, children } as Nodes;
  };
  return soften(node) as T;
}
