/** OpenAPI blocks rendered from the specs a build was given (content/blocks/openapi/render.ts says what shows without). */
import type { ElementContent } from 'hast';
import type { OpenAPI, OpenAPIOperation, OpenAPISchemas } from '../../../content/index.js';
import { el, text } from '../../../content/blocks/render.js';
import type { RenderContext } from '../context.js';
import { renderOperation, renderSchemas, type LoadedSpec } from './index.js';
import type { OpenAPISpecSource } from './source.js';

const attribute = (attributes: Array<[string, string]>, key: string) => attributes.find(([k]) => k === key)?.[1];

export function openapiRendering(ctx: RenderContext, source: OpenAPISpecSource) {
  return {
    operation(node: OpenAPIOperation | OpenAPI): ElementContent {
      if (node.type === 'openapiOperation') return fromSpec(ctx, source.bySlug(node.spec), node.spec, node);
      return fromSpec(ctx, source.bySrc(node.src, ctx), node.src, node);
    },
    schemas(node: OpenAPISchemas): ElementContent {
      const loaded = source.bySlug(node.spec);
      if ('error' in loaded) return missing(loaded.error);
      return renderSchemas(loaded.doc, node.schemas.length ? node.schemas : loaded.doc.schemaNames(), node.grouped ?? true);
    },
  };
}

function fromSpec(ctx: RenderContext, loaded: LoadedSpec, name: string, node: OpenAPIOperation | OpenAPI): ElementContent {
  const { path, method, extraAttributes: extra } = node;
  if ('error' in loaded) return missing(loaded.error);
  if (!path || !method) return missing(`The block names no operation of ${name}: give it a path and a method`);
  const op = loaded.doc.operation(path, method);
  if (!op) return missing(`${loaded.doc.title} (${name}) has no operation ${method.toUpperCase()} ${path}`);
  return renderOperation(ctx, loaded.doc, op, { title: (extra && attribute(extra, 'title')) !== 'false' });
}

/** A block whose spec or operation cannot be shown says so in the page. */
const missing = (message: string) => el('div', { className: ['hint', 'hint-warning', 'openapi-missing'] }, [el('p', {}, [text(message)])]);
