import type { InlineMath, Math } from 'mdast-util-math';
import { el, text, type BlockRenderer } from './h.js';

/** `$$…$$`: the TeX source, marked up for a math renderer and readable as is. */
export const math: BlockRenderer = (_ctx, _state, node: Math) => el('div', { className: ['math', 'math-display'] }, [text(node.value)]);
export const inlineMath: BlockRenderer = (_ctx, _state, node: InlineMath) => el('span', { className: ['math', 'math-inline'] }, [text(node.value)]);
