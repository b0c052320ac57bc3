/**
 * The registry of GitBook blocks: one folder per block (its syntax, markdown writers, document mappings and HTML
 * renderers), listed once here. What the markdown reader, the writer, the document and the site need is gathered
 * from the list on first use (see block.ts).
 */
import type { Join } from 'mdast-util-to-markdown';
import type { BlockMapping } from '../document/context.js';
import type { Block } from './block.js';
import { code } from './code/index.js';
import { columns } from './columns/index.js';
import { conditional } from './conditional/index.js';
import { contentRef } from './content-ref/index.js';
import { embed } from './embed/index.js';
import { expandable } from './expandable/index.js';
import { file } from './file/index.js';
import { hint } from './hint/index.js';
import { images } from './images/index.js';
import { include } from './include/index.js';
import { inline } from './inline/index.js';
import { integration } from './integration/index.js';
import type { InlineHtmlSpec } from './inline-spec.js';
import { openapi } from './openapi/index.js';
import { prompt } from './prompt/index.js';
import type { BlockRenderer } from './render.js';
import { liquidTag, type BlockHandlers, type BlockModule, type LiquidBlockSpec } from './spec.js';
import { stepper } from './stepper/index.js';
import { table } from './table/index.js';
import { tabs } from './tabs/index.js';
import { updates } from './updates/index.js';

export const BLOCKS: readonly Block[] = [
  hint,
  tabs,
  code,
  embed,
  contentRef,
  file,
  openapi,
  stepper,
  columns,
  updates,
  conditional,
  prompt,
  include,
  expandable,
  images,
  table,
  inline,
  integration,
];

/** A value computed from the registry once, on first use. */
function once<T>(compute: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= compute());
}

const modules = once((): BlockModule[] => [...BLOCKS.flatMap((block) => block.syntax().modules), liquidTag]);

/** Liquid specs by opening tag name; several specs may share a name (`swagger`), tried in order. */
export const liquidSpecs = once((): ReadonlyMap<string, readonly LiquidBlockSpec[]> => {
  const map = new Map<string, LiquidBlockSpec[]>();
  for (const spec of modules().flatMap((module) => module.specs)) map.set(spec.tag, [...(map.get(spec.tag) ?? []), spec]);
  return map;
});

export const inlineHtmlSpecs = once((): readonly InlineHtmlSpec[] => BLOCKS.flatMap((block) => block.syntax().inline ?? []));

export const blockHandlers = once((): BlockHandlers => Object.assign({}, ...modules().map((module) => module.handlers)));

export const blockJoin = once((): Join[] => modules().flatMap((module) => module.join ?? []));

export const blockMappings = once((): readonly BlockMapping[] => BLOCKS.flatMap((block) => block.document?.() ?? []));

/** HTML renderers by mdast node type. */
export const blockRenderers = once((): ReadonlyMap<string, BlockRenderer> => new Map(BLOCKS.flatMap((block) => Object.entries(block.render?.() ?? {}))));

export type { LiquidTag, LiquidBlockSpec, BlockModule } from './spec.js';
export type { InlineHtmlSpec } from './inline-spec.js';
export type { Hint, HintStyle } from './hint/syntax.js';
export type { Tabs, Tab } from './tabs/syntax.js';
export type { CodeBlock } from './code/syntax.js';
export type { Embed } from './embed/syntax.js';
export type { ContentRef, PageRef } from './content-ref/syntax.js';
export type { FileBlock } from './file/syntax.js';
export type { OpenAPIOperation, OpenAPI, OpenAPISchemas } from './openapi/syntax.js';
export type { Swagger, SwaggerDescription, SwaggerParameter, SwaggerResponse, ApiMethod } from './openapi/swagger.js';
export type { Stepper, Step } from './stepper/syntax.js';
export type { Columns, Column } from './columns/syntax.js';
export type { Updates, Update } from './updates/syntax.js';
export type { Conditional } from './conditional/syntax.js';
export type { Prompt } from './prompt/syntax.js';
export type { Include } from './include/syntax.js';
export type { Expandable } from './expandable/syntax.js';
export type { Figure } from './images/syntax.js';
export type { Cards, CardsTable, CardColumn } from './table/cards.js';
export { parseCards } from './table/cards.js';
export type { Button } from './inline/buttons.js';
export type { Icon } from './inline/icons.js';
export type { Expression } from './inline/expressions.js';
export type { Mark } from './inline/marks.js';
export type { Emoji } from './inline/emoji.js';
