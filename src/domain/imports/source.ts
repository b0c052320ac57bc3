// Reading what an import points at: `data:` URLs, `file:` URLs inside the allowed folder (organization admins only:
// they read the server's disk), and http(s) through the guarded fetch.
import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { invalidInput, DomainError, forbidden } from '../core/errors.js';
import type { FetchPolicy, Fetched } from '../core/fetch.js';

export type Fetcher = (url: string, field: string, policy?: FetchPolicy) => Promise<Fetched>;

export interface SourceAccess {
  fetch: Fetcher;
  policy: FetchPolicy;
  /** Whether the caller may read `file:` URLs. */
  mayReadFiles: boolean;
  /** The folder `file:` URLs must be inside; unset: none may be read. */
  folder?: string;
}

export interface Read {
  bytes: Uint8Array;
  /** The URL finally read (after redirects); relative references resolve against it. */
  url: string;
  contentType: string | null;
}

/** Reads `raw`, at most `maxBytes`; `extensions` is what a `file:` path must end with. Errors are 400s naming `field`. */
export async function readResource(raw: string, field: string, access: SourceAccess, maxBytes: number, extensions?: RegExp): Promise<Read> {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
  switch (scheme) {
    case 'data': {
      const { bytes, contentType } = readDataUrl(raw, field, maxBytes);
      return { bytes, url: raw, contentType };
    }
    case 'file':
      return { bytes: await readFileUrl(raw, field, access, maxBytes, extensions), url: raw, contentType: null };
    case 'http':
    case 'https': {
      const fetched = await access.fetch(raw, field, { ...access.policy, maxBytes: Math.min(access.policy.maxBytes, maxBytes) });
      return { bytes: fetched.bytes, url: fetched.url, contentType: fetched.contentType };
    }
    default:
      throw invalidInput(`${field}: "${shorten(raw)}" is not a data:, file: or http(s): URL`);
  }
}

/** `data:[<type>][;base64],<data>` (RFC 2397). */
export function readDataUrl(raw: string, field: string, maxBytes: number): { bytes: Uint8Array; contentType: string | null } {
  const comma = raw.indexOf(',');
  if (comma < 0) throw invalidInput(`${field}: a data: URL needs a "," before its data`);
  const meta = raw.slice(5, comma);
  const data = raw.slice(comma + 1);
  const tooLarge = () => new DomainError('too-large', `${field}: imports are limited to ${maxBytes} bytes`);
  if (data.length > maxBytes * 3 + 16) throw tooLarge();
  const contentType = meta.split(';')[0]!.trim().toLowerCase() || null;
  let bytes: Uint8Array;
  try {
    if (/;base64$/i.test(meta)) {
      const text = decodeURIComponent(data).replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw invalidInput(`${field}: the data: URL is not valid base64`);
      bytes = Buffer.from(text, 'base64');
    } else bytes = Buffer.from(decodeURIComponent(data), 'utf8');
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw invalidInput(`${field}: the data: URL has a malformed %-escape`);
  }
  if (bytes.byteLength > maxBytes) throw tooLarge();
  return { bytes, contentType };
}

async function readFileUrl(raw: string, field: string, access: SourceAccess, maxBytes: number, extensions?: RegExp): Promise<Uint8Array> {
  if (!access.mayReadFiles) throw forbidden(`${field}: only organization admins may import from file: URLs`);
  if (!access.folder) throw invalidInput(`${field}: file: imports are off on this server; set imports.folder in docs.config.yaml`);
  let path: string;
  try {
    path = fileURLToPath(raw);
  } catch {
    throw invalidInput(`${field}: "${shorten(raw)}" is not a valid file: URL`);
  }
  if (extensions && !extensions.test(path)) throw invalidInput(`${field}: ${path} does not have the extension this source reads`);
  // Symbolic links are followed before the check, so none leads out of the folder.
  const folder = await realpath(access.folder).catch(() => null);
  if (!folder) throw invalidInput(`${field}: the import folder ${access.folder} does not exist`);
  const outside = () => invalidInput(`${field}: ${path} is outside the import folder (imports.folder)`);
  if (!isInside(access.folder, path) && !isInside(folder, path)) throw outside();
  const real = await realpath(path).catch(() => null);
  if (real === null) throw invalidInput(`${field}: no file at ${path}`);
  if (!isInside(folder, real)) throw outside();
  const info = await stat(real);
  if (!info.isFile()) throw invalidInput(`${field}: ${path} is not a file`);
  if (info.size > maxBytes) throw new DomainError('too-large', `${field}: imports are limited to ${maxBytes} bytes`);
  return readFile(real);
}

const isInside = (folder: string, path: string) => {
  const rel = relative(folder, path);
  return !rel.startsWith('..') && !isAbsolute(rel);
};

export const shorten = (url: string) => (url.length > 80 ? `${url.slice(0, 77)}...` : url);
