/**
 * Aligned text: GitBook writes a centred or end-aligned paragraph or heading as one line of HTML,
 * `<p align="center">Text with <strong>inline</strong> HTML</p>` or `<h2 align="center">Title</h2>`.
 */
import type { PhrasingContent } from 'mdast';
import { parseFragment } from 'parse5';
import { HtmlContentError, htmlTooDeep, isElement, oneHtmlBlock, phrasingFromHtml, phrasingToHtml } from './html-phrasing.js';
import type { InlineHtml } from './inline-spec.js';

export type Alignment = 'start' | 'center' | 'end';

export interface AlignedText {
  /** 0 for a paragraph, else the heading's depth. */
  depth: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  align: Alignment;
  children: PhrasingContent[];
}

const TO_HTML: Record<Alignment, string> = { start: 'left', center: 'center', end: 'right' };
const FROM_HTML: Record<string, Alignment> = { left: 'start', center: 'center', right: 'end' };
const ALIGNED = /^<(p|h[1-6]) align="(left|center|right)">[^\n]*<\/\1>$/;

/** The aligned paragraph or heading `html` holds, when it is one line GitBook writes the same. */
export function readAligned(html: string, elements: InlineHtml): AlignedText | undefined {
  const match = ALIGNED.exec(html);
  if (!match) return undefined;
  const nodes = parseFragment(html).childNodes;
  const [element] = nodes;
  if (nodes.length !== 1 || !element || !isElement(element) || element.attrs.length !== 1 || htmlTooDeep(nodes)) return undefined;
  const children = phrasingFromHtml(element.childNodes, elements);
  if (!children) return undefined;
  const tag = match[1] as string;
  const text: AlignedText = {
    depth: tag === 'p' ? 0 : (Number(tag.slice(1)) as AlignedText['depth']),
    align: FROM_HTML[match[2] as string] as Alignment,
    children,
  };
  try {
    return alignedHtml(text, elements) === html ? text : undefined;
  } catch (error) {
    if (error instanceof HtmlContentError) return undefined;
    throw error;
  }
}

/** The one line of HTML for aligned text; throws `HtmlContentError` for what inline HTML cannot say. */
export function alignedHtml(text: AlignedText, elements: InlineHtml): string {
  const tag = text.depth === 0 ? 'p' : `h${text.depth}`;
  return oneHtmlBlock(`<${tag} align="${TO_HTML[text.align]}">${phrasingToHtml(text.children, elements)}</${tag}>`);
}
