/** `{% hint style="info" [icon="x"] %}` ... `{% endhint %}` */
import type { BlockContent, Parent } from 'mdast';
import { attr, endTag, extraAttributes, formatTag } from '../attributes.js';
import { wrapFlow, type BlockModule } from '../spec.js';

export type HintStyle = 'info' | 'success' | 'warning' | 'danger';

export interface Hint extends Parent {
  type: 'hint';
  style: HintStyle;
  icon?: string;
  extraAttributes?: Array<[string, string]>;
  children: BlockContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    hint: Hint;
  }
  interface BlockContentMap {
    hint: Hint;
  }
}

const STYLES: readonly string[] = ['info', 'success', 'warning', 'danger'];

export const hint: BlockModule = {
  specs: [
    {
      tag: 'hint',
      end: 'required',
      build(tag, children) {
        const style = attr(tag, 'style') ?? 'info';
        if (!children || !STYLES.includes(style)) return undefined;
        const node: Hint = { type: 'hint', style: style as HintStyle, children: children as BlockContent[] };
        const icon = attr(tag, 'icon');
        if (icon !== undefined) node.icon = icon;
        const extra = extraAttributes(tag, ['style', 'icon']);
        if (extra) node.extraAttributes = extra;
        return node;
      },
    },
  ],
  handlers: {
    hint(node: Hint, _parent, state, info) {
      const open = formatTag(
        'hint',
        [
          ['style', node.style],
          ['icon', node.icon],
        ],
        node.extraAttributes,
      );
      return wrapFlow(open, endTag('hint'), node, state, info);
    },
  },
};
