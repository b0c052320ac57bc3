/** `{% file src %}`: a download with its caption. */
import type { Block } from '../block.js';
import { file as document } from './document.js';
import { file as render } from './render.js';
import { file as syntax } from './syntax.js';

export const file: Block = { syntax: () => ({ modules: [syntax] }), document: () => [document], render: () => ({ file: render }) };
