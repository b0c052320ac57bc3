/**
 * One line per request: method, path (without its query, which may hold a share key or a token), status, body bytes
 * and milliseconds. Successful health checks are left out: a probe every few seconds would drown the rest.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
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

/** Logs every request the server answers, whatever answered it (a route, the router's refusal, a hook). */
export function registerAccessLog(server: Server, write: (entry: AccessEntry) => void): void {
  // First in line: the bytes of an answer sent while routing are counted too.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    countBytes(response);
    response.once('close', () => {
      const path = (request.url ?? '').split('?')[0]!;
      if (path === HEALTH_PATH && response.statusCode === 200) return;
      const bodiless = request.method === 'HEAD' || response.statusCode === 204 || response.statusCode === 304;
      const bytes = bodiless ? 0 : ((response as Counted)[SENT] ?? 0);
      const ms = Math.round((performance.now() - started) * 10) / 10;
      write({ time: new Date().toISOString(), method: request.method ?? '', path: printable(path), status: response.statusCode, bytes, ms });
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

/** Counts the body bytes written to a response (a compressed stream has no Content-Length to read). */
function countBytes(res: Counted): void {
  res[SENT] = 0;
  const { write, end } = res;
  const add = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === 'string') res[SENT]! += Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    else if (chunk instanceof Uint8Array) res[SENT]! += chunk.byteLength;
  };
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    add(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk !== 'function') add(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse['end'];
}

/** Control characters (C0, DEL, C1) as %-escapes: a URL never moves the terminal's cursor or forges a log line. */
function printable(path: string): string {
  return path.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
