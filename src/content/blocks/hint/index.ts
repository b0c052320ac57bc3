/** `{% hint style="info" %}`: a callout. */
import type { Block } from '../block.js';
import { hint as document } from './document.js';
import { hint as render } from './render.js';
import { hint as syntax } from './syntax.js';

export const hint: Block = { syntax: () => ({ modules: [syntax] }), document: () => [document], render: () => ({ hint: render }) };
