// importContent* (0.143.2): `{url, source}` -> the markdown of one page. Sources: markdown and html, read from
// `data:` URLs, `file:` URLs (organization admins only: they read the server's disk) and http(s) through fetch.ts.
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { badRequest, DomainError, forbidden, notImplemented } from '../errors.js';
import type { FetchPolicy } from '../fetch.js';
import type { Fetcher } from './files.js';
import { htmlToMarkdown } from './html.js';

export type ImportSource = 'website' | 'docx' | 'markdown' | 'html' | 'zip' | 'confluence' | 'github-wiki' | 'notion' | 'google-docs';

export interface ImportInput {
  url: string;
  source: ImportSource;
}

/** What one import reads: a page file's text (frontmatter and `# Title` included). */
export interface ImportedPage {
  markdown: string;
}

const SUPPORTED = new Set<ImportSource>(['markdown', 'html']);
const FILE_EXTENSIONS = /\.(md|markdown|mdx|txt|html?|xhtml)$/i;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export interface ReadOptions {
  fetch: Fetcher;
  policy?: FetchPolicy;
  /** Whether the caller may read `file:` URLs. */
  mayReadFiles: boolean;
}

export async function readImport(input: ImportInput, options: ReadOptions): Promise<ImportedPage> {
  if (!SUPPORTED.has(input.source)) throw notImplemented(`source: "${input.source}" imports are not supported by this server; use markdown or html`);
  const bytes = await readUrl(input.url, options);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw badRequest(`url: the content at ${describe(input.url)} is not UTF-8 text`);
  }
  return { markdown: input.source === 'html' ? htmlToMarkdown(text) : text };
}

async function readUrl(raw: string, options: ReadOptions): Promise<Uint8Array> {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
  switch (scheme) {
    case 'data':
      return readDataUrl(raw);
    case 'file':
      return readFileUrl(raw, options.mayReadFiles);
    case 'http':
    case 'https': {
      const policy = options.policy && { ...options.policy, maxBytes: Math.min(options.policy.maxBytes, IMPORT_MAX_BYTES) };
      return (await options.fetch(raw, 'url', policy)).bytes;
    }
    default:
      throw badRequest(`url: "${describe(raw)}" is not a data:, file: or http(s): URL`);
  }
}

/** `data:[<type>][;base64],<data>` (RFC 2397). */
export function readDataUrl(raw: string): Uint8Array {
  const comma = raw.indexOf(',');
  if (comma < 0) throw badRequest('url: a data: URL needs a "," before its data');
  const meta = raw.slice(5, comma);
  const data = raw.slice(comma + 1);
  if (data.length > (IMPORT_MAX_BYTES * 4) / 3 + 4) throw new DomainError(413, `url: imports are limited to ${IMPORT_MAX_BYTES} bytes`);
  if (/;base64$/i.test(meta)) {
    const text = decodeURIComponent(data).replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw badRequest('url: the data: URL is not valid base64');
    return Buffer.from(text, 'base64');
  }
  try {
    return Buffer.from(decodeURIComponent(data), 'utf8');
  } catch {
    throw badRequest('url: the data: URL has a malformed %-escape');
  }
}

async function readFileUrl(raw: string, allowed: boolean): Promise<Uint8Array> {
  if (!allowed) throw forbidden('url: only organization admins may import from file: URLs');
  let path: string;
  try {
    path = fileURLToPath(raw);
  } catch {
    throw badRequest(`url: "${raw}" is not a valid file: URL`);
  }
  if (!FILE_EXTENSIONS.test(path)) throw badRequest('url: a file: import must be a markdown, text or HTML file');
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw badRequest(`url: no file at ${path}`);
  if (info.size > IMPORT_MAX_BYTES) throw new DomainError(413, `url: imports are limited to ${IMPORT_MAX_BYTES} bytes`);
  return readFile(path);
}

const describe = (url: string) => (url.length > 80 ? `${url.slice(0, 77)}...` : url);
