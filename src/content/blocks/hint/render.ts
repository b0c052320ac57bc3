import type { Hint } from './syntax.js';
import { el, text, type BlockRenderer } from '../render.js';

const LABELS = { info: 'Info', success: 'Success', warning: 'Warning', danger: 'Danger' } as const;

/** `{% hint %}`: a callout; the label is for screen readers, the colour says the same to the eye. */
export const hint: BlockRenderer = (_ctx, state, node: Hint) =>
  el('div', { className: ['hint', `hint-${node.style}`], role: 'note' }, [
    el('span', { className: ['sr-only'] }, [text(`${LABELS[node.style]}: `)]),
    ...state.all(node),
  ]);
