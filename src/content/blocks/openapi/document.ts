/**
 * OpenAPI blocks: `{% openapi-operation spec path method %}` <-> `openapi-operation`, `{% openapi src %}`
 * (or `{% swagger src %}`) <-> `swagger`, `{% openapi-schemas %}` <-> `openapi-schemas`. The link GitBook
 * writes inside the block is derived; the written one is kept in a `body` fragment.
 */
import type { OpenAPI, OpenAPIOperation, OpenAPISchemas } from '../../nodes.js';
import { mapping } from '../../document/context.js';
import { bodyFragments, fragmentChildren } from '../../document/fragments.js';
import { isMediaRef } from '../../document/refs.js';
import type { ContentRef, DocBlock } from '../../document/types.js';

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function withBody(block: DocBlock, children: OpenAPI['children'], ctx: Parameters<typeof bodyFragments>[2]): DocBlock | undefined {
  const fragments = bodyFragments('body', children, ctx, block.key);
  if (!fragments) return undefined;
  return fragments.length ? { ...block, fragments } : block;
}

export const openapiOperation = mapping<OpenAPIOperation>({
  mdast: ['openapiOperation'],
  document: ['openapi-operation'],
  toDocument(node, ctx, key) {
    if (node.extraAttributes) return undefined;
    const data = { ref: { kind: 'openapi', spec: node.spec }, path: node.path, method: node.method };
    return withBody({ object: 'block', type: 'openapi-operation', key, isVoid: true, data }, node.children, ctx);
  },
  fromDocument(block, ctx) {
    const ref = block.data?.ref as { spec?: string } | undefined;
    return {
      type: 'openapiOperation',
      spec: str(ref?.spec),
      path: str(block.data?.path),
      method: str(block.data?.method),
      children: fragmentChildren(block, 'body', ctx) as OpenAPIOperation['children'],
    };
  },
});

export const openapiSrc = mapping<OpenAPI>({
  mdast: ['openapi'],
  document: ['swagger'],
  toDocument(node, ctx, key) {
    if (node.extraAttributes || node.path === undefined || node.method === undefined) return undefined;
    const ref = ctx.ref(node.src, 'file');
    const data: Record<string, unknown> = { ref: isMediaRef(ref) ? ref : { kind: 'url', url: node.src }, path: node.path, method: node.method };
    if (node.tag === 'swagger') data.tag = 'swagger';
    return withBody({ object: 'block', type: 'swagger', key, isVoid: true, data }, node.children, ctx);
  },
  fromDocument(block, ctx) {
    const node: OpenAPI = {
      type: 'openapi',
      tag: block.data?.tag === 'swagger' ? 'swagger' : 'openapi',
      src: ctx.url(block.data?.ref as ContentRef, 'file'),
      children: fragmentChildren(block, 'body', ctx) as OpenAPI['children'],
    };
    if (typeof block.data?.path === 'string') node.path = block.data.path;
    if (typeof block.data?.method === 'string') node.method = block.data.method;
    return node;
  },
});

export const openapiSchemas = mapping<OpenAPISchemas>({
  mdast: ['openapiSchemas'],
  document: ['openapi-schemas'],
  toDocument(node, ctx, key) {
    if (node.extraAttributes) return undefined;
    const data: Record<string, unknown> = { ref: { kind: 'openapi', spec: node.spec }, schemas: node.schemas };
    if (node.grouped !== undefined) data.grouped = node.grouped;
    return withBody({ object: 'block', type: 'openapi-schemas', key, isVoid: true, data }, node.children, ctx);
  },
  fromDocument(block, ctx) {
    const ref = block.data?.ref as { spec?: string } | undefined;
    const schemas = Array.isArray(block.data?.schemas) ? block.data.schemas.filter((s): s is string => typeof s === 'string') : [];
    const node: OpenAPISchemas = {
      type: 'openapiSchemas',
      spec: str(ref?.spec),
      schemas,
      children: fragmentChildren(block, 'body', ctx) as OpenAPISchemas['children'],
    };
    if (typeof block.data?.grouped === 'boolean') node.grouped = block.data.grouped;
    return node;
  },
});
