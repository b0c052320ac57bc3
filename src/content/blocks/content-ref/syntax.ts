/** `{% content-ref url="x.md" %}` `[x.md](x.md)` `{% endcontent-ref %}`, and the legacy `{% page-ref page="x.md" %}`. */
import type { BlockContent, Parent } from 'mdast';
import { attr, endTag, extraAttributes, formatTag } from '../attributes.js';
import { wrapFlow, wrapOptional, type BlockModule, type OptionalEndTag } from '../spec.js';

export interface ContentRef extends Parent {
  type: 'contentRef';
  url: string;
  extraAttributes?: Array<[string, string]>;
  /** The link paragraph GitBook writes inside the block. */
  children: BlockContent[];
}

/** Legacy (2021) page link: a void tag. */
export interface PageRef extends Parent, OptionalEndTag {
  type: 'pageRef';
  page: string;
  extraAttributes?: Array<[string, string]>;
  children: BlockContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    contentRef: ContentRef;
    pageRef: PageRef;
  }
  interface BlockContentMap {
    contentRef: ContentRef;
    pageRef: PageRef;
  }
}

export const contentRef: BlockModule = {
  specs: [
    {
      tag: 'content-ref',
      end: 'required',
      build(tag, children) {
        const url = attr(tag, 'url');
        if (url === undefined || !children) return undefined;
        const node: ContentRef = { type: 'contentRef', url, children: children as BlockContent[] };
        const extra = extraAttributes(tag, ['url']);
        if (extra) node.extraAttributes = extra;
        return node;
      },
    },
    {
      tag: 'page-ref',
      end: 'optional',
      build(tag, children) {
        const page = attr(tag, 'page');
        if (page === undefined) return undefined;
        const node: PageRef = { type: 'pageRef', page, children: (children ?? []) as BlockContent[] };
        const extra = extraAttributes(tag, ['page']);
        if (extra) node.extraAttributes = extra;
        return node;
      },
    },
  ],
  handlers: {
    contentRef(node: ContentRef, _parent, state, info) {
      const open = formatTag('content-ref', [['url', node.url]], node.extraAttributes);
      return wrapFlow(open, endTag('content-ref'), node, state, info);
    },
    pageRef(node: PageRef, _parent, state, info) {
      const open = formatTag('page-ref', [['page', node.page]], node.extraAttributes);
      return wrapOptional(open, endTag('page-ref'), node, state, info);
    },
  },
};
