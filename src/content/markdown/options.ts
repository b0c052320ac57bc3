/** The parser and writer settings, built once and shared by every call. */
import type { Options as FromMarkdownOptions } from 'mdast-util-from-markdown';
import type { Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { math } from 'micromark-extension-math';
import { gfmFootnoteFromMarkdown, gfmFootnoteToMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown, gfmStrikethroughToMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown, gfmTableToMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown, gfmTaskListItemToMarkdown } from 'mdast-util-gfm-task-list-item';
import { mathFromMarkdown, mathToMarkdown } from 'mdast-util-math';
import { blockHandlers, blockJoin } from '../blocks/index.js';
import { liquidFromMarkdown, liquidSyntax } from './liquid-syntax.js';
import { destinationFromMarkdown } from './destinations.js';
import { gitbookHandlers, gitbookJoin, gitbookUnsafe } from './gitbook-style.js';

// GFM without autolink literals: GitBook writes links as `[url](url)`, and a bare URL in its
// exports is text (reading it as a link would write it back as `<url>`).
export const fromMarkdownOptions: FromMarkdownOptions = {
  extensions: [gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem(), math({ singleDollarTextMath: false }), liquidSyntax],
  mdastExtensions: [
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmTableFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
    mathFromMarkdown(),
    liquidFromMarkdown,
    destinationFromMarkdown,
  ],
};

let writerOptions: ToMarkdownOptions | undefined;

/** GitBook's normalisation (gitsync-format.md §5.3), with every block's writers: built on first use (blocks/block.ts). */
export function toMarkdownOptions(): ToMarkdownOptions {
  return (writerOptions ??= {
    bullet: '*',
    listItemIndent: 'mixed',
    emphasis: '_',
    strong: '*',
    rule: '*',
    ruleRepetition: 3,
    ruleSpaces: false,
    fence: '`',
    fences: true,
    incrementListMarker: true,
    resourceLink: true,
    extensions: [
      gfmFootnoteToMarkdown(),
      gfmStrikethroughToMarkdown(),
      gfmTableToMarkdown({ tablePipeAlign: true }),
      gfmTaskListItemToMarkdown(),
      mathToMarkdown({ singleDollarTextMath: false }),
      { handlers: { ...blockHandlers(), ...gitbookHandlers }, join: [...blockJoin(), ...gitbookJoin], unsafe: gitbookUnsafe },
    ],
  });
}
