/** `{% include "path" %}` <-> `reusable-content {ref: reusable-content}`. */
import type { Include } from '../../nodes.js';
import { mapping } from '../../document/context.js';
import type { ContentRef } from '../../document/types.js';

export const include = mapping<Include>({
  mdast: ['include'],
  document: ['reusable-content'],
  toDocument(node, ctx, key) {
    const resolved = ctx.ref(node.value, 'reusable-content');
    // Without a resolver the path stands in for the reusable content id.
    const ref = resolved.kind === 'reusable-content' ? resolved : { kind: 'reusable-content', reusableContent: node.value };
    return { object: 'block', type: 'reusable-content', key, isVoid: true, data: { ref } };
  },
  fromDocument: (block, ctx) => ({ type: 'include', value: ctx.url(block.data?.ref as ContentRef, 'reusable-content') }),
});
