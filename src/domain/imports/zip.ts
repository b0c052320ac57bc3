// Reading a zip archive (a `zip` import, or the inside of a docx) within bounds: the number of entries, the total
// uncompressed size, the compression ratio of each entry (sizes are checked as the bytes come, not only as
// declared), and no entry may point outside the archive.
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { invalidInput, DomainError } from '../core/errors.js';
import { LIMITS } from './settings.js';

export interface ZipLimits {
  entries: number;
  bytes: number;
  ratio: number;
}

const DEFAULT_LIMITS: ZipLimits = { entries: LIMITS.zipEntries, bytes: LIMITS.zipBytes, ratio: LIMITS.zipRatio };
/** Entries this small are not judged by their ratio (a page of spaces compresses well and is harmless). */
const RATIO_FLOOR = 1024 * 1024;

/**
 * The regular files of the archive by path (`/`-separated; folders and symbolic links left out). `wanted` picks
 * which entries are read (default: all). Malformed or unsafe archives are 400s naming `field`.
 */
export async function readZip(
  bytes: Uint8Array,
  field: string,
  wanted: (path: string) => boolean = () => true,
  limits: ZipLimits = DEFAULT_LIMITS,
): Promise<Map<string, Uint8Array>> {
  const zip = await open(bytes, field);
  if (zip.entryCount > limits.entries) {
    zip.close();
    throw invalidInput(`${field}: the archive has ${zip.entryCount} entries; at most ${limits.entries} are read`);
  }
  const files = new Map<string, Uint8Array>();
  let total = 0;
  return new Promise((resolve, reject) => {
    let done = false;
    const fail = (error: unknown) => {
      if (done) return;
      done = true;
      zip.close();
      reject(error instanceof DomainError ? error : invalidInput(`${field}: ${describe(error)}`));
    };
    zip.on('error', fail);
    zip.on('end', () => {
      done = true;
      resolve(files);
    });
    zip.on('entry', (entry: Entry) => {
      const path = entry.fileName;
      const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
      if (path.endsWith('/') || mode === 0o120000 || !wanted(path)) return zip.readEntry();
      if (entry.isEncrypted()) return fail(invalidInput(`${field}: the archive entry ${path} is encrypted`));
      if (entry.uncompressedSize > RATIO_FLOOR && entry.uncompressedSize > limits.ratio * Math.max(1, entry.compressedSize)) {
        return fail(
          invalidInput(
            `${field}: the archive entry ${path} expands ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times; refused as a zip bomb`,
          ),
        );
      }
      if (total + entry.uncompressedSize > limits.bytes) return fail(tooLarge(field, limits));
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(error);
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          // validateEntrySizes stops a stream past its declared size; this stops the total on its way.
          if (total + size > limits.bytes) {
            stream.destroy();
            fail(tooLarge(field, limits));
          } else chunks.push(chunk);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          if (done) return;
          total += size;
          files.set(path, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

function open(bytes: Uint8Array, field: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => {
        if (error || !zip) reject(invalidInput(`${field}: not a readable zip archive (${describe(error)})`));
        else resolve(zip);
      },
    );
  });
}

const tooLarge = (field: string, limits: ZipLimits) =>
  invalidInput(`${field}: the archive expands to more than ${Math.round(limits.bytes / 1048576)} MB; refused as a zip bomb`);

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? 'unknown error');
  if (/^invalid relative path|^absolute path/.test(message)) return `the archive entry ${message.replace(/^[^:]+: /, '')} points outside the archive`;
  return message;
}
