/** What every node mapping receives: the shared walkers, keys, references and options of one conversion. */
import type { Nodes, PhrasingContent, Root, RootContent } from 'mdast';
import type { InlineHtml } from '../blocks/inline-spec.js';
import type { KeyMaker } from './keys.js';
import type { ContentRef, DocBlock, DocInline, DocLeaf, DocMark, DocNode, DocText, RefUsage } from './types.js';

export type { RefUsage };

/** Block types a container accepts (from the spec's schema for that container). */
export type Allowed = ReadonlySet<string>;

/**
 * The markdown reader and writer, with every block's syntax. The mappings get them from their context rather than by
 * import: the registry that composes them imports every block's mapping.
 */
export interface MarkdownSyntax {
  /** GitBook's markdown for `root`. */
  write(root: Root): string;
  /** mdast for a round trip (positions, destinations as written). */
  parse(markdown: string): Root;
  /** mdast for reading only (faster; see markdown/read). */
  read(markdown: string): Root;
  /** GitBook's inline elements, for the blocks written as HTML. */
  readonly elements: InlineHtml;
}

export interface ToContext {
  readonly shift: number;
  readonly syntax: MarkdownSyntax;
  readonly keys: KeyMaker;
  ref(url: string, usage: RefUsage): ContentRef;
  /**
   * The document blocks for `children` inside a container that accepts `allowed`. A child that does not
   * map exactly becomes an escape block; undefined when such a child cannot be placed in this container.
   */
  blocks(children: readonly RootContent[], parentKey: string, allowed: Allowed): DocBlock[] | undefined;
  /** One block for `node`, or undefined when it cannot be placed in a container accepting `allowed`. */
  block(node: RootContent, key: string, allowed: Allowed): DocBlock | undefined;
  /** Text and inline nodes for phrasing content, with `marks` applied (outermost first). */
  phrasing(children: readonly PhrasingContent[], parentKey: string, marks?: DocMark[]): Array<DocText | DocInline>;
  /** A fresh key below `parentKey` for a node described by `seed` (or the node's own `data.key`). */
  key(parentKey: string, seed: string, node?: Nodes): string;
  /** Markdown of one node, for the escape hatch. */
  markdown(node: RootContent): string;
  /** Remembers the mdast node an escape stands for, so verification compares like with like. */
  remember(doc: DocBlock | DocLeaf, node: Nodes): void;
}

export interface FromContext {
  readonly shift: number;
  readonly syntax: MarkdownSyntax;
  url(ref: ContentRef, usage: RefUsage): string;
  blocks(nodes: readonly DocNode[] | undefined): RootContent[];
  block(node: DocBlock): RootContent[];
  /** Phrasing for document nodes, inside the marks `applied` already (outermost first). */
  phrasing(nodes: readonly DocNode[] | undefined, applied?: readonly DocMark[]): PhrasingContent[];
  /** The mdast node an escape stood for, during verification. */
  original(doc: object): Nodes | undefined;
}

/** A mapping between one family of mdast nodes and document blocks. */
export interface BlockMapping {
  /** mdast node types read by `toDocument`. */
  readonly mdast: readonly string[];
  /** Document block types read by `fromDocument`. */
  readonly document: readonly string[];
  /** The block for `node`, or undefined when it has no exact document form (it is then escaped). */
  toDocument(node: never, ctx: ToContext, key: string): DocBlock | undefined;
  fromDocument(block: DocBlock, ctx: FromContext): RootContent | RootContent[] | undefined;
}

/** Helper so mappings can declare their node type while the registry stays uniform. */
export function mapping<N>(spec: {
  mdast: readonly string[];
  document: readonly string[];
  toDocument(node: N, ctx: ToContext, key: string): DocBlock | undefined;
  fromDocument(block: DocBlock, ctx: FromContext): RootContent | RootContent[] | undefined;
}): BlockMapping {
  return spec as BlockMapping;
}
