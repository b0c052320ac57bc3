import type { Root } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import katex from 'katex';
import { LRUCache } from 'lru-cache';
import type { InlineMath, Math } from 'mdast-util-math';
import { escapeHtml } from '../../html.js';
import { nestRawHtml } from '../raw-html.js';
import { mathSchema } from '../sanitize-schema.js';
import { el, text, type BlockRenderer } from '../../../content/blocks/render.js';

const cache = new LRUCache<string, string>({ max: 5_000 });

/**
 * TeX to MathML at build time, so pages need no math script or font. Bad TeX becomes an inline error, never a
 * failed build; `trust: false` keeps `\href`, `\includegraphics` and `\html*` inert, and the output is sanitised
 * against the MathML KaTeX emits all the same.
 */
export function texToMathml(tex: string, display: boolean): string {
  const key = `${display ? 'd' : 'i'}\0${tex}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let out: string;
  try {
    out = katex.renderToString(tex, {
      output: 'mathml',
      displayMode: display,
      throwOnError: false,
      trust: false,
      strict: 'ignore',
      maxExpand: 1000,
      maxSize: 100,
    });
  } catch (error) {
    out = `<span class="katex-error" title="${escapeHtml(error instanceof Error ? error.message : 'Invalid TeX')}">${escapeHtml(tex)}</span>`;
  }
  const tree: Root = { type: 'root', children: [{ type: 'raw', value: out } as unknown as Root['children'][number]] };
  nestRawHtml(tree);
  const clean = toHtml(sanitize(tree, mathSchema));
  cache.set(key, clean);
  return clean;
}

/** `$$…$$`: MathML behind a placeholder (inserted after the page is sanitised); the TeX source if it is dropped. */
export const math: BlockRenderer = (ctx, _state, node: Math) =>
  el('div', { className: ['math', 'math-display'], dataHl: ctx.placeholder(texToMathml(node.value, true)) }, [text(node.value)]);
export const inlineMath: BlockRenderer = (ctx, _state, node: InlineMath) =>
  el('span', { className: ['math', 'math-inline'], dataHl: ctx.placeholder(texToMathml(node.value, false)) }, [text(node.value)]);
