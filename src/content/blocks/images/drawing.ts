/** `<img src="….drawing.svg" alt="…" class="gitbook-drawing">` <-> `drawing {ref: file}`. */
import type { Html } from 'mdast';
import { decodeEntities, encodeAttribute, sameHtml } from '../html.js';
import { mapping } from '../../document/context.js';
import type { ContentRef } from '../../document/types.js';

const DRAWING = /^<img src="([^"]*)" alt="([^"]*)" class="gitbook-drawing">$/;

const drawingHtml = (src: string, alt: string) => `<img src="${encodeAttribute(src)}" alt="${encodeAttribute(alt)}" class="gitbook-drawing">`;

export const drawing = mapping<Html>({
  mdast: ['html'],
  document: ['drawing'],
  toDocument(node, ctx, key) {
    const match = DRAWING.exec(node.value);
    if (!match) return undefined;
    const [src, alt] = [decodeEntities(match[1] ?? ''), decodeEntities(match[2] ?? '')];
    if (!sameHtml(drawingHtml(src, alt), node.value)) return undefined;
    const resolved = ctx.ref(src, 'file');
    const ref: ContentRef = resolved.kind === 'file' ? resolved : { kind: 'file', file: src };
    return { object: 'block', type: 'drawing', key, isVoid: true, data: { ref, alt } };
  },
  fromDocument(block, ctx) {
    const alt = typeof block.data?.alt === 'string' ? block.data.alt : '';
    return { type: 'html', value: drawingHtml(ctx.url(block.data?.ref as ContentRef, 'file'), alt) };
  },
});
