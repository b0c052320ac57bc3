import type { ContentRef, PageRef } from './syntax.js';
import { el, linkProps, text, type BlockRenderer, type BlockRenderContext } from '../render.js';

function card(ctx: BlockRenderContext, href: string) {
  const { url, external, page, file } = ctx.resolve(href, 'content-ref');
  const title = page?.title ?? file?.name ?? href;
  const description = page?.description;
  const body = [
    el('span', { className: ['content-ref-title'] }, [text(title)]),
    ...(description ? [el('span', { className: ['content-ref-description'] }, [text(description)])] : []),
  ];
  return url ? el('a', { ...linkProps(ctx, url, external), className: ['content-ref'] }, body) : el('div', { className: ['content-ref', 'broken'] }, body);
}

/** `{% content-ref %}`: a card to the target page, titled with its current title (the body is derived). */
export const contentRef: BlockRenderer = (ctx, _state, node: ContentRef) => card(ctx, node.url);
export const pageRef: BlockRenderer = (ctx, _state, node: PageRef) => card(ctx, node.page);
