/** `{% updates %}` of dated `{% update %}` entries: a changelog (no document block in the 0.143 model). */
import type { Block } from '../block.js';
import { updates as render } from './render.js';
import { updates as syntax } from './syntax.js';

export const updates: Block = { syntax: () => ({ modules: [syntax] }), render: () => ({ updates: render }) };
