/** `{% tabs %}` `{% tab title="A" [icon="x"] %}` ... `{% endtab %}` ... `{% endtabs %}` */
import type { BlockContent, Parent } from 'mdast';
import { attr, endTag, extraAttributes, formatTag } from '../attributes.js';
import { wrapFlow, type BlockModule } from '../spec.js';

export interface Tabs extends Parent {
  type: 'tabs';
  children: Tab[];
}

export interface Tab extends Parent {
  type: 'tab';
  title: string;
  icon?: string;
  extraAttributes?: Array<[string, string]>;
  children: BlockContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    tabs: Tabs;
    tab: Tab;
  }
  interface BlockContentMap {
    tabs: Tabs;
  }
}

export const tabs: BlockModule = {
  specs: [
    {
      tag: 'tabs',
      end: 'required',
      build(_tag, children) {
        if (!children || !children.every((child) => child.type === 'tab')) return undefined;
        return { type: 'tabs', children: children as Tab[] };
      },
    },
    {
      tag: 'tab',
      end: 'required',
      build(tag, children) {
        if (!children) return undefined;
        const node: Tab = { type: 'tab', title: attr(tag, 'title') ?? '', children: children as BlockContent[] };
        const icon = attr(tag, 'icon');
        if (icon !== undefined) node.icon = icon;
        const extra = extraAttributes(tag, ['title', 'icon']);
        if (extra) node.extraAttributes = extra;
        return node;
      },
    },
  ],
  handlers: {
    tabs(node: Tabs, _parent, state, info) {
      return wrapFlow(formatTag('tabs'), endTag('tabs'), node, state, info);
    },
    tab(node: Tab, _parent, state, info) {
      const open = formatTag(
        'tab',
        [
          ['title', node.title],
          ['icon', node.icon],
        ],
        node.extraAttributes,
      );
      return wrapFlow(open, endTag('tab'), node, state, info);
    },
  },
};
