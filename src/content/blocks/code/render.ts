import type { Code } from 'mdast';
import type { CodeBlock } from './syntax.js';
import { el, text, type BlockRenderer, type BlockRenderContext } from '../render.js';

/** A fenced block: Shiki HTML behind a placeholder; `mermaid` stays source, which the client may draw. */
function pre(ctx: BlockRenderContext, node: Code) {
  if (node.lang === 'mermaid') return el('pre', { className: ['mermaid'] }, [text(node.value)]);
  return el('pre', { dataHl: ctx.code(node.value, node.lang), dataLang: node.lang ?? '' });
}

export const code: BlockRenderer = (ctx, _state, node: Code) => el('div', { className: ['code-block'] }, [pre(ctx, node)]);

/** `{% code title lineNumbers overflow %}` around a fence. */
export const codeBlock: BlockRenderer = (ctx, _state, node: CodeBlock) => {
  const className = ['code-block'];
  if (node.lineNumbers) className.push('line-numbers');
  if (node.overflow === 'wrap') className.push('wrap');
  if (node.fullWidth) className.push('full-width');
  const [fence] = node.children;
  return el('figure', { className }, [...(node.title ? [el('figcaption', { className: ['code-title'] }, [text(node.title)])] : []), pre(ctx, fence)]);
};
