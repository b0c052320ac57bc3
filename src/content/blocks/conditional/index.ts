/** `{% if visitor.claims... %}`: adaptive content, shown by the condition (no document block in the 0.143 model). */
import type { Block } from '../block.js';
import { conditional as render } from './render.js';
import { conditional as syntax } from './syntax.js';

export const conditional: Block = { syntax: () => ({ modules: [syntax] }), render: () => ({ conditional: render }) };
