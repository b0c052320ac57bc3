/** `{% stepper %}` of `{% step %}`. */
import type { Block } from '../block.js';
import { stepper as document } from './document.js';
import { stepper as render } from './render.js';
import { stepper as syntax } from './syntax.js';

export const stepper: Block = { syntax: () => ({ modules: [syntax] }), document: () => [document], render: () => ({ stepper: render }) };
