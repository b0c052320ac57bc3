/** `{% embed url %}` <-> `embed {url, fullWidth}`; a caption written inside the block is kept in a `caption` fragment. */
import type { Embed } from '../../nodes.js';
import { mapping } from '../../document/context.js';
import { bodyFragments, fragmentChildren } from '../../document/fragments.js';

export const embed = mapping<Embed>({
  mdast: ['embed'],
  document: ['embed'],
  toDocument(node, ctx, key) {
    if (node.extraAttributes) return undefined;
    const fragments = bodyFragments('caption', node.children, ctx, key);
    if (!fragments) return undefined;
    const data: Record<string, unknown> = { url: node.url };
    if (node.fullWidth !== undefined) data.fullWidth = node.fullWidth;
    if (node.captionAttribute !== undefined) data.caption = node.captionAttribute;
    return { object: 'block', type: 'embed', key, isVoid: true, data, ...(fragments.length ? { fragments } : {}) };
  },
  fromDocument(block, ctx) {
    const node: Embed = { type: 'embed', url: String(block.data?.url ?? ''), children: fragmentChildren(block, 'caption', ctx) as Embed['children'] };
    if (typeof block.data?.fullWidth === 'boolean') node.fullWidth = block.data.fullWidth;
    if (typeof block.data?.caption === 'string') node.captionAttribute = block.data.caption;
    return node;
  },
});
