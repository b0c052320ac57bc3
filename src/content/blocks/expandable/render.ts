import type { Expandable } from './syntax.js';
import { el, rawHtml, type BlockRenderer } from '../render.js';

/** `<details>`: native disclosure, so it opens without JavaScript. */
export const expandable: BlockRenderer = (_ctx, state, node: Expandable) =>
  el('details', { className: ['expandable'], open: node.open }, [el('summary', {}, [rawHtml(node.summary)]), ...state.all(node)]);
