/**
 * Code with inline formatting, as GitBook writes it when a code line holds bold or italic text:
 * `<pre class="language-x" [data-title] [data-overflow]><code class="lang-x">…</code></pre>`, every line ending
 * with a newline, which sits inside the formatting element when the line ends formatted. It stays an `html` node
 * in mdast (the site renders it as HTML); these helpers read and write it for the document mapping.
 */
import { decodeEntities } from '../html.js';

export type PreCodeMark = 'bold' | 'italic';

export interface PreCodeLeaf {
  text: string;
  marks: PreCodeMark[];
}

export interface PreCode {
  lang: string;
  title?: string;
  overflow?: 'wrap' | 'scroll';
  /** One entry per line (without its newline), each a list of leaves. */
  lines: PreCodeLeaf[][];
}

const PRE = /^<pre class="language-([^"\s]+)"((?: data-[a-z-]+="[^"]*")*)><code class="lang-\1">([\s\S]*)<\/code><\/pre>$/;
const TAGS: Readonly<Record<string, PreCodeMark>> = { strong: 'bold', em: 'italic' };
const ELEMENTS: Readonly<Record<PreCodeMark, string>> = { bold: 'strong', italic: 'em' };

const escapeText = (text: string) => text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** The code of `html` when it is exactly GitBook's formatted-code form, else undefined. */
export function preCodeFromHtml(html: string): PreCode | undefined {
  const match = PRE.exec(html);
  if (!match) return undefined;
  const pre: PreCode = { lang: match[1] as string, lines: [] };
  for (const [, name, value = ''] of (match[2] ?? '').matchAll(/ data-([a-z-]+)="([^"]*)"/g)) {
    if (name === 'title') pre.title = decodeEntities(value);
    else if (name === 'overflow' && (value === 'wrap' || value === 'scroll')) pre.overflow = value;
    else return undefined;
  }
  const body = match[3] as string;
  const open: PreCodeMark[] = [];
  let line: PreCodeLeaf[] = [];
  for (const part of body.split(/(<\/?(?:strong|em)>|\n)/)) {
    const tag = /^<(\/?)(strong|em)>$/.exec(part);
    if (tag) {
      const mark = TAGS[tag[2] as string] as PreCodeMark;
      if (!tag[1]) open.push(mark);
      else if (open.pop() !== mark) return undefined;
      continue;
    }
    if (part === '\n') {
      // A newline inside an element belongs to a leaf with its marks (an empty one when the element holds only it).
      const last = line[line.length - 1];
      if (open.length > 0 && last?.marks.join() !== open.join()) line.push({ text: '', marks: [...open] });
      pre.lines.push(line);
      line = [];
      continue;
    }
    if (part === '' || /<[a-z/]/i.test(part)) {
      if (part !== '') return undefined;
      continue;
    }
    line.push({ text: decodeEntities(part), marks: [...open] });
  }
  if (open.length > 0 || line.length > 0) return undefined;
  return preCodeHtml(pre) === html ? pre : undefined;
}

/**
 * GitBook's HTML for formatted code. Each leaf is wrapped in its marks; a line's newline goes after its last leaf,
 * inside that leaf's elements.
 */
export function preCodeHtml(pre: PreCode): string {
  const attributes = `${pre.title !== undefined ? ` data-title="${escapeAttribute(pre.title)}"` : ''}${pre.overflow !== undefined ? ` data-overflow="${pre.overflow}"` : ''}`;
  const body = pre.lines
    .map((leaves) => {
      const parts = leaves.length ? leaves : [{ text: '', marks: [] }];
      return parts
        .map((leaf, index) => {
          const text = escapeText(leaf.text) + (index === parts.length - 1 ? '\n' : '');
          const tags = leaf.marks.map((mark) => ELEMENTS[mark]);
          return `${tags.map((t) => `<${t}>`).join('')}${text}${[...tags]
            .reverse()
            .map((t) => `</${t}>`)
            .join('')}`;
        })
        .join('');
    })
    .join('');
  return `<pre class="language-${pre.lang}"${attributes}><code class="lang-${pre.lang}">${body}</code></pre>`;
}
