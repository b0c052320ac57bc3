import type { Prompt } from './syntax.js';
import { el, text, type BlockRenderer } from '../render.js';

/** `{% prompt %}`: a described prompt; its fence gets the code block's copy button. */
export const prompt: BlockRenderer = (_ctx, state, node: Prompt) =>
  el('div', { className: ['prompt'] }, [el('p', { className: ['prompt-description'] }, [text(node.description)]), ...state.all(node)]);
