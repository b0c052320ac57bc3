/**
 * The build cache, kept beside the output (`.quire-build.json`): per page the key it was rendered with and what
 * the rest of the build needs from it (anchors, links, search sections), so an unchanged page is not read again.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnchorAliases } from '../content/heading-aliases.js';
import type { PageLink } from './render/context.js';
import type { SearchDoc } from './search-index.js';

const MANIFEST = '.quire-build.json';
/** 2: entries keep their headings' aliases. */
const FORMAT = 2;

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
}

export interface Manifest {
  format: number;
  pages: Record<string, PageEntry>;
  /** Copied files by output path -> blob oid. */
  files: Record<string, string>;
}

export async function readManifest(out: string): Promise<Manifest> {
  try {
    const data = JSON.parse(await readFile(join(out, MANIFEST), 'utf8')) as Manifest;
    if (data.format === FORMAT && data.pages && data.files) return data;
  } catch {
    // no cache yet, or an unreadable one: build everything
  }
  return { format: FORMAT, pages: {}, files: {} };
}

export async function writeManifest(out: string, manifest: Manifest): Promise<void> {
  await writeFile(join(out, MANIFEST), JSON.stringify(manifest));
}
