/** `{% code title="x" overflow="wrap" lineNumbers="true" %}` fence `{% endcode %}`: a code block with options. */
import type { Code, Parent } from 'mdast';
import { attr, boolAttr, endTag, extraAttributes, formatTag } from '../attributes.js';
import { wrapFlow, type BlockModule } from '../spec.js';

export interface CodeBlock extends Parent {
  type: 'codeBlock';
  title?: string;
  overflow?: 'wrap' | 'scroll';
  lineNumbers?: boolean;
  fullWidth?: boolean;
  expandable?: boolean;
  extraAttributes?: Array<[string, string]>;
  /** The one fenced code block the options apply to. */
  children: [Code];
}

declare module 'mdast' {
  interface RootContentMap {
    codeBlock: CodeBlock;
  }
  interface BlockContentMap {
    codeBlock: CodeBlock;
  }
}

const KNOWN = ['title', 'overflow', 'lineNumbers', 'fullWidth', 'expandable'];

export const code: BlockModule = {
  specs: [
    {
      tag: 'code',
      end: 'required',
      build(tag, children) {
        const only = children?.[0];
        if (children?.length !== 1 || only?.type !== 'code') return undefined;
        const node: CodeBlock = { type: 'codeBlock', children: [only] };
        const title = attr(tag, 'title');
        if (title !== undefined) node.title = title;
        const overflow = attr(tag, 'overflow');
        if (overflow === 'wrap' || overflow === 'scroll') node.overflow = overflow;
        else if (overflow !== undefined) return undefined;
        for (const key of ['lineNumbers', 'fullWidth', 'expandable'] as const) {
          const value = boolAttr(tag, key);
          if (value !== undefined) node[key] = value;
          else if (attr(tag, key) !== undefined) return undefined;
        }
        const extra = extraAttributes(tag, KNOWN);
        if (extra) node.extraAttributes = extra;
        return node;
      },
    },
  ],
  handlers: {
    codeBlock(node: CodeBlock, _parent, state, info) {
      const open = formatTag(
        'code',
        [
          ['title', node.title],
          ['overflow', node.overflow],
          ['lineNumbers', node.lineNumbers],
          ['fullWidth', node.fullWidth],
          ['expandable', node.expandable],
        ],
        node.extraAttributes,
      );
      return wrapFlow(open, endTag('code'), node, state, info);
    },
  },
};
