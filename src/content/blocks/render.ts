/**
 * What a block's HTML rendering may ask of the page it is rendered in (the site implements it: references resolved
 * against a revision, code highlighted, OpenAPI specs loaded), and a tiny hast builder for the renderers.
 */
import type { Element, ElementContent, Properties } from 'hast';
import type { State } from 'mdast-util-to-hast';
import type { LinkNode } from '../links.js';
import type { OpenAPI, OpenAPIOperation, OpenAPISchemas } from './openapi/syntax.js';

export interface ResolvedTarget {
  /** The URL to write, or null when the reference is broken or unsafe. */
  url: string | null;
  external: boolean;
  page?: { title: string; description?: string };
  file?: { name: string; size: number };
}

export interface BlockRenderContext {
  readonly options: {
    externalTarget: 'self' | 'blank';
    variables: Record<string, unknown>;
    claims?: Record<string, unknown>;
  };
  /** A reference as written in the page (relative path, asset, URL, `#anchor`), as a site URL. */
  resolve(href: string, node?: LinkNode): ResolvedTarget;
  /** A placeholder for a code block's highlighted HTML. */
  code(code: string, lang: string | null | undefined): string;
  /** A placeholder for trusted HTML, put in place after the page is sanitised. */
  placeholder(html: string): string;
  /** OpenAPI blocks rendered from the specs the build was given; undefined when it was given none. */
  readonly openapi?: {
    operation(node: OpenAPIOperation | OpenAPI): ElementContent;
    schemas(node: OpenAPISchemas): ElementContent;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: each block renders its own node type; the registry holds them all
export type BlockRenderer = (ctx: BlockRenderContext, state: State, node: any) => ElementContent | ElementContent[] | undefined;

export function el(tagName: string, properties: Properties = {}, children: ElementContent[] = []): Element {
  return { type: 'element', tagName, properties, children };
}

export const text = (value: string): ElementContent => ({ type: 'text', value });

/** HTML written by the author inside a block field (a summary, a caption): nested and sanitised with the rest. */
export const rawHtml = (value: string): ElementContent => ({ type: 'raw', value }) as unknown as ElementContent;

/** Link attributes for a resolved reference: external links honour the site's `externalLinks.target`. */
export function linkProps(ctx: BlockRenderContext, url: string, external: boolean): Properties {
  if (!external) return { href: url };
  return ctx.options.externalTarget === 'blank' ? { href: url, target: '_blank', rel: ['noopener', 'noreferrer'] } : { href: url, rel: ['noopener'] };
}
