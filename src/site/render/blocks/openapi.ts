import type { ApiMethod, OpenAPI, OpenAPIOperation, OpenAPISchemas, Swagger } from '../../../content/index.js';
import { el, linkProps, text, type BlockRenderer } from './h.js';

const attribute = (attributes: Array<[string, string]>, key: string) => attributes.find(([k]) => k === key)?.[1];

function operation(method: string | undefined, path: string | undefined, extra: ReturnType<typeof el>[] = []) {
  return el('div', { className: ['api-operation'] }, [
    el('p', { className: ['api-signature'] }, [
      el('span', { className: ['api-method', `method-${(method ?? '').toLowerCase()}`] }, [text((method ?? '').toUpperCase())]),
      el('code', {}, [text(path ?? '')]),
    ]),
    ...extra,
  ]);
}

/** OpenAPI blocks name an operation of a spec; the operation's signature is shown with a link to the spec. */
export const openapiOperation: BlockRenderer = (_ctx, _state, node: OpenAPIOperation) =>
  operation(node.method, node.path, [el('p', { className: ['api-spec'] }, [text(`OpenAPI: ${node.spec}`)])]);

export const openapi: BlockRenderer = (ctx, _state, node: OpenAPI) => {
  const { url, external } = ctx.resolve(node.src, 'openapi');
  return operation(node.method, node.path, url ? [el('p', { className: ['api-spec'] }, [el('a', linkProps(ctx, url, external), [text('OpenAPI specification')])])] : []);
};

export const openapiSchemas: BlockRenderer = (_ctx, _state, node: OpenAPISchemas) =>
  el('div', { className: ['api-schemas'] }, [text(`Schemas of ${node.spec}: ${node.schemas.join(', ')}`)]);

/** Legacy `{% swagger %}` / `{% api-method %}` blocks: signature, then the description, parameters and responses as written. */
export const swagger: BlockRenderer = (_ctx, state, node: Swagger | ApiMethod) =>
  operation(attribute(node.attributes, 'method'), attribute(node.attributes, 'path'), [el('div', { className: ['api-body'] }, state.all(node))]);
