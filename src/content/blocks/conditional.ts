/** `{% if visitor.claims.unsigned.x %}` ... `{% endif %}`: adaptive content. */
import type { BlockContent, Parent } from 'mdast';
import { endTag } from './attributes.js';
import { wrapFlow, type BlockModule } from './spec.js';

export interface Conditional extends Parent {
  type: 'conditional';
  /** The expression as written after `if`. */
  condition: string;
  children: BlockContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    conditional: Conditional;
  }
  interface BlockContentMap {
    conditional: Conditional;
  }
}

export const conditional: BlockModule = {
  specs: [
    {
      tag: 'if',
      end: 'required',
      build: (tag, children) =>
        children && tag.args ? { type: 'conditional', condition: tag.args, children: children as BlockContent[] } : undefined,
    },
  ],
  handlers: {
    conditional: (node: Conditional, _p, state, info) => wrapFlow(`{% if ${node.condition} %}`, endTag('if'), node, state, info),
  },
};
