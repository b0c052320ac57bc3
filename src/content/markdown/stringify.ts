/** mdast -> markdown, written the way GitBook writes it. */
import type { Root } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { toMarkdownOptions } from './options.js';

export function markdownOf(root: Root): string {
  if (root.children.length === 0) return '';
  const text = toMarkdown(root, toMarkdownOptions);
  return '\n'.repeat(root.data?.leadingBlankLines ?? 0) + text + '\n'.repeat(root.data?.trailingBlankLines ?? 0);
}
