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
  'list', 'listItem', 'blockquote', 'hint', 'tabs', 'tab', 'stepper', 'step', 'columns', 'column', 'updates', 'update',
  'conditional', 'expandable', 'codeBlock', 'embed', 'file', 'contentRef', 'pageRef', 'prompt',
]);

/** Above this many sibling pairs, siblings are matched greedily instead of by longest common subsequence. */
const LCS_LIMIT = 1_000_000;

export function writeBack(next: Root, original: Original): string {
  return new Writer(original).root(next);
}

interface Span {
  start: number;
  end: number;
}

/** The partner of a new child among the original's children: unchanged, or changed in place. */
interface Partner {
  index: number;
  same: boolean;
}

class Writer {
  private readonly lineStarts: number[] = [0];
  private readonly siblingSpans = new WeakMap<readonly RootContent[], Span[] | null>();

  constructor(private readonly original: Original) {
    const text = original.text;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  root(next: Root): string {
    const before = this.original.root.children;
    const spans = this.spans(before);
    const partners = align(next.children, before);
    const body = spans ? this.children(next, before, '', partners) : undefined;
    if (!spans || body === undefined || body === '') return markdownWith(next);
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
  private children(parent: Parent, before: readonly RootContent[], prefix: string, partners = align(parent.children as RootContent[], before)): string | undefined {
    const spans = this.spans(before);
    if (!spans) return undefined;
    const children = parent.children as RootContent[];
    let out = '';
    for (const [i, child] of children.entries()) {
      const partner = partners[i];
      const previous = i > 0 ? partners[i - 1] : undefined;
      if (i > 0) out += previous && partner && partner.index === previous.index + 1 ? this.gap(spans, partner.index) : this.join(spans, prefix);
      if (!partner) {
        out += indent(this.write(child, undefined, parent, before[0]), prefix);
        continue;
      }
      const old = before[partner.index]!;
      const span = spans[partner.index]!;
      if (partner.same) out += this.original.text.slice(span.start, span.end);
      else {
        const own = old.position ? this.prefixAt(span.start) : prefix;
        if (own === undefined) return undefined;
        out += this.frame(child, old, span) ?? indent(this.write(child, old, parent), own);
      }
    }
    return out;
  }

  /** A container whose own syntax is unchanged: its original tags and prefixes around its children, written one by one. */
  private frame(child: RootContent, old: RootContent, span: Span): string | undefined {
    if (!FRAMES.has(child.type) || child.type !== old.type || ownFields(child) !== ownFields(old)) return undefined;
    const was = (old as Parent).children as RootContent[];
    const spans = this.spans(was);
    if (!spans || was.length === 0 || (child as Parent).children.length === 0) return undefined;
    if (old.type === 'list' && !sameListKind(child as List, old as List)) return undefined;
    const placed = was.find((c) => c.position);
    const prefix = placed && this.prefixAt(spans[was.indexOf(placed)]!.start);
    if (prefix === undefined) return undefined;
    const inner = this.children(child as Parent, was, prefix);
    if (inner === undefined) return undefined;
    return this.original.text.slice(span.start, spans[0]!.start) + inner + this.original.text.slice(spans[spans.length - 1]!.end, span.end);
  }

  /**
   * A new or changed node through the writer (its first line unindented). A list item is written as an item of its
   * list: with the marker it had, or a new one's with its first sibling's bullet, numbered by its place.
   */
  private write(child: RootContent, old: RootContent | undefined, parent: Parent, sibling?: RootContent): string {
    const node = old ? keepLineBreaks(child, old) : child;
    if (node.type !== 'listItem') return markdownWith({ type: 'root', children: [node] }).replace(/\n$/, '');
    const list = parent as List;
    const from = old ?? sibling;
    const marker = from ? this.marker(from) : undefined;
    const index = parent.children.indexOf(child);
    const start = (old && marker?.number) ?? (list.start ?? 1) + Math.max(0, index);
    const single: List = { type: 'list', ordered: list.ordered, start, spread: false, children: [node as ListItem] };
    const options = marker ? (list.ordered ? { bulletOrdered: marker.bullet as '.' | ')' } : { bullet: marker.bullet as '*' | '+' | '-' }) : {};
    return markdownWith({ type: 'root', children: [single] }, options).replace(/\n$/, '');
  }

  /** The bullet (or number and delimiter) an original list item was written with. */
  private marker(item: RootContent): { bullet: string; number?: number } | undefined {
    const span = item.position && this.span(item);
    const match = span && /^(?:([*+-])|(\d{1,9})([.)]))/.exec(this.original.text.slice(span.start, span.start + 12));
    if (!match) return undefined;
    return match[1] ? { bullet: match[1] } : { bullet: match[3]!, number: Number(match[2]) };
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

  /** Between nodes that were not neighbours: a gap the container's children had (the first one), else a blank line. */
  private join(spans: readonly Span[], prefix: string): string {
    for (let index = 1; index < spans.length; index++) {
      const gap = this.gap(spans, index);
      if (/^\n[ \t>]*(\n[ \t>]*)*$/.test(gap)) return gap;
    }
    return `\n${prefix.trimEnd()}\n${prefix}`;
  }

  /**
   * The spans of sibling nodes, or undefined when one cannot be placed. A node with no source of its own (an empty
   * paragraph GitBook writes as two more blank lines) is an empty span after its share of the blank lines.
   */
  private spans(siblings: readonly RootContent[]): Span[] | undefined {
    let spans = this.siblingSpans.get(siblings);
    if (spans === undefined) {
      const own = siblings.map((node) => this.span(node));
      spans = own.some(Boolean) ? [] : null;
      let previous: Span | undefined;
      for (const [index, span] of own.entries()) {
        if (!spans) break;
        const at = span ?? this.ghost(previous, own.slice(index + 1).find(Boolean));
        if (previous && at.start < previous.end) spans = null;
        else spans.push(at);
        previous = at;
      }
      this.siblingSpans.set(siblings, spans);
    }
    return spans ?? undefined;
  }

  /** Where a node without a source after `previous` stands: two line ends on, and not past `next`. */
  private ghost(previous: Span | undefined, next: Span | undefined): Span {
    const limit = next?.start ?? previous!.end;
    if (!previous) return { start: limit, end: limit };
    let at = previous.end;
    for (let ends = 0; ends < 2 && at < limit; at++) if (this.original.text[at] === '\n') ends++;
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
  const a = now.slice(head, now.length - tail).map(fingerprint);
  const b = was.slice(head, was.length - tail).map(fingerprint);
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

