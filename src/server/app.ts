import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type Caller, type Domain, DomainError } from '../domain/index.js';
import type { Context, Handlers, Result } from './handler.js';
import { newerOperations } from './handlers/content-writes.js';
import { downloadFile, FILE_CONTENT_ROUTE } from './handlers/files.js';
import { handlers as defaultHandlers } from './handlers/index.js';
import { loadSpec, type Operation } from './openapi.js';
import { type PublishedSites, registerPublishedSites } from './published-sites.js';
import { type CachedResponse, ResponseCache } from './response-cache.js';
import { unavailable } from './unavailable.js';
import { Urls } from './present.js';
import { describeErrors, lazyAjv, OperationValidator } from './validation.js';

export interface ServerOptions {
  domain: Domain;
  /** Base of every URL in responses, e.g. http://127.0.0.1:4000 (a function when known only after listen). */
  publicUrl: string | (() => string);
  bodyLimit?: number;
  handlers?: Handlers;
  logger?: boolean;
  /** A built static site served at `/` next to the API (its `404.html` answers unknown pages). */
  siteDir?: string;
  /** Published sites of the sites API, served at `/<basename>/`. */
  sites?: PublishedSites;
}

/** Path parameters that may hold slashes: routed as a trailing wildcard. */
const WILDCARD_PARAMS = new Set(['pagePath']);

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/** The HTTP API: every operation of the official spec, routed by operationId. */
export function buildServer(options: ServerOptions): FastifyInstance {
  const { domain } = options;
  const handlers = options.handlers ?? defaultHandlers;
  const urls = new Urls(options.publicUrl);
  const { document, operations } = loadSpec();
  const paramsAjv = lazyAjv(document, { coerceTypes: 'array', useDefaults: true });
  const bodyAjv = lazyAjv(document, { useDefaults: true });

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 50 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: true, maxParamLength: 1000 },
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    parseJson(request, String(body), (error, value) => {
      if (error) return done(new DomainError(400, `body: not valid JSON (${error.message})`));
      done(null, value);
    });
  });

  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) return sendError(reply, error.status, error.message);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, error.message);
    request.log.error(error);
    return sendError(reply, 500, 'Internal error: the server could not complete the request');
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, `No route for ${request.method} ${request.url.split('?')[0]}`));
  registerPublishedSites(app, { domain, ...(options.sites ? { sites: options.sites } : {}), ...(options.siteDir ? { siteDir: options.siteDir } : {}) });

  // updateChangeRequestContent is only in the newer spec: validated against that document.
  const newer = newerOperations();
  const newerParamsAjv = lazyAjv(newer.document, { coerceTypes: 'array', useDefaults: true });
  const newerBodyAjv = lazyAjv(newer.document, { useDefaults: true });
  const responses = new ResponseCache(domain.deps.store, domain.deps.clock);
  const routes = [
    ...operations.map((operation) => ({ operation, validator: new OperationValidator(operation, paramsAjv, bodyAjv) })),
    ...newer.operations.map((operation) => ({ operation, validator: new OperationValidator(operation, newerParamsAjv, newerBodyAjv) })),
  ];
  for (const { operation, validator } of routes) {
    const handler = handlers[operation.operationId];
    app.route({
      method: operation.method.toUpperCase() as 'GET',
      url: routeOf(operation),
      onRequest: operation.public ? undefined : (request, _reply, done) => {
        request.caller = authenticate(domain, request);
        done();
      },
      handler: async (request, reply) => {
        const cacheKey = operation.method === 'get' && handler ? `${request.caller?.user.id ?? ''} ${request.url}` : undefined;
        const cached = cacheKey === undefined ? undefined : responses.get(cacheKey);
        if (cached) return sendText(reply, cached);
        const version = responses.version();
        const ctx = validate(operation, validator, request);
        if (!handler) {
          const answer = unavailable(operation.operationId);
          throw answer ? new DomainError(answer.status, answer.message) : new DomainError(501, `${operation.operationId} is not implemented yet`);
        }
        const result = await handler({ ...ctx, caller: request.caller!, domain, urls });
        if (cacheKey === undefined || result.status !== 200 || result.body === undefined) return send(reply, result);
        const response = { status: result.status, headers: result.headers, text: JSON.stringify(result.body) };
        responses.set(cacheKey, version, response);
        return sendText(reply, response);
      },
    });
  }
  app.get(FILE_CONTENT_ROUTE, {
    onRequest: (request, _reply, done) => {
      request.caller = authenticate(domain, request);
      done();
    },
    handler: async (request, reply) =>
      send(reply, downloadFile({ caller: request.caller!, domain, params: request.params as Record<string, string> })),
  });
  return app;
}

function authenticate(domain: Domain, request: FastifyRequest): Caller {
  const header = request.headers.authorization;
  if (!header) throw new DomainError(401, 'Missing authentication: send "Authorization: Bearer <token>"');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new DomainError(401, 'Malformed Authorization header: expected "Bearer <token>"');
  const caller = domain.users.authenticate(match[1]!);
  if (!caller) throw new DomainError(401, 'Invalid or revoked API token');
  return caller;
}

function validate(operation: Operation, validator: OperationValidator, request: FastifyRequest): Pick<Context, 'params' | 'query' | 'body'> {
  const { validators } = validator;
  const params = { ...(request.params as Record<string, string>) };
  if ('*' in params) {
    const name = operation.parameters.find((p) => p.in === 'path' && WILDCARD_PARAMS.has(p.name))!.name;
    params[name] = params['*']!;
    delete params['*'];
  }
  if (!validators.params(params)) throw new DomainError(400, describeErrors('path', validators.params.errors));
  const query = { ...(request.query as Record<string, unknown>) };
  if (!validators.query(query)) throw new DomainError(400, describeErrors('query', validators.query.errors));
  let body = request.body;
  if (operation.body) {
    if (body === undefined || body === null) {
      if (operation.body.required) throw new DomainError(400, 'body: a JSON request body is required');
      body = undefined;
    } else if (!validators.body!(body)) {
      throw new DomainError(400, describeErrors('body', validators.body!.errors));
    }
  }
  return { params, query, body };
}

function routeOf(operation: Operation): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => (WILDCARD_PARAMS.has(name) ? '*' : `:${name}`));
  return `/v1${path === '/' ? '/' : path}`;
}

function send(reply: FastifyReply, result: Result): FastifyReply {
  if (result.headers) reply.headers(result.headers);
  reply.code(result.status);
  if (result.status === 204 || result.status === 205 || result.body === undefined) {
    reply.removeHeader('content-type');
    return reply.send();
  }
  return reply.send(result.body);
}

function sendText(reply: FastifyReply, response: CachedResponse): FastifyReply {
  if (response.headers) reply.headers(response.headers);
  return reply.code(response.status).type('application/json; charset=utf-8').send(response.text);
}

function sendError(reply: FastifyReply, code: number, message: string): FastifyReply {
  return reply.code(code).type('application/json; charset=utf-8').send({ error: { code, message } });
}
