/** Every block mapping, looked up by mdast node type and by document block type. */
import { CORE_MAPPINGS } from './blocks-core.js';
import type { BlockMapping } from './context.js';
import { code } from './blocks/code.js';
import { contentRef } from './blocks/content-ref.js';
import { drawing } from './blocks/drawing.js';
import { embed } from './blocks/embed.js';
import { expandable } from './blocks/expandable.js';
import { file } from './blocks/file.js';
import { hint } from './blocks/hint.js';
import { images } from './blocks/images.js';
import { include } from './blocks/include.js';
import { openapiOperation, openapiSchemas, openapiSrc } from './blocks/openapi.js';
import { preCode } from './blocks/pre-code.js';
import { stepper } from './blocks/stepper.js';
import { tabs } from './blocks/tabs.js';
import { table } from './table.js';

export const BLOCK_MAPPINGS: readonly BlockMapping[] = [
  ...CORE_MAPPINGS, table, hint, tabs, code, embed, file, contentRef, openapiOperation, openapiSrc, openapiSchemas, stepper,
  include, expandable, images, drawing, preCode,
];

/** Several mappings may read one mdast type (`html`): they are tried in order. */
const byMdast = new Map<string, BlockMapping[]>();
for (const m of BLOCK_MAPPINGS) for (const type of m.mdast) byMdast.set(type, [...(byMdast.get(type) ?? []), m]);
const byDocument = new Map(BLOCK_MAPPINGS.flatMap((m) => m.document.map((type) => [type, m] as const)));

export const mappingsForMdast = (type: string): readonly BlockMapping[] => byMdast.get(type) ?? [];
export const mappingForDocument = (type: string): BlockMapping | undefined => byDocument.get(type);
