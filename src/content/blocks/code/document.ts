/** Code fences and `{% code title overflow lineNumbers %}` <-> `code` with one `code-line` per line; with marks, see pre-code.ts. */
import type { CodeBlock } from '../../nodes.js';
import { codeBlock, fenceOf } from '../../document/blocks-core.js';
import { mapping } from '../../document/context.js';
import { preCodeOf } from './pre-code-document.js';

const OPTIONS = ['title', 'overflow', 'lineNumbers', 'fullWidth', 'expandable'] as const;

export const code = mapping<CodeBlock>({
  mdast: ['codeBlock'],
  document: ['code'],
  toDocument(node, ctx, key) {
    const [fence] = node.children;
    if (node.extraAttributes || !fence) return undefined;
    const options: Record<string, unknown> = {};
    for (const option of OPTIONS) if (node[option] !== undefined) options[option] = node[option];
    return codeBlock(fence, ctx, key, options);
  },
  fromDocument(block) {
    const formatted = preCodeOf(block);
    if (formatted) return formatted;
    const fence = fenceOf(block);
    const data = block.data ?? {};
    if (!OPTIONS.some((option) => data[option] !== undefined)) return fence;
    const node: CodeBlock = { type: 'codeBlock', children: [fence] };
    if (typeof data.title === 'string') node.title = data.title;
    if (data.overflow === 'wrap' || data.overflow === 'scroll') node.overflow = data.overflow;
    if (typeof data.lineNumbers === 'boolean') node.lineNumbers = data.lineNumbers;
    if (typeof data.fullWidth === 'boolean') node.fullWidth = data.fullWidth;
    if (typeof data.expandable === 'boolean') node.expandable = data.expandable;
    return node;
  },
});
