/** `{% @integration/block prop="…" %}`: a block an integration renders (nothing to render it with on a site of Quire's). */
import type { Block } from '../block.js';
import { integration as document } from './document.js';

export const integration: Block = { syntax: () => ({ modules: [] }), document: () => [document] };
