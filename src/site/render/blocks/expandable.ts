import type { Expandable } from '../../../content/index.js';
import { el, rawHtml, type BlockRenderer } from './h.js';

/** `<details>`: native disclosure, so it opens without JavaScript. */
export const expandable: BlockRenderer = (_ctx, state, node: Expandable) =>
  el('details', { className: ['expandable'], open: node.open }, [el('summary', {}, [rawHtml(node.summary)]), ...state.all(node)]);
