/** `{% embed url %}`: a video player or a link card. */
import type { Block } from '../block.js';
import { embed as document } from './document.js';
import { embed as render } from './render.js';
import { embed as syntax } from './syntax.js';

export const embed: Block = { syntax: () => ({ modules: [syntax] }), document: () => [document], render: () => ({ embed: render }) };
