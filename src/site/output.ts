/**
 * The output folder of a build. Every file the builder writes or removes is named relative to it and resolved here,
 * and a path that would land outside it (`..`, also percent-decoded, an absolute path, a NUL) is refused: stored
 * content (page slugs, redirect sources) never decides where a file goes outside the folder.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writevSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, isAbsolute, resolve, sep } from 'node:path';
import { hasDotSegment } from '../content/paths.js';
import { makeDirectory } from '../platform/make-directory.js';

/** The absolute file of `path` under `root`, or null when `path` is not a plain path inside it. */
export function outputFile(root: string, path: string): string | null {
  const base = resolvedRoot(root);
  // Plain names (every page's files): already the normal form `resolve` would give, and inside the folder.
  if (PLAIN_PATH.test(path) && sep === '/' && base !== sep) return `${base}/${path}`;
  if (path === '' || path.includes('\0') || isAbsolute(path) || hasDotSegment(path)) return null;
  const full = resolve(base, path);
  return full.startsWith(`${base}${sep}`) ? full : null;
}

/** Segments of letters, digits, `_`, `~`, `-` and `.`, none empty and none starting with a dot. */
const PLAIN_PATH = /^(?:[\w~-][\w~.-]*\/)*[\w~-][\w~.-]*$/;

// The last root resolved: a build asks for thousands of paths under one.
let lastRoot = { root: '', cwd: '', base: '' };
function resolvedRoot(root: string): string {
  const cwd = process.cwd();
  if (lastRoot.root !== root || lastRoot.cwd !== cwd) lastRoot = { root, cwd, base: resolve(root) };
  return lastRoot.base;
}

/** This thread's suffix of the temporary files `writeWhole` renames into place. */
const TEMP_SUFFIX = `.${randomBytes(4).toString('hex')}.tmp`;
/** What a temporary file of `writeWhole` is named: one left by a build that crashed is stray. */
export const TEMP_FILE = /\.[0-9a-f]{8}\.tmp$/;

/**
 * Writes output files, creating each directory once. Synchronous: the build is bound by CPU, and a file written
 * here costs a half to a third of the CPU of one written through the thread pool (open, write and close each handed over).
 */
export class OutputWriter {
  private readonly dirs = new Set<string>();
  private readonly written = new Set<string>();

  /** `refused` hears of each path that was not written because it leaves the folder. */
  constructor(
    readonly out: string,
    private readonly refused: (path: string) => void = () => {},
  ) {}

  /** Writes `path` (relative to the folder); false, and nothing written, when the path leaves the folder. */
  write(path: string, data: string | Uint8Array | readonly Uint8Array[]): boolean {
    const full = this.target(path);
    if (full === null) return false;
    writeData(full, data);
    this.written.add(path);
    return true;
  }

  /**
   * Writes `path` whole or not at all: into a temporary file beside it, renamed over it. A build that stops half way
   * leaves no file cut short under the name, only the temporary file (`TEMP_FILE`).
   */
  writeWhole(path: string, data: string | Uint8Array | readonly Uint8Array[]): boolean {
    const full = this.target(path);
    if (full === null) return false;
    const temporary = `${full}${TEMP_SUFFIX}`;
    try {
      writeData(temporary, data);
      renameSync(temporary, full);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
    this.written.add(path);
    return true;
  }

  exists(path: string): boolean {
    if (this.written.has(path)) return true;
    const full = outputFile(this.out, path);
    return full !== null && existsSync(full);
  }

  /** The text of `path`, a file an earlier build wrote; null when it is not there or leaves the folder. */
  read(path: string): string | null {
    const full = outputFile(this.out, path);
    return full !== null && existsSync(full) ? readFileSync(full, 'utf8') : null;
  }

  /** The size of file `path`; null when it is not there or leaves the folder. */
  size(path: string): number | null {
    const full = outputFile(this.out, path);
    return full === null ? null : (statSync(full, { throwIfNoEntry: false })?.size ?? null);
  }

  /** Whether file `path` holds exactly `bytes`. */
  holds(path: string, bytes: Uint8Array): boolean {
    if (this.size(path) !== bytes.byteLength) return false;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(readFileSync(outputFile(this.out, path)!));
  }

  /** The names of the files in folder `path`; none when it is not there or leaves the folder. */
  list(path: string): string[] {
    const full = outputFile(this.out, path.replace(/\/+$/, ''));
    if (full === null || !existsSync(full)) return [];
    return readdirSync(full, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  }

  /** Removes `path` when it is inside the folder (a stale file named by an earlier build's cache). */
  async remove(path: string): Promise<void> {
    const full = outputFile(this.out, path);
    if (full !== null) await rm(full, { force: true });
  }

  /** The absolute file of `path`, its folder made; null, and `refused` told, when it leaves the folder. */
  private target(path: string): string | null {
    const full = outputFile(this.out, path);
    if (full === null) this.refused(path);
    else this.makeDir(dirname(full));
    return full;
  }

  private makeDir(dir: string): void {
    if (this.dirs.has(dir)) return;
    makeDirectory(dir);
    this.dirs.add(dir);
  }
}

function writeData(file: string, data: string | Uint8Array | readonly Uint8Array[]): void {
  if (typeof data === 'string' || data instanceof Uint8Array) writeFileSync(file, data);
  else writeChunks(file, data);
}

function writeChunks(file: string, chunks: readonly Uint8Array[]): void {
  const fd = openSync(file, 'w');
  try {
    const pending = chunks.filter((chunk) => chunk.length > 0);
    while (pending.length) {
      let written = writevSync(fd, pending);
      // A short write (rare, for regular files) goes on from where it stopped.
      while (pending.length && written >= pending[0]!.length) written -= pending.shift()!.length;
      if (pending.length && written > 0) pending[0] = pending[0]!.subarray(written);
    }
  } finally {
    closeSync(fd);
  }
}
