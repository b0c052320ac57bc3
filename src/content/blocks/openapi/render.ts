import type { OpenAPI, OpenAPIOperation, OpenAPISchemas } from './syntax.js';
import type { ApiMethod, Swagger, SwaggerParameter, SwaggerResponse } from './swagger.js';
import { el, linkProps, text, type BlockRenderer } from '../render.js';

const attribute = (attributes: Array<[string, string]>, key: string) => attributes.find(([k]) => k === key)?.[1];

/** An operation's signature (method and path), then what the block says of it. */
function operation(method: string | undefined, path: string | undefined, extra: ReturnType<typeof el>[] = []) {
  return el('div', { className: ['api-operation'] }, [
    el('p', { className: ['api-signature'] }, [
      el('span', { className: ['api-method', `method-${(method ?? '').toLowerCase()}`] }, [text((method ?? '').toUpperCase())]),
      el('code', {}, [text(path ?? '')]),
    ]),
    ...extra,
  ]);
}

/**
 * OpenAPI blocks name an operation of a spec: rendered from the document the build was given (an organization spec
 * by slug, a file of the space or a URL). Without one (a build with no spec source), the signature and a link.
 */
export const openapiOperation: BlockRenderer = (ctx, _state, node: OpenAPIOperation) =>
  ctx.openapi?.operation(node) ?? operation(node.method, node.path, [el('p', { className: ['api-spec'] }, [text(`OpenAPI: ${node.spec}`)])]);

export const openapi: BlockRenderer = (ctx, _state, node: OpenAPI) => {
  if (ctx.openapi) return ctx.openapi.operation(node);
  const { url, external } = ctx.resolve(node.src, 'openapi');
  return operation(
    node.method,
    node.path,
    url ? [el('p', { className: ['api-spec'] }, [el('a', linkProps(ctx, url, external), [text('OpenAPI specification')])])] : [],
  );
};

export const openapiSchemas: BlockRenderer = (ctx, _state, node: OpenAPISchemas) =>
  ctx.openapi?.schemas(node) ?? el('div', { className: ['api-schemas'] }, [text(`Schemas of ${node.spec}: ${node.schemas.join(', ')}`)]);

/** Legacy `{% swagger %}` / `{% api-method %}` blocks: signature, then the description, parameters and responses as written. */
export const swagger: BlockRenderer = (_ctx, state, node: Swagger | ApiMethod) => {
  const summary = node.type === 'swagger' ? attribute(node.attributes, 'summary') : undefined;
  return operation(attribute(node.attributes, 'method'), attribute(node.attributes, 'path'), [
    ...(summary ? [el('p', { className: ['api-summary'] }, [text(summary)])] : []),
    el('div', { className: ['api-body'] }, state.all(node)),
  ]);
};

/** A parameter: its name, type, place and whether it is required, then its description. */
export const swaggerParameter: BlockRenderer = (_ctx, state, node: SwaggerParameter) => {
  const get = (key: string) => attribute(node.attributes, key);
  const required = get('required') !== undefined && get('required') !== 'false';
  const meta = [get('type'), get('in'), required ? 'required' : undefined].filter((v): v is string => Boolean(v)).join(' · ');
  return el('div', { className: ['api-param'] }, [
    el('p', { className: ['api-param-name'] }, [el('code', {}, [text(get('name') ?? '')]), ...(meta ? [text(' '), el('small', {}, [text(meta)])] : [])]),
    ...state.all(node),
  ]);
};

export const swaggerResponse: BlockRenderer = (_ctx, state, node: SwaggerResponse) => {
  const status = attribute(node.attributes, 'status') ?? '';
  const description = attribute(node.attributes, 'description');
  return el('div', { className: ['api-response'] }, [
    el('p', { className: ['api-response-status'] }, [
      el('span', { className: ['tag', `status-${status.slice(0, 1)}xx`] }, [text(status)]),
      ...(description ? [text(` ${description}`)] : []),
    ]),
    ...state.all(node),
  ]);
};
