/** `{% hint %}` <-> `hint` (children: the spec allows only paragraphs, headings, lists and dividers). */
import type { Hint } from '../../nodes.js';
import { mapping } from '../../document/context.js';
import { IN_HINT } from '../../document/nesting.js';

export const hint = mapping<Hint>({
  mdast: ['hint'],
  document: ['hint'],
  toDocument(node, ctx, key) {
    if (node.extraAttributes) return undefined;
    const nodes = ctx.blocks(node.children, key, IN_HINT);
    const data: Record<string, unknown> = { style: node.style };
    if (node.icon !== undefined) data.icon = node.icon;
    return nodes && { object: 'block', type: 'hint', key, isVoid: false, data, nodes };
  },
  fromDocument(block, ctx) {
    const style = block.data?.style;
    const node: Hint = {
      type: 'hint',
      style: style === 'success' || style === 'warning' || style === 'danger' ? style : 'info',
      children: ctx.blocks(block.nodes) as Hint['children'],
    };
    if (typeof block.data?.icon === 'string') node.icon = block.data.icon;
    return node;
  },
});
