/** `{% columns %}` of `{% column %}`: side-by-side content (no document block in the 0.143 model). */
import type { Block } from '../block.js';
import { columns as render } from './render.js';
import { columns as syntax } from './syntax.js';

export const columns: Block = { syntax: () => ({ modules: [syntax] }), render: () => ({ columns: render }) };
