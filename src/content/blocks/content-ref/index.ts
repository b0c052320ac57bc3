/** `{% content-ref url %}` (and legacy `{% page-ref page %}`): a card to a page. */
import type { Block } from '../block.js';
import { contentRef as document } from './document.js';
import { contentRef as render, pageRef } from './render.js';
import { contentRef as syntax } from './syntax.js';

export const contentRef: Block = {
  syntax: () => ({ modules: [syntax] }),
  document: () => [document],
  render: () => ({ contentRef: render, pageRef }),
};
