import type { Nodes } from 'mdast';
import type { Conditional } from './syntax.js';
import { evaluateCondition, visitorContext } from '../../expression.js';
import type { BlockRenderer } from '../render.js';

const BRANCH = /^\{%-?\s*(elsif|else)\b\s*(.*?)\s*-?%\}$/s;

/**
 * `{% if %}` / `{% elsif %}` / `{% else %}`: adaptive content. The first branch whose condition holds for the
 * build's visitor is shown (a static build's visitor has no claims; `docs serve` builds per visitor).
 */
export const conditional: BlockRenderer = (ctx, state, node: Conditional) => {
  const context = visitorContext(ctx.options.claims);
  let branch: { condition: string | null; children: Nodes[] } = { condition: node.condition, children: [] };
  const branches = [branch];
  for (const child of node.children as Nodes[]) {
    const tag = child.type === 'liquidTag' ? BRANCH.exec((child as { value: string }).value) : null;
    if (tag) branches.push((branch = { condition: tag[1] === 'else' ? null : tag[2]!, children: [] }));
    else branch.children.push(child);
  }
  const chosen = branches.find((b) => b.condition === null || evaluateCondition(b.condition, context));
  return chosen ? state.all({ ...node, children: chosen.children } as Conditional) : [];
};
