/** Descriptions in an OpenAPI document are CommonMark (with GFM tables): to hast, author HTML dropped, cached by text. */
import type { ElementContent } from 'hast';
import { LRUCache } from 'lru-cache';
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { toHast } from 'mdast-util-to-hast';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { el, text } from '../../../content/blocks/render.js';

const options = { extensions: [gfmTable(), gfmStrikethrough()], mdastExtensions: [gfmTableFromMarkdown(), gfmStrikethroughFromMarkdown()] };
const cache = new LRUCache<string, ElementContent[]>({ max: 20_000 });
/** Text with nothing markdown would make anything of: one paragraph, without the parser. */
const PLAIN = /^[^*_`[\]<>#|\\!~\n&]*$/;

/**
 * The same description gives the same (shared) nodes: the page pipeline only reads them (the sanitiser builds a new
 * tree), which saves a copy for each of the thousands of descriptions a large spec repeats.
 */
export function markdownBlock(markdown: string, className = 'openapi-description'): ElementContent {
  return el('div', { className: [className] }, parsed(markdown));
}

function parsed(markdown: string): ElementContent[] {
  const hit = cache.get(markdown);
  if (hit) return hit;
  let nodes: ElementContent[];
  if (PLAIN.test(markdown.trim())) nodes = [el('p', {}, [text(markdown.trim())])];
  else {
    const root: Root = fromMarkdown(markdown, options);
    const tree = toHast(root, { allowDangerousHtml: false });
    nodes = tree.type === 'root' ? (tree.children as ElementContent[]) : [tree as ElementContent];
  }
  cache.set(markdown, nodes);
  return nodes;
}
