/** What every GitBook block file provides: recognition of its Liquid tags and its markdown writers. */
import type { Literal, Parent, RootContent } from 'mdast';
import type { Handle, Info, Join, State } from 'mdast-util-to-markdown';
import type { ParsedTag } from './attributes.js';

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

/** `open`, the children as flow content, `close`, one per line. */
export function wrapFlow(open: string, close: string, node: Parent, state: State, info: Info): string {
  if (node.children.length === 0) return `${open}\n${close}`;
  return `${open}\n${state.containerFlow(node as never, info)}\n${close}`;
}

/** Nodes of blocks whose end tag is optional (`{% embed %}`, `{% file %}`, …). */
export interface OptionalEndTag {
  /** Written with its end tag and nothing in between, where the end tag usually goes with a caption. */
  emptyWithEndTag?: boolean;
}

/** A void block: the tag alone, or tag, caption and end tag when it has a caption (or was written closed). */
export function wrapOptional(open: string, close: string, node: Parent & OptionalEndTag, state: State, info: Info): string {
  return node.children.length > 0 || node.emptyWithEndTag ? wrapFlow(open, close, node, state, info) : open;
}

/** Unrecognised tags are written exactly as they were read. */
export const liquidTag: BlockModule = {
  specs: [],
  handlers: { liquidTag: (node: LiquidTag) => node.value },
};
