/** `{% updates [format="full"] %}` `{% update date="2025-12-25" [tags="a,b"] %}` ... `{% endupdate %}` ... `{% endupdates %}` */
import type { BlockContent, Parent } from 'mdast';
import { attr, endTag, extraAttributes, formatTag } from '../attributes.js';
import { wrapFlow, type BlockModule } from '../spec.js';

export interface Updates extends Parent {
  type: 'updates';
  format?: string;
  extraAttributes?: Array<[string, string]>;
  children: Update[];
}

export interface Update extends Parent {
  type: 'update';
  date: string;
  tags?: string[];
  extraAttributes?: Array<[string, string]>;
  children: BlockContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    updates: Updates;
    update: Update;
  }
  interface BlockContentMap {
    updates: Updates;
  }
}

export const updates: BlockModule = {
  specs: [
    {
      tag: 'updates',
      end: 'required',
      build(tag, children) {
        if (!children?.every((child) => child.type === 'update')) return undefined;
        const node: Updates = { type: 'updates', children: children as Update[] };
        const format = attr(tag, 'format');
        if (format !== undefined) node.format = format;
        const extra = extraAttributes(tag, ['format']);
        if (extra) node.extraAttributes = extra;
        return node;
      },
    },
    {
      tag: 'update',
      end: 'required',
      build(tag, children) {
        const date = attr(tag, 'date');
        if (!children || date === undefined) return undefined;
        const node: Update = { type: 'update', date, children: children as BlockContent[] };
        const tags = attr(tag, 'tags');
        if (tags !== undefined) node.tags = tags.split(',');
        const extra = extraAttributes(tag, ['date', 'tags']);
        if (extra) node.extraAttributes = extra;
        return node;
      },
    },
  ],
  handlers: {
    updates(node: Updates, _p, state, info) {
      return wrapFlow(formatTag('updates', [['format', node.format]], node.extraAttributes), endTag('updates'), node, state, info);
    },
    update(node: Update, _p, state, info) {
      const open = formatTag(
        'update',
        [
          ['date', node.date],
          ['tags', node.tags?.join(',')],
        ],
        node.extraAttributes,
      );
      return wrapFlow(open, endTag('update'), node, state, info);
    },
  },
};
