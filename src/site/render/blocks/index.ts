/**
 * HTML renderers of the GitBook blocks, by mdast node type. They live in the site layer rather than beside the
 * block parsers in content/: they resolve links against a revision, highlight code and follow the site's
 * customization, none of which the pure content layer may know about.
 */
import type { Parent, Root } from 'mdast';
import { defaultHandlers, type Handler, type Handlers } from 'mdast-util-to-hast';
import type { RenderContext } from '../context.js';
import { cards } from './cards.js';
import { code, codeBlock } from './code.js';
import { columns } from './columns.js';
import { conditional } from './conditional.js';
import { contentRef, pageRef } from './content-ref.js';
import { embed } from './embed.js';
import { expandable } from './expandable.js';
import { figure } from './figure.js';
import { file } from './file.js';
import { el, type BlockRenderer } from './h.js';
import { hint } from './hint.js';
import { button, emoji, expression, icon, mark } from './inline.js';
import { inlineMath, math } from './math.js';
import { openapi, openapiOperation, openapiSchemas, swagger, swaggerParameter, swaggerResponse } from './openapi.js';
import { prompt } from './prompt.js';
import { stepper } from './stepper.js';
import { tabs } from './tabs.js';
import { updates } from './updates.js';

const renderers: Record<string, BlockRenderer> = {
  hint, tabs, code, codeBlock, embed, contentRef, pageRef, file, stepper, columns, updates, conditional, prompt,
  expandable, figure, cards, button, icon, expression, mark, emoji, math, inlineMath, openapi, openapiOperation,
  openapiSchemas, swagger, swaggerParameter, swaggerResponse, apiMethod: swagger,
  // An unrecognised `{% tag %}` is not content; included blocks were expanded before rendering.
  liquidTag: () => [],
  include: () => [],
};
const byType = new Map(Object.entries(renderers));
/** Block types that are also mdast types `toHast` renders itself. */
const REPLACED = Object.keys(renderers).filter((type) => Object.hasOwn(defaultHandlers, type));

/**
 * `toHast` options that render the blocks: `handlers` for the mdast types whose default rendering a block replaces
 * (`code`), `unknownHandler` for the others. `toHast` merges `handlers` into its defaults on every call, and that
 * merge slows down sharply past about thirty keys (a fifth of a small page's time with every block type in it).
 */
export function blockRendering(ctx: RenderContext): { handlers: Handlers; unknownHandler: Handler } {
  const handlers: Record<string, Handler> = {};
  for (const type of REPLACED) handlers[type] = (state, node) => byType.get(type)!(ctx, state, node);
  return {
    handlers: handlers as Handlers,
    unknownHandler: (state, node) => {
      const render = byType.get(node.type);
      if (render) return render(ctx, state, node);
      return 'children' in node ? el('div', { className: [`block-${node.type}`] }, state.all(node as Parent as Root)) : undefined;
    },
  };
}
