/** `{% columns %}` `{% column [width="50%"] %}` ... `{% endcolumn %}` ... `{% endcolumns %}` */
import type { BlockContent, Parent } from 'mdast';
import { attr, endTag, extraAttributes, formatTag } from '../attributes.js';
import { wrapFlow, type BlockModule } from '../spec.js';

export interface Columns extends Parent {
  type: 'columns';
  children: Column[];
}

export interface Column extends Parent {
  type: 'column';
  /** As written, e.g. `50%`. */
  width?: string;
  extraAttributes?: Array<[string, string]>;
  children: BlockContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    columns: Columns;
    column: Column;
  }
  interface BlockContentMap {
    columns: Columns;
  }
}

export const columns: BlockModule = {
  specs: [
    {
      tag: 'columns',
      end: 'required',
      build: (_tag, children) => (children?.every((child) => child.type === 'column') ? { type: 'columns', children: children as Column[] } : undefined),
    },
    {
      tag: 'column',
      end: 'required',
      build(tag, children) {
        if (!children) return undefined;
        const node: Column = { type: 'column', children: children as BlockContent[] };
        const width = attr(tag, 'width');
        if (width !== undefined) node.width = width;
        const extra = extraAttributes(tag, ['width']);
        if (extra) node.extraAttributes = extra;
        return node;
      },
    },
  ],
  handlers: {
    columns: (node: Columns, _p, state, info) => wrapFlow(formatTag('columns'), endTag('columns'), node, state, info),
    column(node: Column, _p, state, info) {
      return wrapFlow(formatTag('column', [['width', node.width]], node.extraAttributes), endTag('column'), node, state, info);
    },
  },
};
