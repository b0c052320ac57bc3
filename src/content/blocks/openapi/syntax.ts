/**
 * OpenAPI blocks: `{% openapi-operation spec path method %}`, `{% openapi src path method %}` (and the same
 * shape written `{% swagger src=… %}`), `{% openapi-schemas spec schemas grouped %}`. Their bodies (a link to
 * the spec) are derived by GitBook and kept as children.
 */
import type { BlockContent, Parent } from 'mdast';
import { attr, endTag, extraAttributes, formatTag, type ParsedTag } from '../attributes.js';
import type { Handle } from 'mdast-util-to-markdown';
import { wrapOptional, type BlockModule, type OptionalEndTag, type LiquidBlockSpec } from '../spec.js';

export interface OpenAPIOperation extends Parent, OptionalEndTag {
  type: 'openapiOperation';
  spec: string;
  path: string;
  method: string;
  extraAttributes?: Array<[string, string]>;
  children: BlockContent[];
}

/** An operation of a spec file or URL; `tag` is the name it was written with. */
export interface OpenAPI extends Parent, OptionalEndTag {
  type: 'openapi';
  tag: 'openapi' | 'swagger';
  src: string;
  path?: string;
  method?: string;
  extraAttributes?: Array<[string, string]>;
  children: BlockContent[];
}

export interface OpenAPISchemas extends Parent, OptionalEndTag {
  type: 'openapiSchemas';
  spec: string;
  schemas: string[];
  grouped?: boolean;
  extraAttributes?: Array<[string, string]>;
  children: BlockContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    openapiOperation: OpenAPIOperation;
    openapi: OpenAPI;
    openapiSchemas: OpenAPISchemas;
  }
  interface BlockContentMap {
    openapiOperation: OpenAPIOperation;
    openapi: OpenAPI;
    openapiSchemas: OpenAPISchemas;
  }
}

function withExtra<T extends { extraAttributes?: Array<[string, string]> }>(node: T, tag: ParsedTag, known: string[]): T {
  const extra = extraAttributes(tag, known);
  if (extra) node.extraAttributes = extra;
  return node;
}

function srcSpec(name: 'openapi' | 'swagger'): LiquidBlockSpec {
  return {
    tag: name,
    end: 'optional',
    build(tag, children) {
      const src = attr(tag, 'src');
      if (src === undefined) return undefined;
      const node: OpenAPI = { type: 'openapi', tag: name, src, children: (children ?? []) as BlockContent[] };
      const path = attr(tag, 'path');
      if (path !== undefined) node.path = path;
      const method = attr(tag, 'method');
      if (method !== undefined) node.method = method;
      return withExtra(node, tag, ['src', 'path', 'method']);
    },
  };
}

export const openapi: BlockModule = {
  specs: [
    {
      tag: 'openapi-operation',
      end: 'optional',
      build(tag, children) {
        const [spec, path, method] = [attr(tag, 'spec'), attr(tag, 'path'), attr(tag, 'method')];
        if (spec === undefined || path === undefined || method === undefined) return undefined;
        const node: OpenAPIOperation = { type: 'openapiOperation', spec, path, method, children: (children ?? []) as BlockContent[] };
        return withExtra(node, tag, ['spec', 'path', 'method']);
      },
    },
    srcSpec('openapi'),
    srcSpec('swagger'),
    {
      tag: 'openapi-schemas',
      end: 'optional',
      build(tag, children) {
        const spec = attr(tag, 'spec');
        if (spec === undefined) return undefined;
        const schemas = (attr(tag, 'schemas') ?? '').split(',').filter(Boolean);
        const node: OpenAPISchemas = { type: 'openapiSchemas', spec, schemas, children: (children ?? []) as BlockContent[] };
        const grouped = attr(tag, 'grouped');
        if (grouped === 'true' || grouped === 'false') node.grouped = grouped === 'true';
        return withExtra(node, tag, ['spec', 'schemas', 'grouped']);
      },
    },
  ],
  handlers: verbatim({
    openapiOperation(node: OpenAPIOperation, _parent, state, info) {
      const open = formatTag(
        'openapi-operation',
        [
          ['spec', node.spec],
          ['path', node.path],
          ['method', node.method],
        ],
        node.extraAttributes,
      );
      return wrapOptional(open, endTag('openapi-operation'), node, state, info);
    },
    openapi(node: OpenAPI, _parent, state, info) {
      const open = formatTag(
        node.tag,
        [
          ['src', node.src],
          ['path', node.path],
          ['method', node.method],
        ],
        node.extraAttributes,
      );
      return wrapOptional(open, endTag(node.tag), node, state, info);
    },
    openapiSchemas(node: OpenAPISchemas, _parent, state, info) {
      const open = formatTag(
        'openapi-schemas',
        [
          ['spec', node.spec],
          ['schemas', node.schemas.join(',')],
          ['grouped', node.grouped],
        ],
        node.extraAttributes,
      );
      return wrapOptional(open, endTag('openapi-schemas'), node, state, info);
    },
  }),
};

/** GitBook writes these bodies (a link to the spec) verbatim, without escaping underscores. */
function verbatim(handlers: Record<string, Handle>): Record<string, Handle> {
  return Object.fromEntries(
    Object.entries(handlers).map(([type, handle]): [string, Handle] => [
      type,
      (node, parent, state, info) => {
        const exit = state.enter('gitbookVerbatim');
        const out = handle(node, parent, state, info);
        exit();
        return out;
      },
    ]),
  );
}
