import type { Button } from './buttons.js';
import type { Emoji } from './emoji.js';
import type { Expression } from './expressions.js';
import type { Icon } from './icons.js';
import type { Mark } from './marks.js';
import { el, linkProps, text, type BlockRenderer } from '../render.js';

export const button: BlockRenderer = (ctx, state, node: Button) => {
  const className = ['button', `button-${node.kind}`];
  if (node.href === undefined) {
    return el('button', { type: 'button', className, dataAction: node.action ?? 'search', ...(node.query ? { dataQuery: node.query } : {}) }, state.all(node));
  }
  const { url, external } = ctx.resolve(node.href, 'button');
  return url ? el('a', { ...linkProps(ctx, url, external), className }, state.all(node)) : el('span', { className }, state.all(node));
};

/** Font Awesome icons are not bundled: the icon is decorative, so it is left out rather than drawn wrong. */
export const icon: BlockRenderer = (_ctx, _state, _node: Icon) => [];

/** `<code class="expression">space.vars.x</code>`: the variable's value when the space defines it. */
export const expression: BlockRenderer = (ctx, _state, node: Expression) => {
  const match = /^\s*space\.vars\.([\w-]+)\s*$/.exec(node.value);
  const value = match ? ctx.options.variables[match[1]!] : undefined;
  return value === undefined || value === null ? el('code', { className: ['expression'] }, [text(node.value)]) : text(String(value));
};

const token = (color: string | undefined) => (color && /^\$?[a-z]+$/i.test(color) ? color.replace('$', '').toLowerCase() : null);

/** `<mark style="color:…">`: colours become classes (a `style` attribute never reaches the page). */
export const mark: BlockRenderer = (_ctx, state, node: Mark) => {
  const color = token(node.color);
  const background = token(node.background);
  const className = ['mark', ...(color ? [`color-${color}`] : []), ...(background ? [`bg-${background}`] : [])];
  return el('mark', { className }, state.all(node));
};

export const emoji: BlockRenderer = (_ctx, _state, node: Emoji) => el('span', { className: ['emoji'] }, [text(node.value)]);
