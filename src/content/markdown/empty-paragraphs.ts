/**
 * GitBook writes an empty paragraph as an empty line between the blank lines that separate blocks, so
 * every empty paragraph adds two blank lines to the usual gap. Markdown drops them; this puts them back,
 * reading the gaps between sibling blocks from their source lines.
 */
import type { Paragraph, RootContent } from 'mdast';

const emptyParagraph = (): Paragraph => ({ type: 'paragraph', children: [] });

/** A paragraph ending in a hard break is written `text\` and a newline, one more line than usual. */
function endsWithBreak(node: RootContent): boolean {
  return node.type === 'paragraph' && node.children[node.children.length - 1]?.type === 'break';
}

/** Blank lines between two blocks by their source positions, or -1 when one has no position. */
function blankLinesBetween(before: RootContent, after: RootContent): number {
  const end = before.position?.end.line;
  const start = after.position?.start.line;
  if (end === undefined || start === undefined) return -1;
  return start - end - 1 - (endsWithBreak(before) ? 1 : 0);
}

/** Empty paragraphs for `blank` lines where GitBook writes `usual` ones (none when it does not fit). */
function paragraphsFor(blank: number, usual: number): Paragraph[] {
  const extra = blank - usual;
  return extra >= 2 && extra % 2 === 0 ? Array.from({ length: extra / 2 }, emptyParagraph) : [];
}

/** Sibling blocks of a flow container (blocks separated by one blank line). */
export function withEmptyParagraphs(children: RootContent[]): RootContent[] {
  if (children.length < 2) return children;
  const out: RootContent[] = [children[0] as RootContent];
  for (let index = 1; index < children.length; index++) {
    const child = children[index] as RootContent;
    out.push(...paragraphsFor(blankLinesBetween(children[index - 1] as RootContent, child), 1), child);
  }
  return out;
}

/**
 * The content between a Liquid open tag and its end tag, which GitBook writes on the lines right after
 * and before the tags: `{% x %}`, the blocks separated by blank lines, `{% endx %}`.
 */
export function withEmptyParagraphsInside(open: RootContent, children: RootContent[], close: RootContent): RootContent[] {
  if (children.length === 0) {
    const blank = blankLinesBetween(open, close);
    return blank > 0 && blank % 2 === 1 ? Array.from({ length: (blank + 1) / 2 }, emptyParagraph) : [];
  }
  const first = children[0] as RootContent;
  const last = children[children.length - 1] as RootContent;
  return [...paragraphsFor(blankLinesBetween(open, first), 0), ...withEmptyParagraphs(children), ...paragraphsFor(blankLinesBetween(last, close), 0)];
}
