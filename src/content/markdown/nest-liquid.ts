/** Turn runs of sibling `liquidTag` nodes (`{% x %}` ... `{% endx %}`) into the typed block nodes of blocks/. */
import type { Nodes, Parent, RootContent } from 'mdast';
import type { Position } from 'unist';
import { parseTag, type ParsedTag } from '../blocks/attributes.js';
import { liquidSpecs } from '../blocks/index.js';
import type { OptionalEndTag } from '../blocks/spec.js';
import { withEmptyParagraphs, withEmptyParagraphsInside } from './empty-paragraphs.js';
import { restoreTrailingBreak } from './trailing-break.js';
import { restoreCellSpaces } from './table-cell-spaces.js';
import { restoreMathTrailingSpace } from './math-trailing-space.js';

function tagOf(node: RootContent | undefined): ParsedTag | null {
  if (node?.type !== 'liquidTag') return null;
  return parseTag(node.value.slice(2, -2));
}

/** Index of the `{% end<name> %}` closing the tag at `start`, counting nested tags of the same name. */
function findEnd(children: RootContent[], start: number, name: string): number {
  let depth = 0;
  for (let index = start + 1; index < children.length; index++) {
    const tag = tagOf(children[index]);
    if (!tag) continue;
    if (tag.name === name) depth++;
    else if (tag.name === `end${name}`) {
      if (depth === 0) return index;
      depth--;
    }
  }
  return -1;
}

const TAG_LINE = /^\{%.*%\}$/;

/** The offset where 1-based `line` of `source` starts. */
function lineStart(source: string, line: number): number {
  let offset = 0;
  for (let l = 1; l < line && offset >= 0; l++) offset = source.indexOf('\n', offset) + 1 || -1;
  return offset < 0 ? source.length : offset;
}

/** Source lines `start` to `end`, from `column` (the container's content column: after `> ` or an item's indent) to the end of the last. */
function linesAt(source: string, start: number, end: number, column: number): Position {
  const from = lineStart(source, start) + column - 1;
  const lastStart = lineStart(source, end);
  const lineEnd = source.indexOf('\n', lastStart);
  const to = lineEnd < 0 ? source.length : lineEnd;
  return { start: { line: start, column, offset: from }, end: { line: end, column: to - lastStart + 1, offset: to } };
}

function spanning(from: RootContent, to: RootContent): Position | undefined {
  return from.position && to.position ? { start: from.position.start, end: to.position.end } : undefined;
}

/**
 * An HTML block runs until a blank line, so a tag right under HTML (`<figure>…</figure>` then
 * `{% endstep %}`) is read as part of it: give such lines back as tags.
 */
function splitHtml(children: RootContent[], source: string): RootContent[] {
  if (!children.some((child) => child.type === 'html' && child.value.includes('{%'))) return children;
  return children.flatMap((child): RootContent[] => {
    if (child.type !== 'html' || !child.value.includes('{%')) return [child];
    const out: RootContent[] = [];
    const first = child.position?.start.line ?? 0;
    const column = child.position?.start.column ?? 1;
    let run: string[] = [];
    const flush = (next: number) => {
      if (run.length > 0) out.push({ type: 'html', value: run.join('\n'), position: linesAt(source, first + next - run.length, first + next - 1, column) });
      run = [];
    };
    child.value.split('\n').forEach((line, index) => {
      if (TAG_LINE.test(line.trimEnd()) && parseTag(line.trimEnd().slice(2, -2))) {
        flush(index);
        out.push({ type: 'liquidTag', value: line.trimEnd(), position: linesAt(source, first + index, first + index, column) });
      } else run.push(line);
    });
    flush(child.value.split('\n').length);
    return out.length === 1 ? [child] : out;
  });
}

/** Nest the Liquid blocks among one parent's children. */
function nestSiblings(input: RootContent[], source: string): RootContent[] {
  const children = splitHtml(input, source);
  if (!children.some((child) => child.type === 'liquidTag')) return children;
  const out: RootContent[] = [];
  for (let index = 0; index < children.length; index++) {
    const child = children[index] as RootContent;
    const tag = tagOf(child);
    const specs = tag ? liquidSpecs().get(tag.name) : undefined;
    if (!tag || !specs) {
      out.push(child);
      continue;
    }
    const end = specs.some((spec) => spec.end !== 'none') ? findEnd(children, index, tag.name) : -1;
    let built: RootContent | undefined;
    if (end >= 0) {
      const close = children[end] as RootContent;
      const inner = withEmptyParagraphsInside(child, nestSiblings(children.slice(index + 1, end), source), close);
      for (const spec of specs) if (spec.end !== 'none') built ??= spec.build(tag, inner);
      if (built && inner.length === 0 && specs.some((spec) => spec.end === 'optional')) {
        (built as OptionalEndTag).emptyWithEndTag = true;
      }
      if (built) {
        const position = spanning(child, close);
        if (position) built.position = position;
        keepSourceTag(built, child);
        out.push(built);
        index = end;
        continue;
      }
    }
    for (const spec of specs) if (spec.end !== 'required') built ??= spec.build(tag, null);
    if (built && child.position) built.position = child.position;
    if (built) keepSourceTag(built, child);
    out.push(built ?? child);
  }
  return out;
}

/** The opening tag as written, for the writer to keep when it formats to the same tag with other bytes. */
function keepSourceTag(built: RootContent, tag: RootContent): void {
  if (tag.type === 'liquidTag') built.data = { ...built.data, sourceTag: tag.value };
}

const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/**
 * Nest Liquid blocks everywhere in the tree (in list items, quotes, and blocks themselves), and give back
 * what GitBook's layout says and markdown loses: empty paragraphs, a hard break ending a paragraph, spaces
 * at the ends of table cells and after inline math.
 */
export function nestLiquid(node: Nodes, source: string): void {
  if (node.type === 'list') {
    for (const item of node.children) nestLiquid(item, source);
    return;
  }
  if (!FLOW_PARENTS.has(node.type)) return;
  const parent = node as Parent;
  for (const child of parent.children) {
    if (child.type === 'paragraph') {
      restoreTrailingBreak(child, source);
      restoreMathTrailingSpace(child, source);
    } else if (child.type === 'table') restoreCellSpaces(child, source);
    else nestLiquid(child as Nodes, source);
  }
  parent.children = withEmptyParagraphs(nestSiblings(parent.children as RootContent[], source));
}
