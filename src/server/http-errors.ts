import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { DomainErrorKind } from '../domain/index.js';

/** The longest URL the API reads; a longer one is refused with 414 before routing or authentication. */
export const MAX_URL_LENGTH = 16 * 1024;
/** Node's limit on the request line and headers together: above MAX_URL_LENGTH, so that a long URL gets its 414. */
export const MAX_HEADER_SIZE = 64 * 1024;
/** The longest value of a path parameter (an id, a name, a slug). */
export const MAX_PARAM_LENGTH = 1000;

/** A refusal of the request itself (its URL or framing), before the domain is asked anything. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: 400 | 401 | 404 | 405 | 408 | 413 | 414 | 415 | 429 | 431 | 501,
    message: string,
  ) {
    super(message);
  }
}

const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'precondition-failed': 412,
  'too-large': 413,
  'too-many': 429,
  'not-supported': 501,
  unavailable: 503,
};

/** The HTTP status that answers a domain error of this kind. */
export const statusOf = (kind: DomainErrorKind): number => STATUS_OF[kind];

/** The API's error body: `{"error": {"code", "message"}}`, whatever refused the request. */
export function sendError(reply: FastifyReply, code: number, message: string): FastifyReply {
  return reply.code(code).type('application/json; charset=utf-8').send({ error: { code, message } });
}

/** Status and message for an error Fastify raised before or around our handlers (body parsing, limits). */
export function describeFastifyError(error: FastifyError, request: FastifyRequest): { status: number; message: string } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: `content-type: ${request.headers['content-type'] ?? '(none)'} is not supported; send application/json` };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: `body: larger than the limit of ${request.routeOptions.bodyLimit} bytes` };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'content-length: does not match the size of the body' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'body: empty, but the content-type is application/json' };
    default:
      return undefined;
  }
}

/** Errors the router raises before any route runs (Fastify's `frameworkErrors`). */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = shorten(request.raw.url?.split('?')[0] ?? '');
  if ((request.raw.url?.length ?? 0) > MAX_URL_LENGTH) return sendError(reply, 414, urlTooLong());
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return sendError(reply, 400, `path: ${path} has a malformed %-escape`);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return sendError(reply, 414, `path: a path parameter of ${path} is longer than ${MAX_PARAM_LENGTH} characters`);
    default:
      return sendError(reply, 400, `path: ${path} cannot be routed (${error.message})`);
  }
}

export const urlTooLong = (): string => `URL: longer than ${MAX_URL_LENGTH} characters`;

/** Errors Node's HTTP parser raises on a connection (Fastify's `clientErrorHandler`): answered in the API's shape, then closed. */
export function clientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = describeClientError(error.code);
  if (!socket.writable) return void socket.destroy(error);
  const body = JSON.stringify({ error: { code: status, message } });
  // end(), not write() then destroy(): the answer is flushed before the connection closes.
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function describeClientError(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: `headers: the request line and headers are larger than ${MAX_HEADER_SIZE / 1024} KiB` };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_REQUEST_TIMEOUT_ERROR':
      return { status: 408, message: 'The request was not received in time' };
    case 'HPE_INVALID_METHOD':
      return { status: 400, message: 'method: not an HTTP method' };
    case 'HPE_INVALID_URL':
      return { status: 400, message: 'URL: not a valid request target' };
    default:
      return { status: 400, message: `Malformed HTTP request${code ? ` (${code})` : ''}` };
  }
}

/** The API's routes by method, to tell an unknown path (404) from a known path asked with another method (405). */
export class MethodTable {
  private readonly routes: { method: string; pattern: RegExp }[] = [];

  add(method: string, url: string): void {
    const source = url
      .split('/')
      .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    this.routes.push({ method, pattern: new RegExp(`^${source}/?$`) });
  }

  /** The methods that the path answers, sorted; empty for an unknown path. */
  allowed(path: string): string[] {
    const methods = new Set(this.routes.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }
}

function shorten(path: string): string {
  return path.length > 100 ? `${path.slice(0, 100)}…` : path;
}
