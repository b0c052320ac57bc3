/**
 * `{% if visitor.claims.unsigned.x %}` ... `{% endif %}`: adaptive content. `{% elsif … %}` and `{% else %}`
 * stay in the children as tags, so their content is content of the block; they sit on their own lines,
 * with no blank line around them.
 */
import type { BlockContent, Nodes, Parent } from 'mdast';
import type { Join } from 'mdast-util-to-markdown';
import { endTag } from '../attributes.js';
import { wrapFlow, type BlockModule } from '../spec.js';

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

const BRANCH = /^\{%-?\s*(?:else|elsif)\b/;
const isBranch = (node: Nodes) => node.type === 'liquidTag' && BRANCH.test(node.value);

const branchJoin: Join = (left, right, parent) => (parent.type === 'conditional' && (isBranch(left) || isBranch(right)) ? 0 : undefined);

export const conditional: BlockModule = {
  join: [branchJoin],
  specs: [
    {
      tag: 'if',
      end: 'required',
      build: (tag, children) => (children && tag.args ? { type: 'conditional', condition: tag.args, children: children as BlockContent[] } : undefined),
    },
  ],
  handlers: {
    conditional: (node: Conditional, _p, state, info) => wrapFlow(`{% if ${node.condition} %}`, endTag('if'), node, state, info),
  },
};
