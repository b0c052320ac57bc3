// The one outbound fetch helper (DESIGN §8): http(s) only, timeouts, a size limit, and no loopback, private or
// reserved addresses unless the host is allowed by `network.allowHosts` or DOCS_ALLOW_HOSTS.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** The URL cannot be fetched as asked: its message names the field it came from and what to change. */
export class FetchRefused extends Error {
  override name = 'FetchRefused';
  constructor(
    readonly reason: 'invalid' | 'too-large',
    message: string,
  ) {
    super(message);
  }
}

const refused = (message: string) => new FetchRefused('invalid', message);

export interface FetchPolicy {
  /** `host` or `host:port` entries that may resolve to loopback or private addresses. */
  allowHosts: readonly string[];
  /** The whole fetch (every redirect, the body included) ends within this many ms, however slowly a server drips. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Keep the first `maxBytes` of a larger body (`Fetched.truncated`) instead of refusing it: for readers of a page's head. */
  truncate?: boolean;
}

export interface Fetched {
  bytes: Buffer;
  /** The Content-Type header without parameters, if the server sent one. */
  contentType: string | null;
  /** The URL finally read, after redirects. */
  url: string;
  /** Set when `truncate` cut the body at `maxBytes`. */
  truncated?: boolean;
}

export const DEFAULT_FETCH_POLICY: FetchPolicy = { allowHosts: [], timeoutMs: 15_000, maxBytes: 100 * 1024 * 1024, maxRedirects: 5 };

/** The allowed hosts of the config plus DOCS_ALLOW_HOSTS (comma-separated `host[:port]`). */
export function allowedHosts(configured: readonly string[] = [], env: NodeJS.ProcessEnv = process.env): string[] {
  const fromEnv = (env.DOCS_ALLOW_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  return [...configured, ...fromEnv].map((h) => h.toLowerCase());
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
  ['100::', 64],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Loopback, private, link-local, multicast, documentation and other reserved addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped ? blocked.check(mapped, 'ipv4') : blocked.check(address, 'ipv6');
}

function hostAllowed(url: URL, allowHosts: readonly string[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowHosts.some((entry) => entry === host || entry === `${host}:${port}` || entry === `[${host}]:${port}`);
}

/** A DNS lookup that refuses private answers: the check happens on the address actually connected to. */
function guardedLookup(url: string): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const bad = addresses.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(Object.assign(new Error(`${url}: ${hostname} resolves to the private address ${bad.address}`), { code: 'EPRIVATE' }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/**
 * GETs an http(s) URL, following redirects (each hop checked again). Refusals name `field`: the URL came
 * from the caller, so what it points at is the caller's to fix.
 */
export async function fetchUrl(raw: string, field: string, policy: FetchPolicy = DEFAULT_FETCH_POLICY): Promise<Fetched> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused(`${field}: "${raw}" is not a valid URL`);
  }
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  for (let hop = 0; hop <= policy.maxRedirects; hop++) {
    const response = await get(url, field, policy, deadline);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.resume();
      url = new URL(location, url);
      continue;
    }
    if (!response.statusCode || response.statusCode >= 400) {
      response.resume();
      throw refused(`${field}: fetching ${url.href} failed with HTTP ${response.statusCode ?? '?'}`);
    }
    const { bytes, truncated } = await readBody(response, url, field, policy, deadline);
    const contentType = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase() || null;
    return { bytes, contentType, url: url.href, ...(truncated ? { truncated } : {}) };
  }
  throw refused(`${field}: more than ${policy.maxRedirects} redirects from ${raw}`);
}

/** A request other than a plain GET: a method, headers and a body. */
interface Outgoing {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
}

export interface Posted {
  status: number;
  bytes: Buffer;
  contentType: string | null;
}

/**
 * POSTs a JSON body to an http(s) URL under the same guards as `fetchUrl`. Redirects are not followed, and the answer
 * is returned whatever its status: the caller judges it. Refusals name `field`.
 */
export async function postJson(
  raw: string,
  body: unknown,
  field: string,
  policy: FetchPolicy = DEFAULT_FETCH_POLICY,
  headers: Record<string, string> = {},
): Promise<Posted> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused(`${field}: "${raw}" is not a valid URL`);
  }
  const data = Buffer.from(JSON.stringify(body));
  const outgoing: Outgoing = {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(data.byteLength) },
    body: data,
  };
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  const response = await get(url, field, policy, deadline, outgoing);
  const { bytes } = await readBody(response, url, field, policy, deadline);
  const contentType = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase() || null;
  return { status: response.statusCode ?? 0, bytes, contentType };
}

function get(url: URL, field: string, policy: FetchPolicy, deadline: AbortSignal, outgoing: Outgoing = { method: 'GET' }): Promise<IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(`${field}: only http and https URLs can be fetched, not ${url.protocol}`);
  if (url.username || url.password) throw refused(`${field}: URLs with credentials are not fetched`);
  const allowed = hostAllowed(url, policy.allowHosts);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowed && isIP(literal) && isPrivateAddress(literal)) {
    throw refused(`${field}: ${url.hostname} is a loopback or private address; allow it with network.allowHosts or DOCS_ALLOW_HOSTS`);
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const options = { method: outgoing.method, headers: outgoing.headers ?? {}, timeout: policy.timeoutMs, signal: deadline };
    const request = send(url, { ...options, ...(allowed ? {} : { lookup: guardedLookup(url.href) }) }, resolve);
    request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (deadline.aborted) reject(refused(`${field}: ${url.href} did not answer within ${policy.timeoutMs} ms`));
      else if (error.code === 'EPRIVATE') reject(refused(`${field}: ${error.message}; allow it with network.allowHosts or DOCS_ALLOW_HOSTS`));
      else if (error.code === 'ETIMEDOUT') reject(refused(`${field}: ${url.href} did not answer within ${policy.timeoutMs} ms`));
      else reject(refused(`${field}: could not fetch ${url.href} (${error.code ?? error.message})`));
    });
    request.end(outgoing.body);
  });
}

function readBody(
  response: IncomingMessage,
  url: URL,
  field: string,
  policy: FetchPolicy,
  deadline: AbortSignal,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const tooLarge = () => new FetchRefused('too-large', `${field}: ${url.href} is larger than ${policy.maxBytes} bytes`);
  const declared = Number(response.headers['content-length']);
  if (!policy.truncate && Number.isFinite(declared) && declared > policy.maxBytes) {
    response.destroy();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timedOut = () => response.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }));
    if (deadline.aborted) timedOut();
    deadline.addEventListener('abort', timedOut, { once: true });
    const done = () => deadline.removeEventListener('abort', timedOut);
    response.on('data', (chunk: Buffer) => {
      if (size > policy.maxBytes) return;
      const room = policy.maxBytes - size;
      size += chunk.byteLength;
      if (chunk.byteLength <= room) {
        chunks.push(chunk);
        return;
      }
      done();
      response.destroy();
      if (!policy.truncate) return reject(tooLarge());
      chunks.push(chunk.subarray(0, room));
      resolve({ bytes: Buffer.concat(chunks), truncated: true });
    });
    response.on('end', () => {
      done();
      resolve({ bytes: Buffer.concat(chunks), truncated: false });
    });
    response.on('error', (error: NodeJS.ErrnoException) => {
      done();
      reject(refused(`${field}: reading ${url.href} failed (${deadline.aborted ? `not read in full within ${policy.timeoutMs} ms` : error.message})`));
    });
  });
}
