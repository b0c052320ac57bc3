/** The two walkers: mdast -> document (with per-node verification and the escape hatch) and back. */
import type { Nodes, PhrasingContent, Root, RootContent } from 'mdast';
import type { Allowed, FromContext, MarkdownSyntax, ToContext } from './context.js';
import { escapeBlock, ESCAPE_TYPE, isEscape, unescapeBlock } from './escape.js';
import { deriveKey, KeyMaker } from './keys.js';
import { fromRef, toRef } from './refs.js';
import { mappingForDocument, mappingsForMdast } from './registry.js';
import { sameContent } from '../markdown/same-content.js';
import { phrasingFromDocument, phrasingToDocument } from './text.js';
import { TOP_LEVEL } from './nesting.js';
import type { DocBlock, DocNode, DocRoot, DocumentOptions } from './types.js';

export interface ConvertOptions extends DocumentOptions {
  readonly syntax: MarkdownSyntax;
}

function existingKey(node: Nodes | undefined): unknown {
  return (node?.data as Record<string, unknown> | undefined)?.key;
}

export function rootToDocument(root: Root, options: ConvertOptions): DocRoot {
  const originals = new WeakMap<object, Nodes>();
  const keys = new KeyMaker();
  const shift = options.headingShift ?? 1;

  // Verification reads documents back with the escapes resolved to the nodes they stand for.
  const verifier = fromContext(shift, options, originals);

  const ctx: ToContext = {
    shift,
    syntax: options.syntax,
    keys,
    ref: (url, usage) => toRef(url, usage, options),
    key: (parentKey, seed, node) => keys.key(`${parentKey}/${seed}`, seed, existingKey(node)),
    markdown: (node) => options.syntax.write({ type: 'root', children: [node] }).replace(/\n$/, ''),
    remember: (doc, node) => originals.set(doc, node),
    phrasing: (children, parentKey, marks) => phrasingToDocument(children, parentKey, ctx, marks),
    block(node, key, allowed) {
      for (const mapping of mappingsForMdast(node.type)) {
        const mapped = mapping.toDocument(node as never, ctx, key);
        if (mapped && allowed.has(mapped.type) && roundTrips(mapped, node)) return mapped;
      }
      return allowed.has(ESCAPE_TYPE) ? escapeBlock(node, ctx, key) : undefined;
    },
    blocks(children, parentKey, allowed: Allowed) {
      const out: DocBlock[] = [];
      for (const [index, child] of children.entries()) {
        const block = ctx.block(child, ctx.key(parentKey, `${index}`, child), allowed);
        if (!block) return undefined;
        out.push(block);
      }
      return out;
    },
  };

  function roundTrips(block: DocBlock, node: RootContent): boolean {
    const back = verifier.block(block);
    return back.length === 1 && sameContent(back[0]!, node);
  }

  const nodes = ctx.blocks(root.children, deriveKey('root', 'document'), TOP_LEVEL) ?? [];
  return { object: 'document', data: {}, nodes };
}

export function documentToRoot(doc: DocRoot, options: ConvertOptions): Root {
  const ctx = fromContext(options.headingShift ?? 1, options, undefined);
  return { type: 'root', children: ctx.blocks(doc.nodes) };
}

function fromContext(shift: number, options: ConvertOptions, originals: WeakMap<object, Nodes> | undefined): FromContext {
  const ctx: FromContext = {
    shift,
    syntax: options.syntax,
    url: (ref, usage) => fromRef(ref, usage, options),
    original: (doc) => originals?.get(doc),
    phrasing: (nodes, applied) => phrasingFromDocument(nodes, ctx, applied) as PhrasingContent[],
    block(block) {
      if (isEscape(block)) return unescapeBlock(block, ctx);
      const mapping = mappingForDocument(block.type);
      // A block type with no markdown form (integration, openapi-webhook…) keeps at least the blocks it holds.
      if (!mapping) return ctx.blocks([...(block.nodes ?? []), ...(block.fragments ?? []).flatMap((f) => f.nodes)]);
      const mapped = mapping.fromDocument(block, ctx);
      const out = mapped === undefined ? [] : Array.isArray(mapped) ? mapped : [mapped];
      if (!originals && block.key) for (const node of out) node.data = { ...node.data, key: block.key };
      return out;
    },
    blocks: (nodes?: readonly DocNode[]) => (nodes ?? []).flatMap((node) => (node.object === 'block' ? ctx.block(node) : [])),
  };
  return ctx;
}
