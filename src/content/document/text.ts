/**
 * Phrasing content <-> text leaves with marks. Going to the document, nested emphasis/strong/delete/
 * code/colour/kbd flatten onto leaves (outermost mark first); coming back, runs of leaves sharing a mark
 * are wrapped again, outermost first, which reproduces GitBook's nesting (`~~_**x**_~~`).
 */
import type { Html, PhrasingContent, Text } from 'mdast';
import type { FromContext, ToContext } from './context.js';
import { markdownLimitProblem } from '../limits.js';
import { inlineMappingFor, inlineMappingOfDoc } from '../blocks/inline/document.js';
import { colorMark, hasMark, HTML_MARKS, MARK_HTML, sameMark, simpleMark } from './marks.js';
import type { DocInline, DocLeaf, DocMark, DocNode, DocText } from './types.js';

const WRAPPERS: Readonly<Record<string, DocMark['type']>> = { strong: 'bold', emphasis: 'italic', delete: 'strikethrough' };

/** Phrasing content to text and inline nodes (consecutive leaves share one text node). */
export function phrasingToDocument(children: readonly PhrasingContent[], parentKey: string, ctx: ToContext, marks: DocMark[] = []): Array<DocText | DocInline> {
  const out: Array<DocText | DocInline> = [];
  const pushLeaf = (leaf: DocLeaf) => {
    const last = out[out.length - 1];
    const previous = last?.object === 'text' ? last.leaves[last.leaves.length - 1] : undefined;
    // Neighbouring leaves with the same marks are one leaf, as the editor keeps them.
    if (previous && !previous.markdown && !leaf.markdown && sameMarks(previous.marks, leaf.marks)) previous.text += leaf.text;
    else if (last?.object === 'text') last.leaves.push(leaf);
    else out.push({ object: 'text', key: ctx.key(parentKey, `text${out.length}`), leaves: [leaf] });
  };
  const escape = (node: PhrasingContent) => {
    const leaf: DocLeaf = { object: 'leaf', text: ctx.markdown(node), marks, markdown: true };
    ctx.remember(leaf, node);
    pushLeaf(leaf);
  };
  for (let i = 0; i < children.length; i++) {
    const node = children[i] as PhrasingContent;
    switch (node.type) {
      case 'text':
        if (node.value !== '') pushLeaf({ object: 'leaf', text: node.value, marks });
        else escape(node);
        continue;
      case 'break':
        pushLeaf({ object: 'leaf', text: '\n', marks });
        continue;
      case 'inlineCode':
        pushLeaf({ object: 'leaf', text: node.value, marks: [...marks, simpleMark('code')] });
        continue;
      case 'strong':
      case 'emphasis':
      case 'delete': {
        const mark = simpleMark(WRAPPERS[node.type] as DocMark['type']);
        if (hasMark(marks, mark) || node.children.length === 0) escape(node);
        else for (const child of phrasingToDocument(node.children, parentKey, ctx, [...marks, mark])) append(out, child);
        continue;
      }
      case 'mark': {
        const mark = colorMark(node);
        if (!mark || marks.some((m) => m.type === 'color') || node.children.length === 0) escape(node);
        else for (const child of phrasingToDocument(node.children, parentKey, ctx, [...marks, mark])) append(out, child);
        continue;
      }
      case 'html': {
        // `<kbd>…</kbd>` (and sup/sub) arrive as two html nodes around the content.
        const element = /^<(kbd|sup|sub)>$/.exec(node.value)?.[1];
        const close = element ? children.findIndex((c, j) => j > i && c.type === 'html' && c.value === `</${element}>`) : -1;
        const mark = element ? simpleMark(HTML_MARKS[element] as DocMark['type']) : undefined;
        if (mark && close > i + 1 && !hasMark(marks, mark)) {
          const inner = children.slice(i + 1, close);
          for (const child of phrasingToDocument(inner, parentKey, ctx, [...marks, mark])) append(out, child);
          i = close;
          continue;
        }
        break;
      }
    }
    const inline = inlineMappingFor(node.type)?.toDocument(node as never, ctx, ctx.key(parentKey, `${node.type}${out.length}`, node), marks);
    if (inline) out.push(inline);
    else escape(node);
  }
  return out;
}

function sameMarks(a: readonly DocMark[], b: readonly DocMark[]): boolean {
  return a.length === b.length && a.every((mark, i) => sameMark(mark, b[i] as DocMark));
}

/** Appends `child`, merging it into a preceding text node. */
function append(out: Array<DocText | DocInline>, child: DocText | DocInline): void {
  const last = out[out.length - 1];
  if (last?.object === 'text' && child.object === 'text') last.leaves.push(...child.leaves);
  else out.push(child);
}

/** One run item: a leaf, or an inline node (links carry their marks inside, on their own leaves). */
type Item = { leaf: DocLeaf; inline?: undefined; marks: readonly DocMark[] } | { inline: DocInline; leaf?: undefined; marks: readonly DocMark[] };

/** Text and inline nodes back to phrasing content. */
export function phrasingFromDocument(nodes: readonly DocNode[] | undefined, ctx: FromContext, applied: readonly DocMark[] = []): PhrasingContent[] {
  const items: Item[] = [];
  for (const node of nodes ?? []) {
    if (node.object === 'text') for (const leaf of node.leaves) items.push({ leaf, marks: leaf.marks ?? [] });
    else if (node.object === 'inline') items.push({ inline: node, marks: [] });
  }
  return mergeTexts(build(items, applied, ctx));
}

/** GitBook's nesting order, outermost first: `~~_**`x`**_~~`. Code is always the leaf itself. */
const RANK: Readonly<Record<DocMark['type'], number>> = {
  color: 0,
  strikethrough: 1,
  italic: 2,
  bold: 3,
  keyboard: 4,
  superscript: 5,
  subscript: 6,
  code: 7,
};

/** The mark to open next on a leaf: the outermost one not open yet. */
function outermost(marks: readonly DocMark[], applied: readonly DocMark[]): DocMark | undefined {
  return marks.filter((m) => m.type !== 'code' && !hasMark(applied, m)).sort((a, b) => RANK[a.type] - RANK[b.type])[0];
}

function build(items: readonly Item[], applied: readonly DocMark[], ctx: FromContext): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (let i = 0; i < items.length; ) {
    const item = items[i] as Item;
    const mark = item.inline && !item.inline.isVoid ? undefined : outermost(item.marks, applied);
    if (!mark) {
      out.push(...content(item, applied, ctx));
      i++;
      continue;
    }
    let end = i + 1;
    while (end < items.length && extends_(items, end, mark, applied)) end++;
    out.push(...wrap(mark, build(items.slice(i, end), [...applied, mark], ctx)));
    i = end;
  }
  return out;
}

/** Whether the run with `mark` goes on through `items[index]`: it has the mark, or it is a void inline followed by one that has it. */
function extends_(items: readonly Item[], index: number, mark: DocMark, applied: readonly DocMark[]): boolean {
  const item = items[index] as Item;
  // GitBook writes marks inside links, never around them: a link ends a run.
  if (item.inline && !item.inline.isVoid) return false;
  // A leaf with a mark that nests outside `mark` ends the run too (`**a**_**b**_`, not `**a_b_**`).
  if (hasMark(item.marks, mark)) return !item.marks.some((m) => RANK[m.type] < RANK[mark.type] && !hasMark(applied, m));
  if (!item.inline?.isVoid) return false;
  const next = items.slice(index + 1).find((i) => !i.inline?.isVoid);
  return next !== undefined && hasMark(next.marks, mark);
}

function wrap(mark: DocMark, children: PhrasingContent[]): PhrasingContent[] {
  switch (mark.type) {
    case 'bold':
      return [{ type: 'strong', children }];
    case 'italic':
      return [{ type: 'emphasis', children }];
    case 'strikethrough':
      return [{ type: 'delete', children }];
    case 'color': {
      const node: PhrasingContent = { type: 'mark', children };
      if (mark.data?.text && mark.data.text !== 'default') node.color = mark.data.text;
      if (mark.data?.background && mark.data.background !== 'default') node.background = mark.data.background;
      return [node];
    }
    default: {
      const element = MARK_HTML[mark.type] ?? 'span';
      return [{ type: 'html', value: `<${element}>` }, ...children, { type: 'html', value: `</${element}>` }];
    }
  }
}

function content(item: Item, applied: readonly DocMark[], ctx: FromContext): PhrasingContent[] {
  if (item.inline) {
    const mapped = inlineMappingOfDoc(item.inline.type)?.fromDocument(item.inline, ctx, applied);
    if (mapped) return Array.isArray(mapped) ? mapped : [mapped];
    // An inline with no markdown form (annotation…) keeps its text.
    return phrasingFromDocument(item.inline.nodes, ctx, applied);
  }
  const leaf = item.leaf;
  if (leaf.markdown) {
    const original = ctx.original(leaf);
    return original ? [original as PhrasingContent] : inlineMarkdown(leaf.text, ctx);
  }
  if (leaf.marks.some((m) => m.type === 'code' && !applied.some((a) => sameMark(a, m)))) return [{ type: 'inlineCode', value: leaf.text }];
  const out: PhrasingContent[] = [];
  leaf.text.split('\n').forEach((part, index) => {
    if (index > 0) out.push({ type: 'break' });
    if (part !== '') out.push({ type: 'text', value: part });
  });
  return out;
}

/**
 * The nodes an inline escape's markdown reads as (a `<button>` is a button again), so an unchanged paragraph
 * compares equal to its file's; what is not one paragraph's content stays HTML, written as it is.
 */
function inlineMarkdown(markdown: string, ctx: FromContext): PhrasingContent[] {
  const html: PhrasingContent[] = [{ type: 'html', value: markdown } satisfies Html];
  if (markdownLimitProblem(markdown)) return html;
  const [only, ...rest] = ctx.syntax.read(markdown).children;
  if (only?.type !== 'paragraph' || rest.length > 0 || only.children.length === 0) return html;
  // Read alone it may say something else (a footnote reference without its definition is text): then it stays HTML.
  return ctx.syntax.write({ type: 'root', children: [only] }) === `${markdown}\n` ? stripPositions(only.children) : html;
}

function stripPositions<T>(nodes: T[]): T[] {
  for (const node of nodes as Array<{ position?: unknown; children?: unknown[] }>) {
    delete node.position;
    if (node.children) stripPositions(node.children);
  }
  return nodes;
}

/** Adjacent text nodes become one, as a parser would produce them. */
function mergeTexts(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (node.type === 'text' && last?.type === 'text') (last as Text).value += node.value;
    else if ('children' in node) out.push({ ...node, children: mergeTexts(node.children as PhrasingContent[]) } as PhrasingContent);
    else out.push(node);
  }
  return out;
}
