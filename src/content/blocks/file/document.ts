/** `{% file src %}` <-> `file {ref: file}`; a caption is kept in a `caption` fragment. */
import type { FileBlock } from '../../nodes.js';
import { mapping } from '../../document/context.js';
import { bodyFragments, fragmentChildren } from '../../document/fragments.js';
import type { ContentRef } from '../../document/types.js';

export const file = mapping<FileBlock>({
  mdast: ['file'],
  document: ['file'],
  toDocument(node, ctx, key) {
    if (node.extraAttributes) return undefined;
    const fragments = bodyFragments('caption', node.children, ctx, key);
    const resolved = ctx.ref(node.src, 'file');
    // The spec only accepts file references here: an unresolved path stands in for the file id.
    const ref: ContentRef = resolved.kind === 'file' ? resolved : { kind: 'file', file: node.src };
    return fragments && { object: 'block', type: 'file', key, isVoid: true, data: { ref }, ...(fragments.length ? { fragments } : {}) };
  },
  fromDocument: (block, ctx) => ({
    type: 'file',
    src: ctx.url(block.data?.ref as ContentRef, 'file'),
    children: fragmentChildren(block, 'caption', ctx) as FileBlock['children'],
  }),
});
