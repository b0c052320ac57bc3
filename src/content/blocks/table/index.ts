/** Tables: GFM, and GitBook's HTML tables (grid and cards). */
import type { Block } from '../block.js';
import { cards as syntax } from './cards.js';
import { table as document } from './document.js';
import { cards } from './render.js';

export const table: Block = { syntax: () => ({ modules: [syntax] }), document: () => [document], render: () => ({ cards }) };
