/** Every block mapping, looked up by mdast node type and by document block type. */
import { CORE_MAPPINGS } from './blocks-core.js';
import type { BlockMapping } from './context.js';
import { blockMappings } from '../blocks/index.js';

interface Lookup {
  byMdast: Map<string, BlockMapping[]>;
  byDocument: Map<string, BlockMapping>;
}

let lookup: Lookup | undefined;

/** The core mappings, then every block's (blocks/index.ts), by the types they read; built on first use. */
function mappings(): Lookup {
  if (lookup) return lookup;
  const all = [...CORE_MAPPINGS, ...blockMappings()];
  // Several mappings may read one mdast type (`html`): they are tried in order.
  const byMdast = new Map<string, BlockMapping[]>();
  for (const m of all) for (const type of m.mdast) byMdast.set(type, [...(byMdast.get(type) ?? []), m]);
  const byDocument = new Map(all.flatMap((m) => m.document.map((type) => [type, m] as const)));
  return (lookup = { byMdast, byDocument });
}

export const mappingsForMdast = (type: string): readonly BlockMapping[] => mappings().byMdast.get(type) ?? [];
export const mappingForDocument = (type: string): BlockMapping | undefined => mappings().byDocument.get(type);
