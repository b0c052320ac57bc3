/** markdown -> mdast with GitBook's blocks as typed nodes. */
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { fromMarkdownOptions } from './options.js';
import { nestLiquid } from './nest-liquid.js';
import { nestHtml } from './nest-html.js';

declare module 'mdast' {
  interface RootData {
    /** Blank lines after the last block (GitBook sometimes ends files with several). */
    trailingBlankLines?: number;
    /** Blank lines before the first block (GitBook writes one after the frontmatter). */
    leadingBlankLines?: number;
  }
}

export function parseMarkdown(text: string): Root {
  return withGitbookStructure(fromMarkdown(text, fromMarkdownOptions), text);
}

/** GitBook's blocks nested into a tree as markdown parses it, and the blank lines around the content kept. */
export function withGitbookStructure(root: Root, text: string): Root {
  nestLiquid(root, text);
  nestHtml(root);
  const trailing = /\n*$/.exec(text)?.[0].length ?? 0;
  if (trailing > 1) root.data = { ...root.data, trailingBlankLines: trailing - 1 };
  const leading = /^\n*/.exec(text)?.[0].length ?? 0;
  if (leading > 0 && leading < text.length) root.data = { ...root.data, leadingBlankLines: leading };
  return root;
}
