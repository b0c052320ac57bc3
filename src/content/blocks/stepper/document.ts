/** `{% stepper %}{% step %}` <-> `stepper` / `stepper-step`. */
import type { Step, Stepper } from '../../nodes.js';
import { mapping } from '../../document/context.js';
import { IN_TAB } from '../../document/nesting.js';
import type { DocBlock } from '../../document/types.js';

export const stepper = mapping<Stepper>({
  mdast: ['stepper'],
  document: ['stepper'],
  toDocument(node, ctx, key) {
    const steps: DocBlock[] = [];
    for (const [index, step] of node.children.entries()) {
      const stepKey = ctx.key(key, `step${index}`, step);
      const nodes = ctx.blocks(step.children, stepKey, IN_TAB);
      if (!nodes) return undefined;
      steps.push({ object: 'block', type: 'stepper-step', key: stepKey, isVoid: false, data: {}, nodes });
    }
    return { object: 'block', type: 'stepper', key, isVoid: false, data: {}, nodes: steps };
  },
  fromDocument: (block, ctx) => ({
    type: 'stepper',
    children: (block.nodes ?? []).flatMap((step): Step[] =>
      step.object === 'block' && step.type === 'stepper-step' ? [{ type: 'step', children: ctx.blocks(step.nodes) as Step['children'] }] : [],
    ),
  }),
});
