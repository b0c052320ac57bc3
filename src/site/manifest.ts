/**
 * The build cache, kept beside the output: `.quire-build.json` holds per page the key it was rendered with and what
 * planning and listing it need; the rest of each page's entry (anchors, links, search sections) lives in segment files
 * under `.quire-build/` (a run of consecutive pages each, named by their bytes), read only when a build needs them.
 * That folder also keeps the snapshots of the search indexes' builders (search-snapshots.ts).
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnchorAliases } from '../content/heading-aliases.js';
import type { BrokenLink } from './link-check.js';
import type { PageLink } from './render/context.js';
import type { SearchDoc } from './search-index.js';
import { sha1Hex } from '../platform/digest.js';

const MANIFEST = '.quire-build.json';
/** The folder of the segment files. */
export const SEGMENTS = '.quire-build';
/** 3: entries in segments, the site-wide files by segment. */
const FORMAT = 3;

export interface PageEntry {
  key: string;
  files: string[];
  anchors: string[];
  /** Other names of the headings (`headingAliases`), when there are any. */
  aliases?: AnchorAliases;
  links: PageLink[];
  search: SearchDoc[];
  updatedAt: string;
  blob: string;
  /** Its code blocks as highlighted (`codeKey`, HTML), for its next render. */
  code?: Array<[key: string, html: string]>;
}

/** What the manifest keeps of a page itself: what a build needs to plan it and list it without its segment. */
export interface PageRecord {
  key: string;
  blob: string;
  updatedAt: string;
  files: string[];
  /** The segment file holding its entry. */
  segment: string;
  /** `anchorsHash` of its entry: the pages linking to it are checked again when it changes. */
  anchors: string;
}

/** A run of consecutive pages of a site space, and what the build made of them together. */
export interface SegmentRecord {
  /** `segmentId` of its pages. */
  id: string;
  /** Its file under `.quire-build/`. */
  file: string;
  /** The `anchors` of each other page its links name an anchor of, when they were checked. */
  targets: Record<string, string>;
  broken: BrokenLink[];
  /** Its bytes in each site-wide file: offset and length. */
  ranges: Record<string, [number, number]>;
  /** Its first page in llms-full.txt is the file's first (no separator before it). */
  leads?: boolean;
}

export interface Manifest {
  format: number;
  pages: Record<string, PageRecord>;
  /** Copied files by output path -> blob oid. */
  files: Record<string, string>;
  /**
   * The site's assets by output path -> `SiteAssets.version` (apart from `files`, which an earlier version of Quire
   * removes what its own manifest does not name from: a build of it would remove the assets). Absent before.
   */
  assets?: Record<string, string>;
  segments: SegmentRecord[];
  /** Each site-wide file made of segments, as written: a range holds only while the file is still this one. */
  outputs: Record<string, { size: number; mtimeMs: number }>;
}

export const emptyManifest = (): Manifest => ({ format: FORMAT, pages: {}, files: {}, assets: {}, segments: [], outputs: {} });

const hash = (text: string) => sha1Hex(text, 20);

/** A segment's id: its pages' entry keys, in order. */
export const segmentId = (entryKeys: readonly string[]) => hash(entryKeys.join('\n'));

/** What links to a page's anchors depend on. */
export const anchorsHash = (entry: Pick<PageEntry, 'anchors' | 'aliases'>) => hash(JSON.stringify([entry.anchors, entry.aliases ?? null]));

export async function readManifest(out: string): Promise<Manifest> {
  try {
    const data = JSON.parse(await readFile(join(out, MANIFEST), 'utf8')) as Manifest;
    if (data.format === FORMAT && data.pages && data.files && data.segments && data.outputs) return data;
  } catch {
    // no cache yet, or an unreadable one: build everything
  }
  return emptyManifest();
}

export async function writeManifest(out: string, manifest: Manifest): Promise<void> {
  await writeFile(join(out, MANIFEST), JSON.stringify(manifest));
}

/** The entries of a segment file, by entry key; null when it is missing or unreadable. */
export async function readSegment(out: string, file: string): Promise<Record<string, PageEntry> | null> {
  try {
    return JSON.parse(await readFile(join(out, SEGMENTS, file), 'utf8')) as Record<string, PageEntry>;
  } catch {
    return null;
  }
}

/** Writes a segment's entries (unless a file of the same bytes is there); its file name. */
export async function writeSegment(out: string, entries: Record<string, PageEntry>, existing: ReadonlySet<string>): Promise<string> {
  // Encoded once, for its name and its file: tens of megabytes at 10,000 pages.
  const bytes = Buffer.from(JSON.stringify(entries));
  const file = `${sha1Hex(bytes, 20)}.json`;
  if (existing.has(file)) return file;
  await mkdir(join(out, SEGMENTS), { recursive: true });
  await writeFile(join(out, SEGMENTS, file), bytes);
  return file;
}

/** The segment files in the output folder. */
export async function segmentFiles(out: string): Promise<Set<string>> {
  return new Set(await readdir(join(out, SEGMENTS)).catch(() => [] as string[]));
}

/** What a segment file is named (the folder also holds the search indexes' snapshots). */
const SEGMENT_FILE = /^[0-9a-f]{20}\.json$/;

/** Removes the segment files no segment of `manifest` names. */
export async function removeStaleSegments(out: string, manifest: Manifest): Promise<void> {
  const named = new Set(manifest.segments.map((s) => s.file));
  for (const file of await segmentFiles(out)) if (SEGMENT_FILE.test(file) && !named.has(file)) await rm(join(out, SEGMENTS, file), { force: true });
}
