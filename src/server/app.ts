import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { NoFreeNameError } from '../content/slug.js';
import { type Caller, type Domain, DomainError, LockTimeout } from '../domain/index.js';
import { WriteAudit } from './audit.js';
import { handlerOf, type Handlers, type Result, type UntypedRequest } from './handler.js';
import { downloadFile, FILE_CONTENT_ROUTE } from './handlers/files.js';
import { handlers as defaultHandlers } from './handlers/index.js';
import { contractOperations, loadSpec, type Operation, type SpecName } from './openapi.js';
import { type AccessEntry, CountingResponse, registerAccessLog } from './http/access-log.js';
import { PRIVATE } from './http/caching.js';
import { minimal, minimalReturnOperations, prefersMinimal } from './http/prefer.js';
import { registerCompression } from './http/compression.js';
import { registerHealth } from './http/health.js';
import { publicLimitOf, registerPublicLimits } from './http/public-limits.js';
import { completeBody } from './partial-bodies.js';
import { type OwnSite, type PublishedSites, registerPublishedSites } from './published-sites.js';
import { type CachedResponse, ResponseCache } from './response-cache.js';
import { RevisionJson } from './revision-json.js';
import { unavailable } from './unavailable.js';
import { Urls } from './present.js';
import { describeErrors, lazyAjv, OperationValidator } from './validation.js';
import type { ErrorObject } from 'ajv';
import { jsonShowingEmails } from './emails.js';
import {
  clientError,
  describeFastifyError,
  frameworkError,
  HttpError,
  MAX_HEADER_SIZE,
  MAX_PARAM_LENGTH,
  MAX_URL_LENGTH,
  MethodTable,
  sendError,
  urlTooLong,
  statusOf,
} from './http-errors.js';

export interface ServerOptions {
  domain: Domain;
  /** Base of every URL in responses, e.g. http://127.0.0.1:4000 (a function when known only after listen). */
  publicUrl: string | (() => string);
  bodyLimit?: number;
  /**
   * Whose `X-Forwarded-For` gives the address of a request (`server.trustProxy`): none (false, the default), every
   * sender (true), or the proxies at these addresses, ranges or names. The public limits count by that address.
   */
  trustProxy?: boolean | readonly string[];
  handlers?: Handlers;
  logger?: boolean;
  /** A built static site served at `/` next to the API (its `404.html` answers unknown pages). */
  siteDir?: OwnSite;
  /** Published sites of the sites API, served at `/<basename>/`. */
  sites?: PublishedSites;
  /** Hears of every response, for the access log. */
  accessLog?: (entry: AccessEntry) => void;
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

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 50 * 1024 * 1024,
    trustProxy: typeof options.trustProxy === 'object' ? [...options.trustProxy] : (options.trustProxy ?? false),
    // With an access log, responses count their bytes as they are written (see `CountingResponse`).
    http: { maxHeaderSize: MAX_HEADER_SIZE, ...(options.accessLog ? { ServerResponse: CountingResponse } : {}) },
    // Parameters are measured (and named) in `validate`; the router only stops what cannot be a URL of ours.
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: true, maxParamLength: MAX_URL_LENGTH },
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  });
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.url.length > MAX_URL_LENGTH ? new HttpError(414, urlTooLong()) : undefined);
  });
  const methods = lazyMethodTable(app);

  // JSON is the only body the API reads: anything else is a 415.
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    void parseJson(request, String(body), (error, value) => {
      if (error) return done(new HttpError(400, `body: not valid JSON (${error.message})`));
      done(null, value);
    });
  });

  app.setErrorHandler((error: FastifyError | DomainError | HttpError, request, reply) => {
    if (error instanceof DomainError) return sendError(reply, statusOf(error.kind), error.message);
    if (error instanceof HttpError) return sendError(reply, error.status, error.message);
    if (error instanceof NoFreeNameError) return sendError(reply, 409, error.message);
    if (error instanceof LockTimeout) return sendError(reply.header('retry-after', '5'), 503, error.message);
    const described = describeFastifyError(error, request);
    if (described) return sendError(reply, described.status, described.message);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, error.message);
    request.log.error(error);
    return sendError(reply, 500, 'Internal error: the server could not complete the request');
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = methods().allowed(path);
    if (!allowed.length) return sendError(reply, 404, `No route for ${request.method} ${path}`);
    reply.header('allow', allowed.join(', '));
    return sendError(reply, 405, `method: ${request.method} is not allowed on ${path}; use ${allowed.join(', ')}`);
  });
  if (options.accessLog) registerAccessLog(app.server, options.accessLog);
  registerCompression(app);
  registerPublicLimits(app);
  // Routes come in a plugin of their own, loaded after compression: its hooks apply to routes declared after it.
  app.register((scope, _options, done) => {
    registerHealth(scope, domain.deps.store);
    registerPublishedSites(scope, { domain, ...(options.sites ? { sites: options.sites } : {}), ...(options.siteDir ? { siteDir: options.siteDir } : {}) });
    registerOperations(scope, domain, handlers, urls);
    done();
  });
  return app;
}

/** Every operation of both specs, routed by operationId, and file downloads. */
function registerOperations(app: FastifyInstance, domain: Domain, handlers: Handlers, urls: Urls): void {
  const responses = new ResponseCache(domain.deps.store, domain.deps.clock);
  const revisionJson = new RevisionJson();
  const audit = new WriteAudit(domain);
  const minimalReturn = minimalReturnOperations(loadSpec('newer').document);
  const validatorOf = { pinned: requestValidators('pinned'), newer: requestValidators('newer') };
  const routes = contractOperations().map((contract) => ({
    operation: (contract.pinned ?? contract.newer)!,
    // A request valid under either document is accepted (the pinned one is tried first), but see `validate`.
    validators: (['pinned', 'newer'] as const).flatMap((name) => (contract[name] ? [validatorOf[name](contract[name])] : [])),
  }));
  for (const { operation, validators } of routes) {
    const handler = handlerOf(handlers, operation.operationId);
    const returnsMinimal = minimalReturn.has(operation.operationId);
    // Set once the operation answered from the revision cache (`result.json`, see RevisionJson): its reads then skip
    // the response cache, whose lookup and keeping cost about what a revision-cached answer costs to send.
    let revisionCached = false;
    for (const url of routesOf(operation))
      app.route({
        method: operation.method.toUpperCase() as 'GET',
        url,
        ...publicLimitOf(operation.operationId),
        onRequest: operation.public
          ? undefined
          : async (request) => {
              request.caller = await authenticate(domain, request);
            },
        handler: async (request, reply) => {
          // What a caller reads with their token is theirs alone (a handler may say otherwise in its headers).
          if (request.caller) reply.header('cache-control', PRIVATE);
          const cacheKey = operation.method === 'get' && handler && !revisionCached ? `${request.caller?.user.id ?? ''} ${request.url}` : undefined;
          const cached = cacheKey === undefined ? undefined : await responses.get(cacheKey);
          if (cached) return sendText(reply, cached);
          const version = cacheKey === undefined ? undefined : await responses.version();
          const ctx = validate(operation, validators, request);
          if (!handler) {
            const answer = unavailable(operation.operationId);
            throw answer ? new HttpError(answer.status, answer.message) : new HttpError(501, `${operation.operationId} is not implemented yet`);
          }
          // A write is recorded in its organization's audit log once it succeeded (see audit.ts: none is left out).
          const audited = operation.method === 'get' ? undefined : await audit.before(operation, ctx.params);
          // Named one by one: a spread followed by more properties took V8 5 µs a request (a new map each time).
          const full = await handler({ params: ctx.params, query: ctx.query, body: ctx.body, caller: request.caller!, domain, urls, revisionJson });
          if (audited) await audit.after(operation, ctx.params, request.caller!, full, audited, request.log);
          const result = returnsMinimal && prefersMinimal(request.headers.prefer) ? minimal(full) : full;
          if (result.status === 204 || result.status === 205 || (result.body === undefined && result.json === undefined)) return send(reply, result);
          // Whose emails the caller may see is read first, for the users the body names: then it is written once.
          const text =
            result.json ?? (await jsonShowingEmails(result.body, () => (request.caller ? domain.users.emailVisibility(request.caller) : async () => false)));
          const response = { status: result.status, headers: result.headers, text };
          if (result.json !== undefined) revisionCached = true;
          else if (cacheKey !== undefined && version !== undefined && result.status === 200) await responses.set(cacheKey, version, response);
          return sendText(reply, response);
        },
      });
  }
  app.get<{ Params: { spaceId: string; revisionId: string; fileId: string } }>(FILE_CONTENT_ROUTE, {
    onRequest: async (request) => {
      request.caller = await authenticate(domain, request);
    },
    handler: async (request, reply) => send(reply, await downloadFile({ caller: request.caller!, domain, params: request.params })),
  });
}

/** Validators of one document's operations, sharing its Ajvs (made on first use). */
function requestValidators(name: SpecName): (operation: Operation) => OperationValidator {
  const { document } = loadSpec(name);
  const params = lazyAjv(document, { coerceTypes: 'array', useDefaults: true });
  const body = lazyAjv(document, { useDefaults: true });
  return (operation) => new OperationValidator(operation, params, body, document);
}

/** The API's routes by method, for 405s: the table is made on the first unknown route, not at start. */
function lazyMethodTable(app: FastifyInstance): () => MethodTable {
  const routes: Array<[string, string]> = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v1')) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push([method, route.url]);
  });
  let table: MethodTable | undefined;
  return () => {
    if (!table) {
      table = new MethodTable();
      for (const [method, url] of routes) table.add(method, url);
    }
    return table;
  };
}

async function authenticate(domain: Domain, request: FastifyRequest): Promise<Caller> {
  const header = request.headers.authorization;
  if (!header) throw new HttpError(401, 'Missing authentication: send "Authorization: Bearer <token>"');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new HttpError(401, 'Malformed Authorization header: expected "Bearer <token>"');
  const caller = await domain.users.authenticate(match[1]!);
  if (!caller) throw new HttpError(401, 'Invalid or revoked API token');
  return caller;
}

/** The request, checked against each version of the operation in turn: the first that accepts it wins, else the first's error. */
function validate(operation: Operation, versions: OperationValidator[], request: FastifyRequest): UntypedRequest {
  // Copies made by Object.assign, not by spreading: a spread of the query parser's object (null prototype) gave an
  // object that Ajv's validator then read ten times slower (7 µs a request, the most of a page GET's validation).
  const params: Record<string, string> = Object.assign({}, request.params as Record<string, string>);
  const wildcard = wildcardOf(operation);
  if (wildcard !== undefined) {
    // The route without the wildcard (`.../path/`) names the empty path: the space's first page.
    params[wildcard] = params['*'] ?? '';
    delete params['*'];
  }
  for (const name in params) {
    if (params[name]!.length > MAX_PARAM_LENGTH && !WILDCARD_PARAMS.has(name)) {
      throw new HttpError(414, `${name}: longer than ${MAX_PARAM_LENGTH} characters`);
    }
  }
  const check = (version: OperationValidator) =>
    validateAgainst(version, Object.assign({}, params), Object.assign({}, request.query as Record<string, unknown>), request.body);
  const [first, second] = versions;
  const checked = check(first!);
  if (!second) {
    if ('refusal' in checked) throw checked.refusal;
    return checked;
  }
  // The other version decides when the first refuses.
  if ('refusal' in checked) {
    const other = check(second);
    if ('refusal' in other) throw checked.refusal;
    return other;
  }
  // Accepted: a field only the other version defines, the first let through whatever its value. Each is judged by
  // the version that defines it: refused if it is not valid there, else a query parameter is read as that version
  // types it (the first left it a string).
  for (const [where, sent] of [
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    if (!sent || typeof sent !== 'object' || Array.isArray(sent)) continue;
    for (const [name, value] of Object.entries(sent)) {
      if (first!.declares(where, name) || !second.declares(where, name)) continue;
      const judged = second.judge(where, name, value);
      if ('errors' in judged) throw new HttpError(400, describeErrors(where, judged.errors));
      if (where === 'query') checked.query[name] = judged.value;
    }
  }
  return checked;
}

type Checked = UntypedRequest | { refusal: HttpError };

const wildcards = new WeakMap<Operation, string | null>();

/** The name of the operation's path parameter routed as a wildcard, if it has one (looked up once). */
function wildcardOf(operation: Operation): string | undefined {
  let name = wildcards.get(operation);
  if (name === undefined) {
    name = operation.parameters.find((p) => p.in === 'path' && WILDCARD_PARAMS.has(p.name))?.name ?? null;
    wildcards.set(operation, name);
  }
  return name ?? undefined;
}

function validateAgainst(version: OperationValidator, params: Record<string, string>, query: Record<string, unknown>, sent: unknown): Checked {
  const { operation, validators } = version;
  const refused = (where: 'path' | 'query' | 'body', errors: ErrorObject[] | null | undefined): Checked => ({
    refusal: new HttpError(400, describeErrors(where, errors)),
  });
  if (!validators.params(params)) return refused('path', validators.params.errors);
  if (!validators.query(query)) return refused('query', validators.query.errors);
  let body: unknown;
  if (operation.body && sent !== undefined && sent !== null) {
    body = completeBody(operation.operationId, sent);
    if (!validators.body!(body)) return refused('body', validators.body!.errors);
  } else if (operation.body?.required) {
    return { refusal: new HttpError(400, 'body: a JSON request body is required') };
  }
  return { params, query, body };
}

/** The operation's route; one ending in a wildcard is also routed without it, for the empty value (`.../path/`). */
function routesOf(operation: Operation): string[] {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => (WILDCARD_PARAMS.has(name) ? '*' : `:${name}`));
  const url = `/v1${path === '/' ? '/' : path}`;
  return url.endsWith('/*') ? [url, url.slice(0, -2)] : [url];
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
