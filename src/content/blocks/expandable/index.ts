/** `<details><summary>`: an expandable block. */
import type { Block } from '../block.js';
import { expandable as document } from './document.js';
import { expandable as render } from './render.js';
import { expandable as syntax } from './syntax.js';

export const expandable: Block = { syntax: () => ({ modules: [syntax] }), document: () => [document], render: () => ({ expandable: render }) };
