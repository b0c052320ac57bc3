// The bytes a page file is exported as: its stored bytes, or written again when its metadata changed without its
// file or when it or a page it links to moved (only what changed: the write-back), or in GitBook's style throughout
// when an export is forced (gitsync-format §3.2, §5.3).
import type { Root } from 'mdast';
import { isAbsoluteUrl, relativeTo, resolveRelative } from '../../content/paths.js';
import { parsePageFile, serializePageFile } from '../../content/page-file.js';
import { writePageFile } from '../../domain/content-writes/page-file.js';
import { rewriteReferences } from '../../domain/content-writes/links.js';
import type { DocumentPage } from '../../model/index.js';

export interface PageExport {
  page: DocumentPage;
  /** The page as the synced revision had it (undefined for a new page). */
  old: DocumentPage | undefined;
  bytes: Uint8Array;
  /** The path its bytes were written against, and the path it is exported to. */
  source: string;
  path: string;
  /** Page files moved by this export: source path -> new path. */
  moved: ReadonlyMap<string, string>;
  /** True when a relative link in the page points at a moved file. */
  linksMoved: boolean;
  /** The space root (a leading `/` in a link is taken from it). */
  root: string;
  force: boolean;
}

/** The metadata a page file carries in its frontmatter and `# Title`. */
const FILE_METADATA = ['title', 'description', 'icon', 'hidden', 'noIndex', 'noRobotsIndex'] as const;

/** The bytes to export, or null when the stored bytes are written as they are. */
export function pageBytes(input: PageExport): Uint8Array | null {
  const { page, old } = input;
  // A writer that changed the metadata wrote the file again; only metadata changed over the same bytes is applied here.
  const metadata = old !== undefined && old.blob === page.blob && FILE_METADATA.some((k) => (old[k] ?? null) !== (page[k] ?? null));
  const relink = input.source !== input.path || input.linksMoved;
  if (!input.force && !metadata && !relink) return null;

  const original = parsePageFile(new TextDecoder().decode(input.bytes));
  // Edited on a copy: the original's tree is what the write-back compares against.
  const parsed = { ...original, body: structuredClone(original.body), frontmatter: structuredClone(original.frontmatter) };
  if (relink) relinkPage(parsed.body, parsed.frontmatter.data, input);
  // A forced export writes every page in GitBook's style; otherwise what did not change keeps its bytes.
  const base = input.force ? undefined : original;
  const text = metadata ? writePageFile(page, parsed, base) : serializePageFile(parsed, base);
  return new TextEncoder().encode(text);
}

/** Relative references re-pointed from the page's source path to its new one, and from moved files to their new paths. */
function relinkPage(body: Root, frontmatter: Record<string, unknown>, input: PageExport): void {
  const rewrite = (url: string) => relink(url, input);
  rewriteReferences(body, rewrite);
  for (const key of ['cover', 'coverDark']) {
    const value = frontmatter[key];
    const next = typeof value === 'string' ? rewrite(value) : undefined;
    if (next !== undefined && next !== value) frontmatter[key] = next;
  }
}

function relink(url: string, input: PageExport): string | undefined {
  if (isAbsoluteUrl(url) || url.startsWith('#')) return undefined;
  const cut = url.search(/[?#]/);
  const path = cut < 0 ? url : url.slice(0, cut);
  if (path === '') return undefined;
  const target = resolveRelative(input.source, path, input.root);
  if (target === null) return undefined;
  const mapped = input.moved.get(target) ?? target;
  // Root-relative references and those whose page and target both stayed read the same from the new place.
  if (mapped === target && (path.startsWith('/') || input.source === input.path)) return undefined;
  const folder = mapped.endsWith('/') && mapped !== '/' ? '/' : '';
  return (relativeTo(input.path, mapped) || '.') + folder + (cut < 0 ? '' : url.slice(cut));
}
