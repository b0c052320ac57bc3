/** mdast -> markdown, written the way GitBook writes it. */
import type { Root } from 'mdast';
import { toMarkdown, type Options } from 'mdast-util-to-markdown';
import { toMarkdownOptions } from './options.js';

export function markdownOf(root: Root): string {
  return markdownWith(root);
}

/** The same, with some of the writer's settings changed (a list item written with its original bullet). */
export function markdownWith(root: Root, options?: Pick<Options, 'bullet' | 'bulletOrdered'>): string {
  if (root.children.length === 0) return '';
  const text = toMarkdown(root, options ? { ...toMarkdownOptions(), ...options } : toMarkdownOptions());
  return '\n'.repeat(root.data?.leadingBlankLines ?? 0) + text + '\n'.repeat(root.data?.trailingBlankLines ?? 0);
}
