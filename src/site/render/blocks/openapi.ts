import type { ApiMethod, OpenAPI, OpenAPIOperation, OpenAPISchemas, Swagger, SwaggerParameter, SwaggerResponse } from '../../../content/index.js';
import type { RenderContext } from '../context.js';
import { renderOperation, renderSchemas, type LoadedSpec } from '../openapi/index.js';
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

/**
 * OpenAPI blocks name an operation of a spec: rendered from the document the build was given (an organization spec
 * by slug, a file of the space or a URL). Without one (a build with no spec source), the signature and a link.
 */
export const openapiOperation: BlockRenderer = (ctx, _state, node: OpenAPIOperation) => {
  const source = ctx.options.openapi;
  if (!source) return operation(node.method, node.path, [el('p', { className: ['api-spec'] }, [text(`OpenAPI: ${node.spec}`)])]);
  return fromSpec(ctx, source.bySlug(node.spec), node.spec, node.path, node.method, node.extraAttributes);
};

export const openapi: BlockRenderer = (ctx, _state, node: OpenAPI) => {
  const source = ctx.options.openapi;
  if (!source) {
    const { url, external } = ctx.resolve(node.src, 'openapi');
    return operation(node.method, node.path, url ? [el('p', { className: ['api-spec'] }, [el('a', linkProps(ctx, url, external), [text('OpenAPI specification')])])] : []);
  }
  return fromSpec(ctx, source.bySrc(node.src, ctx), node.src, node.path, node.method, node.extraAttributes);
};

export const openapiSchemas: BlockRenderer = (ctx, _state, node: OpenAPISchemas) => {
  const loaded = ctx.options.openapi?.bySlug(node.spec);
  if (!loaded) return el('div', { className: ['api-schemas'] }, [text(`Schemas of ${node.spec}: ${node.schemas.join(', ')}`)]);
  if ('error' in loaded) return missing(loaded.error);
  return renderSchemas(loaded.doc, node.schemas.length ? node.schemas : loaded.doc.schemaNames(), node.grouped ?? true);
};

function fromSpec(ctx: RenderContext, loaded: LoadedSpec, name: string, path: string | undefined, method: string | undefined, extra: Array<[string, string]> | undefined) {
  if ('error' in loaded) return missing(loaded.error);
  if (!path || !method) return missing(`The block names no operation of ${name}: give it a path and a method`);
  const op = loaded.doc.operation(path, method);
  if (!op) return missing(`${loaded.doc.title} (${name}) has no operation ${method.toUpperCase()} ${path}`);
  return renderOperation(ctx, loaded.doc, op, { title: (extra && attribute(extra, 'title')) !== 'false' });
}

/** A block whose spec or operation cannot be shown says so in the page. */
const missing = (message: string) => el('div', { className: ['hint', 'hint-warning', 'openapi-missing'] }, [el('p', {}, [text(message)])]);

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
