/** `{% tabs %}` of `{% tab title %}`. */
import type { Block } from '../block.js';
import { tabs as document } from './document.js';
import { tabs as render } from './render.js';
import { tabs as syntax } from './syntax.js';

export const tabs: Block = { syntax: () => ({ modules: [syntax] }), document: () => [document], render: () => ({ tabs: render }) };
