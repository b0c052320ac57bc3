/** What every GitBook block file provides: recognition of its Liquid tags and its markdown writers. */
import type { Literal, Parent, RootContent } from 'mdast';
import type { Handle, Info, Join, State } from 'mdast-util-to-markdown';
import { type ParsedTag, sameTag } from './attributes.js';

/**
 * A `{% ... %}` line that is not (yet) part of a typed block: an unknown tag, or a tag whose
 * block could not be formed. `value` is the tag exactly as written, so it is reproduced as is.
 */
export interface LiquidTag extends Literal {
  type: 'liquidTag';
  value: string;
}

declare module 'mdast' {
  interface RootContentMap {
    liquidTag: LiquidTag;
  }
  interface BlockContentMap {
    liquidTag: LiquidTag;
  }
}

export interface LiquidBlockSpec {
  /** Opening tag name, e.g. `hint` (closing tag: `endhint`). */
  tag: string;
  /** Whether `{% end<tag> %}` must follow, may follow (a caption) or never does. */
  end: 'required' | 'optional' | 'none';
  /**
   * Build the typed node from the opening tag and what stood between it and its end tag
   * (null when there was no end tag). Undefined means "not this block": the tags stay liquidTag.
   */
  build(tag: ParsedTag, children: RootContent[] | null): RootContent | undefined;
}

/** mdast-util-to-markdown writers for the node types a block file defines. */
export type BlockHandlers = Record<string, Handle>;

export interface BlockModule {
  specs: readonly LiquidBlockSpec[];
  handlers: BlockHandlers;
  /** Blank lines between children, where a block's differ from one between blocks. */
  join?: Join[];
}

/**
 * `open`, the children as flow content, `close`, one per line; a blank line before `close` after a quote, as GitBook
 * writes it (a CommonMark reader would continue the quote's paragraph into the tag).
 */
export function wrapFlow(written: string, close: string, node: Parent, state: State, info: Info): string {
  const open = openTag(written, node);
  if (node.children.length === 0) return `${open}\n${close}`;
  const gap = node.children[node.children.length - 1]?.type === 'blockquote' ? '\n\n' : '\n';
  return `${open}\n${state.containerFlow(node as never, info)}${gap}${close}`;
}

/** Nodes of blocks whose end tag is optional (`{% embed %}`, `{% file %}`, …). */
export interface OptionalEndTag {
  /** Written with its end tag and nothing in between, where the end tag usually goes with a caption. */
  emptyWithEndTag?: boolean;
}

/** A void block: the tag alone, or tag, caption and end tag when it has a caption (or was written closed). */
export function wrapOptional(open: string, close: string, node: Parent & OptionalEndTag, state: State, info: Info): string {
  return node.children.length > 0 || node.emptyWithEndTag ? wrapFlow(open, close, node, state, info) : openTag(open, node);
}

declare module 'mdast' {
  interface Data {
    /** The opening tag as written, kept while it says what the node says (`title="A \\(B\\)"` for `A (B)`). */
    sourceTag?: string;
  }
}

/** The tag as it was written when it still says the same as the `written` one, else the written one. */
function openTag(written: string, node: Parent): string {
  const source = node.data?.sourceTag;
  return source !== undefined && source !== written && sameTag(source, written) ? source : written;
}

/** Unrecognised tags are written exactly as they were read. */
export const liquidTag: BlockModule = {
  specs: [],
  handlers: { liquidTag: (node: LiquidTag) => node.value },
};
