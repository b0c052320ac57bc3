/**
 * The document JSON shapes this module builds. They mirror `@gitbook/api`'s `JSONDocument` family
 * loosely (open `data`), so every mapping can be written without a cast per node; the public
 * functions hand out the official types, and the tests check every output against the spec.
 */
import type { ContentRef } from '@gitbook/api';

export type { ContentRef };

/** Where a destination is used: links, images, files, page links, includes. */
export type RefUsage = 'link' | 'image' | 'file' | 'content-ref' | 'reusable-content';

export interface DocMark {
  object: 'mark';
  type: 'bold' | 'italic' | 'code' | 'keyboard' | 'strikethrough' | 'color' | 'superscript' | 'subscript';
  data?: { text: string; background: string };
}

export interface DocLeaf {
  object: 'leaf';
  text: string;
  marks: DocMark[];
  /** Escape hatch: `text` is markdown (or HTML) written back verbatim, not text to escape. */
  markdown?: true;
}

export interface DocText {
  object: 'text';
  key: string;
  leaves: DocLeaf[];
}

export interface DocInline {
  object: 'inline';
  type: string;
  key: string;
  isVoid: boolean;
  data: Record<string, unknown>;
  nodes?: Array<DocText | DocInline>;
  fragments?: DocFragment[];
}

export interface DocBlock {
  object: 'block';
  type: string;
  key: string;
  isVoid?: boolean;
  data?: Record<string, unknown>;
  nodes?: DocNode[];
  fragments?: DocFragment[];
  meta?: { id: string };
}

export interface DocFragment {
  object: 'fragment';
  key: string;
  fragment: string;
  type: string;
  nodes: DocBlock[];
}

export type DocNode = DocBlock | DocInline | DocText;

export interface DocRoot {
  object: 'document';
  data: Record<string, unknown>;
  nodes: DocBlock[];
}

export interface DocumentOptions {
  /**
   * Markdown heading depth minus editor heading level: 1 (the default) reads `##` as heading-1,
   * as GitBook writes page bodies; 0 reads `#` as heading-1.
   */
  headingShift?: number;
  /** Turns a link or image destination into a GitBook reference (page, file, anchor…). Default: `{kind:"url"}`. */
  resolveRef?: (url: string, usage: RefUsage) => ContentRef | undefined;
  /** The inverse of `resolveRef`: a destination for a reference. Default: the URL of url refs, `#anchor` for anchors. */
  refToUrl?: (ref: ContentRef, usage: RefUsage) => string | undefined;
}

declare module 'mdast' {
  interface Data {
    /** The document key a node came from, so a document converted back keeps its keys. */
    key?: string;
  }
}
