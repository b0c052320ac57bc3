/** GitBook's markdown reader and writer with every block's syntax, as the document mappings receive them. */
import type { MarkdownSyntax } from '../document/context.js';
import { inlineElements } from './inline-html.js';
import { parseMarkdown } from './parse.js';
import { readMarkdown } from './read/index.js';
import { markdownOf } from './stringify.js';

export const gitbookSyntax: MarkdownSyntax = {
  write: markdownOf,
  parse: parseMarkdown,
  read: readMarkdown,
  elements: inlineElements,
};
