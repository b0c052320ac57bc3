/**
 * The site's HTML rendering of the GitBook blocks: each block renders itself (content/blocks/<block>/render.ts) through
 * the page's RenderContext; math is rendered here with KaTeX.
 */
import type { Parent, Root } from 'mdast';
import { defaultHandlers, type Handler, type Handlers } from 'mdast-util-to-hast';
import { blockRenderers } from '../../../content/blocks/index.js';
import { el, type BlockRenderer } from '../../../content/blocks/render.js';
import type { RenderContext } from '../context.js';
import { inlineMath, math } from './math.js';

let renderers: Map<string, BlockRenderer> | undefined;

function byType(): Map<string, BlockRenderer> {
  // An unrecognised `{% tag %}` is not content; included blocks were expanded before rendering.
  renderers ??= new Map([...blockRenderers(), ['math', math], ['inlineMath', inlineMath], ['liquidTag', () => []]]);
  return renderers;
}

/**
 * `toHast` options that render the blocks: `handlers` for the mdast types whose default rendering a block replaces
 * (`code`), `unknownHandler` for the others. `toHast` merges `handlers` into its defaults on every call, and that
 * merge slows down sharply past about thirty keys (a fifth of a small page's time with every block type in it).
 */
export function blockRendering(ctx: RenderContext): { handlers: Handlers; unknownHandler: Handler } {
  const handlers: Record<string, Handler> = {};
  // Block types that are also mdast types `toHast` renders itself.
  for (const [type, render] of byType()) if (Object.hasOwn(defaultHandlers, type)) handlers[type] = (state, node) => render(ctx, state, node);
  return {
    handlers: handlers as Handlers,
    unknownHandler: (state, node) => {
      const render = byType().get(node.type);
      if (render) return render(ctx, state, node);
      return 'children' in node ? el('div', { className: [`block-${node.type}`] }, state.all(node as Parent as Root)) : undefined;
    },
  };
}
