/**
 * One GitBook block, as its folder declares it: its syntax (Liquid tags or inline HTML read into mdast, and the
 * markdown writers), its document mappings, and its HTML renderers by mdast node type. The parts are given as
 * functions: a document mapping reads markdown, and the markdown reader reads the registry, so a part is looked at
 * only once every module has loaded.
 */
import type { BlockMapping } from '../document/context.js';
import type { InlineHtmlSpec } from './inline-spec.js';
import type { BlockRenderer } from './render.js';
import type { BlockModule } from './spec.js';

export interface Block {
  syntax(): { modules: readonly BlockModule[]; inline?: readonly InlineHtmlSpec[] };
  document?(): readonly BlockMapping[];
  render?(): Readonly<Record<string, BlockRenderer>>;
}
