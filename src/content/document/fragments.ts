/** Fragments: the named sub-trees of void blocks (captions, titles, bodies, table cells). */
import type { RootContent } from 'mdast';
import type { Allowed, FromContext, ToContext } from './context.js';
import { TOP_LEVEL } from './nesting.js';
import type { DocBlock, DocFragment } from './types.js';

/** A fragment holding `children`, or undefined when one of them cannot be placed in it. */
export function fragmentOf(
  name: string,
  children: readonly RootContent[],
  ctx: ToContext,
  parentKey: string,
  allowed: Allowed = TOP_LEVEL,
  type: string = name,
): DocFragment | undefined {
  const key = ctx.key(parentKey, `fragment-${name}`);
  const nodes = ctx.blocks(children, key, allowed);
  return nodes && { object: 'fragment', key, fragment: name, type, nodes };
}

export function findFragment(block: DocBlock, name: string): DocFragment | undefined {
  return block.fragments?.find((fragment) => fragment.fragment === name);
}

/** The mdast children of a named fragment (empty when absent). */
export function fragmentChildren(block: DocBlock, name: string, ctx: FromContext): RootContent[] {
  return ctx.blocks(findFragment(block, name)?.nodes);
}

/**
 * The markdown children some void blocks carry (an embed's caption, an OpenAPI block's link): kept in a
 * fragment so they come back as written. Returns the fragments list to set on the block.
 */
export function bodyFragments(name: string, children: readonly RootContent[], ctx: ToContext, key: string): DocFragment[] | undefined {
  if (children.length === 0) return [];
  const fragment = fragmentOf(name, children, ctx, key);
  return fragment && [fragment];
}
