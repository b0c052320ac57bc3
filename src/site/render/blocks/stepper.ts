import type { Stepper } from '../../../content/index.js';
import { el, type BlockRenderer } from './h.js';

/** `{% stepper %}`: an ordered list of steps, numbered by CSS. */
export const stepper: BlockRenderer = (_ctx, state, node: Stepper) =>
  el('ol', { className: ['stepper'] }, node.children.map((step) => el('li', { className: ['step'] }, state.all(step))));
