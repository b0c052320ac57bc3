/** `{% tabs %}{% tab title %}` <-> `tabs` / `tabs-item`. */
import type { Tab, Tabs } from '../../nodes.js';
import { mapping } from '../../document/context.js';
import { IN_TAB } from '../../document/nesting.js';
import type { DocBlock } from '../../document/types.js';

export const tabs = mapping<Tabs>({
  mdast: ['tabs'],
  document: ['tabs'],
  toDocument(node, ctx, key) {
    const items: DocBlock[] = [];
    for (const [index, tab] of node.children.entries()) {
      if (tab.extraAttributes) return undefined;
      const itemKey = ctx.key(key, `tab${index}`, tab);
      const nodes = ctx.blocks(tab.children, itemKey, IN_TAB);
      if (!nodes) return undefined;
      const data: Record<string, unknown> = { title: tab.title };
      if (tab.icon !== undefined) data.icon = tab.icon;
      items.push({ object: 'block', type: 'tabs-item', key: itemKey, isVoid: false, data, nodes });
    }
    return { object: 'block', type: 'tabs', key, isVoid: false, data: {}, nodes: items };
  },
  fromDocument(block, ctx) {
    const children: Tab[] = (block.nodes ?? []).flatMap((item) => {
      if (item.object !== 'block' || item.type !== 'tabs-item') return [];
      const tab: Tab = { type: 'tab', title: String(item.data?.title ?? ''), children: ctx.blocks(item.nodes) as Tab['children'] };
      if (typeof item.data?.icon === 'string') tab.icon = item.data.icon;
      return [tab];
    });
    return { type: 'tabs', children };
  },
});
