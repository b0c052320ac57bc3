/** A tiny hast element builder for the block renderers. */
import type { Element, ElementContent, Properties } from 'hast';
import type { State } from 'mdast-util-to-hast';
import type { RenderContext } from '../context.js';

export function el(tagName: string, properties: Properties = {}, children: ElementContent[] = []): Element {
  return { type: 'element', tagName, properties, children };
}

export const text = (value: string): ElementContent => ({ type: 'text', value });

/** HTML written by the author inside a block field (a summary, a caption): nested and sanitised with the rest. */
export const rawHtml = (value: string): ElementContent => ({ type: 'raw', value }) as unknown as ElementContent;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type BlockRenderer = (ctx: RenderContext, state: State, node: any) => ElementContent | ElementContent[] | undefined;

/** Link attributes for a resolved reference: external links honour the site's `externalLinks.target`. */
export function linkProps(ctx: RenderContext, url: string, external: boolean): Properties {
  if (!external) return { href: url };
  return ctx.options.externalTarget === 'blank' ? { href: url, target: '_blank', rel: ['noopener', 'noreferrer'] } : { href: url, rel: ['noopener'] };
}
