/**
 * `{% content-ref url %}[x.md](x.md){% endcontent-ref %}` <-> `content-ref {ref}`. GitBook derives the
 * inner link from the target; the one written in the file is kept in a `link` fragment.
 */
import type { Paragraph } from 'mdast';
import type { ContentRef as ContentRefNode } from '../../nodes.js';
import { mapping } from '../../document/context.js';
import { bodyFragments, findFragment, fragmentChildren } from '../../document/fragments.js';
import type { ContentRef } from '../../document/types.js';

export const contentRef = mapping<ContentRefNode>({
  mdast: ['contentRef'],
  document: ['content-ref'],
  toDocument(node, ctx, key) {
    if (node.extraAttributes) return undefined;
    const fragments = bodyFragments('link', node.children, ctx, key);
    const data = { ref: ctx.ref(node.url, 'content-ref') };
    return fragments && { object: 'block', type: 'content-ref', key, isVoid: true, data, ...(fragments.length ? { fragments } : {}) };
  },
  fromDocument(block, ctx) {
    const url = ctx.url(block.data?.ref as ContentRef, 'content-ref');
    if (findFragment(block, 'link')) return { type: 'contentRef', url, children: fragmentChildren(block, 'link', ctx) as ContentRefNode['children'] };
    const label = url.replace(/\/$/, '').split('/').pop() || url;
    const link: Paragraph = { type: 'paragraph', children: [{ type: 'link', url, title: null, children: [{ type: 'text', value: label }] }] };
    return { type: 'contentRef', url, children: [link] };
  },
});
