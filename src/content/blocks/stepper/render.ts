import type { Stepper } from './syntax.js';
import { el, type BlockRenderer } from '../render.js';

/** `{% stepper %}`: an ordered list of steps, numbered by CSS. */
export const stepper: BlockRenderer = (_ctx, state, node: Stepper) =>
  el(
    'ol',
    { className: ['stepper'] },
    node.children.map((step) => el('li', { className: ['step'] }, state.all(step))),
  );
