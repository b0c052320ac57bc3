// A template's Git Sync tree -> revision content, read the way `docs sync` imports a repository (same titles, slugs,
// URL paths, metadata and files), for the part of the format templates use: SUMMARY.md with pages, groups and links,
// page files, and `.gitbook/assets`.
import { LRUCache } from 'lru-cache';
import mime from 'mime-types';
import { basename, dirname, joinPath } from '../../content/paths.js';
import { safeSlug, slugify } from '../../content/slug.js';
import { parseSummary, type SummaryItem } from '../../content/summary.js';
import { gitBlobOid, type LinkTarget, type RevisionFile, type RevisionPage } from '../../model/index.js';
import { imageDimensions } from '../../content/file-kind.js';
import { pageMetadata } from '../../content/page-metadata.js';
import { type ParsedBlob, parsePage } from '../../content/page-parse.js';

/** Repository path -> bytes. */
export type TemplateTree = ReadonlyMap<string, Uint8Array>;

export const SUMMARY = 'SUMMARY.md';
export const README = 'README.md';
export const ASSETS = '.gitbook/assets/';

export interface TreeContent {
  pages: RevisionPage[];
  /** The tree's own files (`.gitbook/assets`), in path order. */
  files: RevisionFile[];
  /** The parse result of every page file, for links and search. */
  parsed: ParsedBlob[];
}

interface Draft {
  item: SummaryItem;
  parent: number | null;
  slug: string;
  path: string;
  /** The path its children are placed under (the landing page's own path is '' but its children keep its slug). */
  prefix: string;
}

/**
 * `fileId` names the files pages may point at beyond the tree's own (the space's existing files), by repository path.
 * Throws a plain Error for a tree that is not a valid template: templates ship with Quire, so that is a defect.
 */
export function readTemplateTree(tree: TemplateTree, newId: () => string, fileId: (path: string) => string | null = () => null): TreeContent {
  const summary = tree.get(SUMMARY);
  if (!summary) throw new Error(`template: no ${SUMMARY}`);
  const outline = parseSummary(new TextDecoder().decode(summary), { base: '' });
  if (outline.warnings.length) throw new Error(`template ${SUMMARY}: ${outline.warnings.join('; ')}`);

  const files = readFiles(tree, newId);
  const fileIds = new Map(files.map((f) => [f.git!.path, f.id]));
  const idOfFile = (path: string) => fileIds.get(path) ?? fileId(path);

  const drafts: Draft[] = [];
  const taken = new Set<string>();
  const landing = firstPage(outline.items);
  const place = (items: readonly SummaryItem[], parent: number | null) => {
    for (const item of items) {
      if (item.kind === 'computed') throw new Error(`template ${SUMMARY}: computed pages are not supported in templates`);
      if (item.kind === 'page' && !tree.has(item.path)) throw new Error(`template ${SUMMARY}: ${item.path} does not exist`);
      const base = parent === null ? '' : drafts[parent]!.prefix;
      const wanted = slugOf(item);
      let slug = wanted;
      for (let n = 1; taken.has(joinPath(base, slug) ?? slug); n++) slug = `${wanted}-${n}`;
      const full = joinPath(base, slug) ?? slug;
      taken.add(full);
      drafts.push({ item, parent, slug, path: item === landing ? '' : full, prefix: full });
      place(item.children, drafts.length - 1);
    }
  };
  place(outline.items, null);

  const ids = drafts.map(() => newId());
  const pageIds = new Map(drafts.flatMap((d, i) => (d.item.kind === 'page' ? [[d.item.path, ids[i]!] as const] : [])));
  const parsed: ParsedBlob[] = [];
  const pages = drafts.map((draft, i): RevisionPage => {
    const { item } = draft;
    const base = {
      id: ids[i]!,
      title: item.title ?? '',
      slug: draft.slug,
      path: draft.path,
      parentId: draft.parent === null ? null : ids[draft.parent]!,
      hidden: false,
    };
    switch (item.kind) {
      case 'group':
        return { ...base, kind: 'group' };
      case 'link':
        return { ...base, kind: 'link', target: linkTarget(item.target, pageIds) };
      case 'page': {
        const bytes = tree.get(item.path)!;
        const oid = gitBlobOid(bytes);
        const result = parseOnce(oid, item.path, bytes);
        if (result.data.warnings.length) throw new Error(`template: ${result.data.warnings.join('; ')}`);
        parsed.push(result);
        const meta = pageMetadata(result.data.frontmatter, item.path, idOfFile, (warning) => {
          throw new Error(`template: ${warning}`);
        });
        const page: RevisionPage = { ...base, kind: 'document', blob: oid, git: { oid, path: item.path }, ...meta, hidden: meta.hidden ?? false };
        if (item.linkTitle) page.linkTitle = item.linkTitle;
        return page;
      }
      default:
        throw new Error('unreachable');
    }
  });
  return { pages, files, parsed };
}

/** Parse results by page file (blob oid and path): templates are applied again and again with the same pages. */
const parses = new LRUCache<string, ParsedBlob>({ max: 256 });

function parseOnce(oid: string, path: string, bytes: Uint8Array): ParsedBlob {
  const key = `${oid}\0${path}`;
  let result = parses.get(key);
  if (!result) {
    result = parsePage({ oid, path, spaceRoot: '', bytes });
    parses.set(key, result);
  }
  return result;
}

/** Every file under `.gitbook/assets`, as the importer describes it. */
function readFiles(tree: TemplateTree, newId: () => string): RevisionFile[] {
  const paths = [...tree.keys()].filter((p) => p.startsWith(ASSETS)).sort();
  return paths.map((path) => {
    const bytes = tree.get(path)!;
    const oid = gitBlobOid(bytes);
    const name = basename(path);
    const file: RevisionFile = {
      id: newId(),
      name,
      contentType: mime.lookup(name) || 'application/octet-stream',
      size: bytes.byteLength,
      blob: oid,
      git: { oid, path },
    };
    const dimensions = imageDimensions(bytes, file.contentType);
    if (dimensions) file.dimensions = dimensions;
    return file;
  });
}

/** The landing page: README.md if SUMMARY lists it, else the first page. */
function firstPage(items: readonly SummaryItem[]): SummaryItem | null {
  let first: SummaryItem | null = null;
  const visit = (list: readonly SummaryItem[]): SummaryItem | null => {
    for (const item of list) {
      if (item.kind === 'page') {
        if (item.path === README) return item;
        first ??= item;
      }
      const found = visit(item.children);
      if (found) return found;
    }
    return null;
  };
  return visit(items) ?? first;
}

/** The importer's slugs: a page file's name (a README takes its folder's), a group's anchor or title, a link's title. */
function slugOf(item: SummaryItem): string {
  switch (item.kind) {
    case 'page': {
      const name = basename(item.path).replace(/\.md$/i, '');
      const folder = dirname(item.path);
      const word = name.toLowerCase() === 'readme' ? (folder ? basename(folder) : 'readme') : name;
      return safeSlug(slugify(word) || word.toLowerCase());
    }
    case 'group':
      return item.slug ? safeSlug(item.slug) : slugify(item.title) || 'group';
    case 'link':
      return slugify(item.title) || 'link';
    case 'computed':
      return slugify(item.title ?? item.source.replace(/^builtin:/, '')) || 'computed';
  }
}

function linkTarget(target: { url: string } | { path: string; anchor?: string }, pageIds: ReadonlyMap<string, string>): LinkTarget {
  if ('url' in target) return { kind: 'url', url: target.url };
  const page = pageIds.get(target.path);
  if (!page) return { kind: 'url', url: target.path + (target.anchor ? `#${target.anchor}` : '') };
  return target.anchor === undefined ? { kind: 'page', page } : { kind: 'page', page, anchor: target.anchor };
}
