// Files uploaded with `insert_files`: their bytes (inline base64 or fetched), content type and image dimensions.
import mime from 'mime-types';
import { invalidInput, DomainError } from '../core/errors.js';
import { imageDimensions } from '../../content/file-kind.js';
import type { FetchPolicy, Fetched } from '../core/fetch.js';
import type { FileInput } from './changes.js';

/** The spec's cap on inline base64 bytes. */
export const BASE64_MAX_BYTES = 1024 * 1024;
/** GitBook's own cap on an uploaded file. */
export const FILE_MAX_BYTES = 100 * 1024 * 1024;

export interface PreparedFile {
  name: string;
  ref?: string;
  contentType: string;
  bytes: Uint8Array;
  dimensions?: { width: number; height: number };
}

export type Fetcher = (url: string, field: string, policy?: FetchPolicy) => Promise<Fetched>;

export async function prepareFile(input: FileInput, field: string, fetch: Fetcher): Promise<PreparedFile> {
  let bytes: Uint8Array;
  let served: string | null = null;
  if ('base64' in input) {
    if (!input.contentType) throw invalidInput(`${field}.contentType: is required with base64`);
    const text = input.base64.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) throw invalidInput(`${field}.base64: is not valid base64`);
    if (Math.floor((text.length * 3) / 4) > BASE64_MAX_BYTES + 2)
      throw new DomainError('too-large', `${field}.base64: inline files are limited to 1 MB; use url`);
    bytes = Buffer.from(text, 'base64');
    if (bytes.byteLength > BASE64_MAX_BYTES) throw new DomainError('too-large', `${field}.base64: inline files are limited to 1 MB; use url`);
  } else {
    const fetched = await fetch(input.url, `${field}.url`);
    if (fetched.bytes.byteLength > FILE_MAX_BYTES) throw new DomainError('too-large', `${field}.url: files are limited to 100 MB`);
    bytes = fetched.bytes;
    served = fetched.contentType;
  }
  const name = input.name.trim();
  if (name === '' || /[/\\]|^\.\.?$/.test(name)) throw invalidInput(`${field}.name: "${input.name}" is not a file name`);
  const contentType = input.contentType?.toLowerCase() || sniff(bytes) || usable(served) || mime.lookup(name) || 'application/octet-stream';
  const file: PreparedFile = { name, contentType, bytes, ...(input.ref !== undefined ? { ref: input.ref } : {}) };
  const dimensions = imageDimensions(bytes, contentType);
  if (dimensions) file.dimensions = dimensions;
  return file;
}

/** Generic types a server sends when it does not know better say nothing. */
const usable = (type: string | null) => (type && type !== 'application/octet-stream' && type !== 'binary/octet-stream' ? type : null);

const SIGNATURES: [string, number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['application/zip', [0x50, 0x4b, 0x03, 0x04]],
];

/** The content type the bytes themselves declare, for the formats with a signature. */
export function sniff(bytes: Uint8Array): string | null {
  for (const [type, magic] of SIGNATURES) if (magic.every((b, i) => bytes[i] === b)) return type;
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  const head = Buffer.from(bytes.subarray(0, 512))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return null;
}
