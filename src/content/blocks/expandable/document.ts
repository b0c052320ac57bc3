/** `<details><summary>` <-> `expandable` with `expandable-title` and `expandable-body` fragments. */
import type { Expandable } from '../../nodes.js';
import { mapping } from '../../document/context.js';
import { findFragment, fragmentOf } from '../../document/fragments.js';
import { IN_EXPANDABLE } from '../../document/nesting.js';
import { htmlOfLeaves, leavesOfHtml } from '../../document/html-text.js';

export const expandable = mapping<Expandable>({
  mdast: ['expandable'],
  document: ['expandable'],
  toDocument(node, ctx, key) {
    // `<details open>` has no place in the spec's closed `data`.
    const title = leavesOfHtml(node.summary);
    if (node.open || !title || node.children.length === 0) return undefined;
    const titleKey = ctx.key(key, 'title');
    const body = fragmentOf('expandable-body', node.children, ctx, key, IN_EXPANDABLE);
    if (!body) return undefined;
    const paragraph = {
      object: 'block' as const,
      type: 'paragraph',
      key: ctx.key(titleKey, 'paragraph'),
      isVoid: false,
      data: {},
      nodes: [{ object: 'text' as const, key: ctx.key(titleKey, 'text'), leaves: title.length ? title : [{ object: 'leaf' as const, text: '', marks: [] }] }],
    };
    return {
      object: 'block',
      type: 'expandable',
      key,
      isVoid: true,
      data: {},
      fragments: [{ object: 'fragment', key: titleKey, fragment: 'expandable-title', type: 'expandable-title', nodes: [paragraph] }, body],
    };
  },
  fromDocument(block, ctx) {
    const title = findFragment(block, 'expandable-title')?.nodes[0];
    const leaves = (title?.nodes ?? []).flatMap((node) => (node.object === 'text' ? node.leaves : []));
    return {
      type: 'expandable',
      open: false,
      summary: htmlOfLeaves(leaves),
      children: ctx.blocks(findFragment(block, 'expandable-body')?.nodes) as Expandable['children'],
    };
  },
});
