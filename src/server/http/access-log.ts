/**
 * One line per request: method, path (without its query, which may hold a share key or a token), status, body bytes
 * and milliseconds. Successful health checks are left out: a probe every few seconds would drown the rest.
 */
import { type IncomingMessage, type Server, ServerResponse } from 'node:http';
import { HEALTH_PATH } from './health.js';

export type LogFormat = 'text' | 'json' | 'none';

export interface AccessEntry {
  time: string;
  method: string;
  path: string;
  status: number;
  bytes: number;
  ms: number;
}

const SENT = Symbol('bytes sent');
type Counted = ServerResponse & { [SENT]?: number };

/**
 * A response that counts the body bytes written to it (a compressed stream has no Content-Length to read): the
 * server's response class while it keeps an access log (`http.createServer({ ServerResponse })`), so that no
 * response needs methods of its own (wrapping each response's `write` and `end` cost a tenth of a small read).
 */
export class CountingResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  [SENT] = 0;

  override write(chunk: unknown, ...rest: unknown[]): boolean {
    this[SENT] += byteLength(chunk, rest[0]);
    return (super.write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }

  override end(chunk?: unknown, ...rest: unknown[]): this {
    if (typeof chunk !== 'function') this[SENT] += byteLength(chunk, rest[0]);
    return (super.end as (...args: unknown[]) => this)(chunk, ...rest);
  }
}

/** Logs every request the server answers, whatever answered it (a route, the router's refusal, a hook). */
export function registerAccessLog(server: Server, write: (entry: AccessEntry) => void): void {
  // First in line: the bytes of an answer sent while routing are counted too.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    if (!(response instanceof CountingResponse)) countBytes(response);
    response.on('close', () => {
      const url = request.url ?? '';
      const query = url.indexOf('?');
      const path = query < 0 ? url : url.slice(0, query);
      if (path === HEALTH_PATH && response.statusCode === 200) return;
      const bodiless = request.method === 'HEAD' || response.statusCode === 204 || response.statusCode === 304;
      const bytes = bodiless ? 0 : ((response as Counted)[SENT] ?? 0);
      const ms = Math.round((performance.now() - started) * 10) / 10;
      write({ time: isoNow(), method: request.method ?? '', path: printable(path), status: response.statusCode, bytes, ms });
    });
  });
}

export function formatEntry(entry: AccessEntry, format: 'text' | 'json'): string {
  if (format === 'json') return JSON.stringify(entry);
  return `${entry.time} ${entry.method} ${entry.path} ${entry.status} ${entry.bytes} ${entry.ms}ms`;
}

/**
 * Lines for stdout, written together once per turn of the event loop rather than one write each (a pipe to a log
 * collector is written synchronously). `flush` writes what is left, at exit.
 */
export function lineWriter(out: (text: string) => void): { write(line: string): void; flush(): void } {
  let pending: string[] = [];
  const flush = () => {
    if (!pending.length) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    out(text);
  };
  return {
    write(line) {
      if (!pending.length) setImmediate(flush);
      pending.push(line);
    },
    flush,
  };
}

let isoMs = Number.NaN;
let iso = '';

/** The time as an ISO string, made once per millisecond: `toISOString` took a microsecond, 2% of a small read. */
function isoNow(): string {
  const now = Date.now();
  if (now !== isoMs) {
    isoMs = now;
    iso = new Date(now).toISOString();
  }
  return iso;
}

/** The bytes of a chunk written to a response. */
function byteLength(chunk: unknown, encoding: unknown): number {
  if (typeof chunk === 'string') return Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return chunk instanceof Uint8Array ? chunk.byteLength : 0;
}

/** Counts the body bytes written to a response of another class than `CountingResponse`, by wrapping its methods. */
function countBytes(res: Counted): void {
  res[SENT] = 0;
  const { write, end } = res;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    res[SENT]! += byteLength(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk !== 'function') res[SENT]! += byteLength(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse['end'];
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Control characters (C0, DEL, C1) as %-escapes: a URL never moves the terminal's cursor or forges a log line. */
function printable(path: string): string {
  if (!CONTROL.test(path)) return path;
  return path.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
