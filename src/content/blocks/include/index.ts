/** `{% include "reusable.md" %}`: reusable content, expanded before rendering. */
import type { Block } from '../block.js';
import { include as document } from './document.js';
import { include as syntax } from './syntax.js';

export const include: Block = { syntax: () => ({ modules: [syntax] }), document: () => [document], render: () => ({ include: () => [] }) };
