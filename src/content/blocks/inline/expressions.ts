/** Inline expression: `<code class="expression">space.vars.x</code>`. */
import type { Literal } from 'mdast';
import type { BlockModule } from '../spec.js';
import { onlyText, type InlineHtmlSpec } from '../inline-spec.js';

export interface Expression extends Literal {
  type: 'expression';
  /** The expression as written (entities decoded). */
  value: string;
}

declare module 'mdast' {
  interface RootContentMap {
    expression: Expression;
  }
  interface PhrasingContentMap {
    expression: Expression;
  }
}

export const expressionSpecs: InlineHtmlSpec[] = [
  {
    element: 'code',
    build(attributes, children) {
      const value = onlyText(children);
      const [only] = attributes;
      return value !== undefined && attributes.length === 1 && only?.[0] === 'class' && only[1] === 'expression' ? { type: 'expression', value } : undefined;
    },
    openTag: () => '<code class="expression">',
  },
];

export const expressions: BlockModule = {
  specs: [],
  handlers: {
    expression(node: Expression, _p, state, info) {
      const text = state.safe(node.value, { ...info, before: '>', after: '<' });
      return `<code class="expression">${text}</code>`;
    },
  },
};
