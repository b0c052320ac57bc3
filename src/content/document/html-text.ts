/** Plain text inside the HTML GitBook writes (summaries, captions): escaped as GitBook escapes it. */
import { decodeEntities } from '../blocks/html.js';
import { escapeText } from '../blocks/html-phrasing.js';
import type { DocLeaf, DocMark } from './types.js';

/** Text as GitBook writes it inside an element. */
export const htmlText = escapeText;

/** The text of HTML that holds no element, when writing it back gives the same HTML; else undefined. */
export function textOfHtml(html: string): string | undefined {
  if (html.includes('<')) return undefined;
  const text = decodeEntities(html);
  return htmlText(text) === html ? text : undefined;
}

const TAG_MARKS: Readonly<Record<string, DocMark['type']>> = { strong: 'bold', em: 'italic', code: 'code' };
const MARK_TAGS: Readonly<Record<string, string>> = { bold: 'strong', italic: 'em', code: 'code' };

/** Leaves for HTML holding text with `<strong>`, `<em>` and `<code>` only; undefined for anything else. */
export function leavesOfHtml(html: string): DocLeaf[] | undefined {
  const leaves: DocLeaf[] = [];
  const open: DocMark[] = [];
  for (const part of html.split(/(<\/?(?:strong|em|code)>)/)) {
    const tag = /^<(\/?)(strong|em|code)>$/.exec(part);
    if (tag) {
      const type = TAG_MARKS[tag[2] as string] as DocMark['type'];
      if (tag[1]) {
        if (open.pop()?.type !== type) return undefined;
      } else open.push({ object: 'mark', type });
      continue;
    }
    if (part === '') continue;
    const text = textOfHtml(part);
    if (text === undefined) return undefined;
    leaves.push({ object: 'leaf', text, marks: [...open] });
  }
  if (open.length > 0) return undefined;
  return htmlOfLeaves(leaves) === html ? leaves : undefined;
}

/** The HTML of leaves: each leaf's marks opened in order around its text. */
export function htmlOfLeaves(leaves: readonly DocLeaf[]): string {
  return leaves
    .map((leaf) => {
      const tags = leaf.marks.map((mark) => MARK_TAGS[mark.type]).filter((tag): tag is string => tag !== undefined);
      return `${tags.map((t) => `<${t}>`).join('')}${htmlText(leaf.text)}${[...tags]
        .reverse()
        .map((t) => `</${t}>`)
        .join('')}`;
    })
    .join('');
}
