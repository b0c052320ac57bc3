/**
 * HTML renderers of the GitBook blocks, by mdast node type. They live in the site layer rather than beside the
 * block parsers in content/: they resolve links against a revision, highlight code and follow the site's
 * customization, none of which the pure content layer may know about.
 */
import type { Handler, Handlers } from 'mdast-util-to-hast';
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
import type { BlockRenderer } from './h.js';
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

export function blockHandlers(ctx: RenderContext): Handlers {
  const handlers: Record<string, Handler> = {};
  for (const [type, render] of Object.entries(renderers)) handlers[type] = (state, node) => render(ctx, state, node);
  return handlers as Handlers;
}
