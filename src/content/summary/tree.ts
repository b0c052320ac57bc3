/**
 * A fast reader for the SUMMARY.md most repositories have: headings, thematic breaks and bullets that each hold one
 * `[title](path)` link, nested by indentation. It gives the same mdast as CommonMark for those lines (a test compares
 * them on the corpora and on mutated summaries), in a hundredth of the time micromark takes over deep lists; for any
 * other line it returns null and the caller parses with micromark.
 */
import type { Heading, Link, List, ListItem, Paragraph, Root, Text, ThematicBreak } from 'mdast';
import type { Position } from 'unist';

const BULLET = /^( {0,40})([*+-])( {1,4})\[([^[\]\\`<>]*)\]\(([^\s()<>\\&]*)(?: +"([^"\\&]*)")?\) *$/;
const HEADING = /^(#{1,6}) +(.*?) *$/;
const BREAK = /^(?:\*{3,}|-{3,}|_{3,}) *$/;

/** An open list item: where its content starts, and the list its sub-items go in. */
interface Open {
  content: number;
  item: ListItem;
  sublist: { list: List; bullet: string } | null;
}

export function summaryTree(text: string): Root | null {
  if (/[\t\r\0\uFEFF]/.test(text)) return null;
  const root: Root = { type: 'root', children: [] };
  let open: Open[] = [];
  let topList: { list: List; bullet: string } | null = null;
  let offset = 0;
  let line = 0;
  for (const source of text.split('\n')) {
    line++;
    const start = offset;
    offset += source.length + 1;
    if (source.trim() === '') continue;
    const at = (column: number) => ({ line, column: column + 1, offset: start + column });
    const span = (from: number, to: number): Position => ({ start: at(from), end: at(to) });

    const bullet = BULLET.exec(source);
    if (bullet) {
      const [, indent, marker, gap, title, url, linkTitle] = bullet as unknown as [string, string, string, string, string, string, string | undefined];
      if (title.trim() === '' || (linkTitle !== undefined && url === '')) return null;
      const column = indent.length;
      while (open.length && open[open.length - 1]!.content > column) open.pop();
      const parent = open[open.length - 1];
      if (column - (parent?.content ?? 0) > 3) return null; // indented code, or a lazy continuation line
      const titleStart = column + marker.length + gap.length + 1;
      const textNode: Text = { type: 'text', value: title, position: span(titleStart, titleStart + title.length) };
      const link: Link = { type: 'link', url, title: linkTitle ?? null, children: [textNode], position: span(titleStart - 1, source.trimEnd().length) };
      const paragraph: Paragraph = { type: 'paragraph', children: [link], position: span(titleStart - 1, source.trimEnd().length) };
      const item: ListItem = { type: 'listItem', spread: false, checked: null, children: [paragraph], position: span(column, source.trimEnd().length) };
      const target: Open['sublist'] = parent ? parent.sublist : topList;
      let list: List;
      if (target && target.bullet === marker && lastChild(parent ? parent.item : root) === target.list) {
        list = target.list;
      } else {
        list = { type: 'list', ordered: false, start: null, spread: false, children: [], position: item.position! };
        (parent ? parent.item.children : root.children).push(list);
        if (parent) parent.sublist = { list, bullet: marker };
        else topList = { list, bullet: marker };
      }
      list.children.push(item);
      list.position = { start: list.position!.start, end: item.position!.end };
      open.push({ content: titleStart - 1, item, sublist: null });
      continue;
    }
    // Anything else at column 0 ends every open list.
    open = [];
    topList = null;
    const heading = HEADING.exec(source);
    if (heading) {
      const [, hashes, content] = heading as unknown as [string, string, string];
      if (content === '' || /(?:^| )#+$/.test(content)) return null; // a closing sequence
      const from = source.indexOf(content, hashes.length);
      const node: Heading = {
        type: 'heading',
        depth: hashes.length as Heading['depth'],
        children: [{ type: 'text', value: content, position: span(from, from + content.length) }],
        position: span(0, source.trimEnd().length),
      };
      root.children.push(node);
    } else if (BREAK.test(source) && !/^-/.test(source)) {
      root.children.push({ type: 'thematicBreak', position: span(0, source.trimEnd().length) } satisfies ThematicBreak);
    } else {
      return null;
    }
  }
  return root;
}

function lastChild(parent: Root | ListItem): unknown {
  return parent.children[parent.children.length - 1];
}
