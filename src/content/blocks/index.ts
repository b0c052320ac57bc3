/** The registry of GitBook blocks: Liquid tag specs, inline HTML specs, and markdown writers. */
import { liquidTag, type BlockHandlers, type BlockModule, type LiquidBlockSpec } from './spec.js';
import type { InlineHtmlSpec } from './inline-spec.js';
import type { Join } from 'mdast-util-to-markdown';
import { hint } from './hint.js';
import { tabs } from './tabs.js';
import { code } from './code.js';
import { embed } from './embed.js';
import { contentRef } from './content-ref.js';
import { file } from './file.js';
import { openapi } from './openapi.js';
import { swagger } from './swagger.js';
import { stepper } from './stepper.js';
import { columns } from './columns.js';
import { updates } from './updates.js';
import { conditional } from './conditional.js';
import { prompt } from './prompt.js';
import { include } from './include.js';
import { expandable } from './expandable.js';
import { images } from './images.js';
import { cards } from './cards.js';
import { buttons, buttonSpecs } from './buttons.js';
import { icons, iconSpecs } from './icons.js';
import { expressions, expressionSpecs } from './expressions.js';
import { marks, markSpecs } from './marks.js';
import { emoji, emojiSpecs } from './emoji.js';
import { headingAnchor } from './heading-anchor.js';

export const blockModules: readonly BlockModule[] = [
  hint, tabs, code, embed, contentRef, file, openapi, swagger, stepper, columns, updates, conditional, prompt, include,
  expandable, images, cards, buttons, icons, expressions, marks, emoji, headingAnchor, liquidTag,
];

/** Liquid specs by opening tag name; several specs may share a name (`swagger`), tried in order. */
export const liquidSpecs: ReadonlyMap<string, readonly LiquidBlockSpec[]> = (() => {
  const map = new Map<string, LiquidBlockSpec[]>();
  for (const spec of blockModules.flatMap((module) => module.specs)) map.set(spec.tag, [...(map.get(spec.tag) ?? []), spec]);
  return map;
})();

export const inlineHtmlSpecs: readonly InlineHtmlSpec[] = [...buttonSpecs, ...iconSpecs, ...expressionSpecs, ...markSpecs, ...emojiSpecs];

export const blockHandlers: BlockHandlers = Object.assign({}, ...blockModules.map((module) => module.handlers));

export const blockJoin: Join[] = blockModules.flatMap((module) => module.join ?? []);

export type { LiquidTag, LiquidBlockSpec, BlockModule } from './spec.js';
export type { InlineHtmlSpec } from './inline-spec.js';
export type { Hint, HintStyle } from './hint.js';
export type { Tabs, Tab } from './tabs.js';
export type { CodeBlock } from './code.js';
export type { Embed } from './embed.js';
export type { ContentRef, PageRef } from './content-ref.js';
export type { FileBlock } from './file.js';
export type { OpenAPIOperation, OpenAPI, OpenAPISchemas } from './openapi.js';
export type { Swagger, SwaggerDescription, SwaggerParameter, SwaggerResponse, ApiMethod } from './swagger.js';
export type { Stepper, Step } from './stepper.js';
export type { Columns, Column } from './columns.js';
export type { Updates, Update } from './updates.js';
export type { Conditional } from './conditional.js';
export type { Prompt } from './prompt.js';
export type { Include } from './include.js';
export type { Expandable } from './expandable.js';
export type { Figure } from './images.js';
export type { Cards, CardsTable, CardColumn } from './cards.js';
export { parseCards } from './cards.js';
export type { Button } from './buttons.js';
export type { Icon } from './icons.js';
export type { Expression } from './expressions.js';
export type { Mark } from './marks.js';
export type { Emoji } from './emoji.js';
