import type { Prompt } from '../../../content/index.js';
import { el, text, type BlockRenderer } from './h.js';

/** `{% prompt %}`: a described prompt; its fence gets the code block's copy button. */
export const prompt: BlockRenderer = (_ctx, state, node: Prompt) =>
  el('div', { className: ['prompt'] }, [el('p', { className: ['prompt-description'] }, [text(node.description)]), ...state.all(node)]);
