// The images an imported page shows, downloaded as files of the space (bounded in number and size).
import mime from 'mime-types';
import { sniff } from '../content-writes/files.js';
import type { ImportFailure, PlannedFile } from './plan.js';
import { LIMITS } from './settings.js';
import { readDataUrl, readResource, type SourceAccess } from './source.js';
import { Throttle } from './throttle.js';

export interface DownloadedImages {
  files: PlannedFile[];
  failures: ImportFailure[];
  skipped: string[];
}

/**
 * Downloads each http(s), `file:` or `data:` image once (the key of its file is its URL). `throttle` paces the
 * requests to `throttledOrigin` (the crawled site); other hosts are not crawled, only asked for one image each.
 */
export async function downloadImages(urls: readonly string[], access: SourceAccess, throttle?: Throttle): Promise<DownloadedImages> {
  const wanted = [...new Set(urls)].filter((url) => /^(https?|file|data):/i.test(url));
  const out: DownloadedImages = { files: [], failures: [], skipped: [] };
  const names = new Set<string>();
  const take = wanted.slice(0, LIMITS.images);
  for (const url of wanted.slice(LIMITS.images)) out.skipped.push(`${short(url)}: over the limit of ${LIMITS.images} images; left as a link`);
  const results = await (throttle ?? new Throttle(0, 4)).map(take, async (url) => {
    try {
      const read = url.startsWith('data:')
        ? { ...readDataUrl(url, 'image', LIMITS.fileBytes), url }
        : await readResource(url, 'image', access, LIMITS.fileBytes);
      const type = sniff(read.bytes) ?? imageType(read.contentType) ?? imageType(mime.lookup(new URL(read.url).pathname) || null);
      if (!type) return { url, error: `not an image (${read.contentType ?? 'unknown type'})` };
      return { url, file: { key: url, name: fileName(read.url, type, names), contentType: type, bytes: read.bytes } };
    } catch (error) {
      return { url, error: reason(error) };
    }
  });
  for (const result of results) {
    if (result.file) out.files.push(result.file);
    else out.failures.push({ resource: short(result.url), reason: result.error ?? 'failed' });
  }
  return out;
}

const imageType = (type: string | null) => (type && type.startsWith('image/') ? type : null);

/** A file name from the URL's last segment, with an extension for its type, unique within the import. */
function fileName(url: string, type: string, taken: Set<string>): string {
  let base = 'image';
  if (!url.startsWith('data:')) {
    try {
      base = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || 'image';
    } catch {
      base = 'image';
    }
  }
  base =
    base
      .replace(/[^\w.\- ]+/g, '-')
      .replace(/^[.-]+/, '')
      .slice(0, 100) || 'image';
  const ext = mime.extension(type);
  if (ext && !/\.[a-z0-9]{2,5}$/i.test(base)) base = `${base}.${ext === 'jpeg' ? 'jpg' : ext}`;
  const dot = base.lastIndexOf('.');
  const [stem, suffix] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
  let name = base;
  for (let n = 1; taken.has(name.toLowerCase()); n++) name = `${stem}-${n}${suffix}`;
  taken.add(name.toLowerCase());
  return name;
}

/** The message of a failed read without the field prefix (`image: `). */
export function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^[\w.[\]]+: /, '');
}

export const short = (url: string) => (url.startsWith('data:') ? `${url.slice(0, 40)}...` : url.length > 200 ? `${url.slice(0, 197)}...` : url);
