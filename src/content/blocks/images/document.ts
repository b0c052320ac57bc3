/**
 * `<figure><img …><figcaption>` (and the `<picture>` dark variant) <-> `images` holding one `image`; the `<div>`
 * around it gives the block's `align`, `fullWidth` or `withFrame` (one of them: GitBook writes one wrapper).
 */
import type { Figure } from '../../nodes.js';
import { mapping } from '../../document/context.js';
import { findFragment } from '../../document/fragments.js';
import { isMediaRef } from '../../document/refs.js';
import type { ContentRef, DocBlock, DocFragment } from '../../document/types.js';
import { htmlText, textOfHtml } from '../../document/html-text.js';

function length(width: string): number | { unit: string; value: number } | undefined {
  const match = /^(\d+(?:\.\d+)?)(%|px)?$/.exec(width);
  if (!match) return undefined;
  const value = Number(match[1]);
  return match[2] ? { unit: match[2], value } : value;
}

function widthText(width: unknown): string | undefined {
  if (typeof width === 'number') return String(width);
  if (width && typeof width === 'object' && 'value' in width && 'unit' in width) return `${String(width.value)}${String(width.unit)}`;
  return undefined;
}

export const images = mapping<Figure>({
  mdast: ['figure'],
  document: ['images'],
  toDocument(node, ctx, key) {
    const ref = ctx.ref(node.src, 'image');
    const refDark = node.srcDark !== undefined ? ctx.ref(node.srcDark, 'image') : undefined;
    if (!isMediaRef(ref) || (refDark && !isMediaRef(refDark))) return undefined;
    const data: Record<string, unknown> = { ref, alt: node.alt };
    if (refDark) data.refDark = refDark;
    if (node.width !== undefined) {
      const width = length(node.width);
      if (width === undefined) return undefined;
      data.width = width;
    }
    const imageKey = ctx.key(key, 'image');
    const fragments: DocFragment[] = [];
    if (node.caption !== null) {
      const caption = textOfHtml(node.caption);
      if (caption === undefined) return undefined;
      const captionKey = ctx.key(imageKey, 'caption');
      const paragraph: DocBlock = {
        object: 'block',
        type: 'paragraph',
        key: ctx.key(captionKey, 'paragraph'),
        isVoid: false,
        data: {},
        nodes: [{ object: 'text', key: ctx.key(captionKey, 'text'), leaves: [{ object: 'leaf', text: caption, marks: [] }] }],
      };
      fragments.push({ object: 'fragment', key: captionKey, fragment: 'caption', type: 'caption', nodes: [paragraph] });
    }
    const image: DocBlock = { object: 'block', type: 'image', key: imageKey, isVoid: true, data, fragments };
    const options: Record<string, unknown> = {};
    if (node.align !== undefined) options.align = node.align;
    if (node.fullWidth !== undefined) options.fullWidth = node.fullWidth;
    if (node.withFrame !== undefined) options.withFrame = node.withFrame;
    return { object: 'block', type: 'images', key, isVoid: false, data: options, nodes: [image] };
  },
  fromDocument(block, ctx) {
    const image = block.nodes?.[0];
    if (image?.object !== 'block') return undefined;
    const caption = findFragment(image, 'caption');
    const text = caption
      ? ctx
          .phrasing(caption.nodes[0]?.nodes)
          .map((node) => (node.type === 'text' ? node.value : ''))
          .join('')
      : null;
    const figure: Figure = {
      type: 'figure',
      src: ctx.url(image.data?.ref as ContentRef, 'image'),
      alt: typeof image.data?.alt === 'string' ? image.data.alt : '',
      caption: text === null ? null : htmlText(text),
    };
    if (image.data?.refDark) figure.srcDark = ctx.url(image.data.refDark as ContentRef, 'image');
    const width = widthText(image.data?.width);
    if (width !== undefined) figure.width = width;
    const { align, fullWidth, withFrame } = block.data ?? {};
    if (align === 'left' || align === 'center' || align === 'right') figure.align = align;
    else if (typeof fullWidth === 'boolean') figure.fullWidth = fullWidth;
    else if (typeof withFrame === 'boolean') figure.withFrame = withFrame;
    return figure;
  },
});
