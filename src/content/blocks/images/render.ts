import type { Figure } from './syntax.js';
import { el, rawHtml, type BlockRenderer } from '../render.js';

/** `<figure>`: the image (with its dark variant as a `<picture>` source) and its caption. */
export const figure: BlockRenderer = (ctx, _state, node: Figure) => {
  const src = ctx.resolve(node.src, 'figure').url ?? undefined;
  const img = el('img', { src, alt: node.alt, loading: 'lazy', decoding: 'async', ...(node.width ? { width: node.width } : {}) });
  const dark = node.srcDark ? ctx.resolve(node.srcDark, 'figure').url : null;
  const media = dark ? el('picture', {}, [el('source', { srcSet: dark, media: '(prefers-color-scheme: dark)' }), img]) : img;
  return el('figure', { className: ['figure'] }, [media, ...(node.caption ? [el('figcaption', {}, [rawHtml(node.caption)])] : [])]);
};
