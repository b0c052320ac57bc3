import type { Columns } from './syntax.js';
import { el, type BlockRenderer } from '../render.js';

/** `{% columns %}`: side by side on wide screens, stacked on narrow ones; a `width` picks the nearest tenth. */
export const columns: BlockRenderer = (_ctx, state, node: Columns) =>
  el(
    'div',
    { className: ['columns'] },
    node.children.map((column) => {
      const percent = Number.parseFloat(column.width ?? '');
      const className = ['column', ...(Number.isFinite(percent) && percent > 0 && percent <= 100 ? [`w-${Math.round(percent / 10) * 10}`] : [])];
      return el('div', { className }, state.all(column));
    }),
  );
