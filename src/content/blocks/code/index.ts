/** Fenced code, `{% code title lineNumbers overflow %}` around it, and `<pre><code>` with marks. */
import type { Block } from '../block.js';
import { code as document } from './document.js';
import { preCode } from './pre-code-document.js';
import { code as render, codeBlock } from './render.js';
import { code as syntax } from './syntax.js';

export const code: Block = {
  syntax: () => ({ modules: [syntax] }),
  document: () => [document, preCode],
  render: () => ({ code: render, codeBlock }),
};
