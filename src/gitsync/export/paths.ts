// Where each page, file and include of a revision lives in the repository after an export (gitsync-format §3.1, §4).
// A page keeps the path it was synced at unless it moved; new and moved pages get GitBook's paths.
import { basename, dirname, extname, isCleanPath, joinPath } from '../../content/paths.js';
import { firstFree, pageSlug, safeSlug, slugify } from '../../content/slug.js';
import type { RevisionContent, RevisionPage } from '../../model/index.js';

export interface PathLayout {
  /** The space's content root, relative to the synced directory ('' for itself). */
  root: string;
  /** The landing page's file (`README.md` under the root). */
  readme: string;
}

export interface ExportPaths {
  /** The git path of every document page, file and include of the new revision, by id. */
  pages: Map<string, string>;
  files: Map<string, string>;
  includes: Map<string, string>;
  /**
   * Page files whose path differs from the one their bytes were written against (moved pages, and new pages placed
   * elsewhere than the writer guessed): source path -> new path. Relative links in and to them need rewriting.
   */
  moved: Map<string, string>;
  /** Stored data that could not be written as it was (a page slug or git path leaving its folder), and where it went. */
  warnings: string[];
}

/**
 * `tree` holds the paths present in the repository now. A new path never lands on a present file, except one this
 * export frees (a path of the synced revision that no longer holds its page, file or include).
 */
export function exportPaths(next: RevisionContent, base: RevisionContent, layout: PathLayout, tree: ReadonlySet<string>): ExportPaths {
  const basePages = new Map(base.pages.map((p) => [p.id, p]));
  const kept = keptPages(next.pages, basePages);
  const keptFiles = keptItems(next.files, base.files);
  const keptIncludes = keptItems(next.reusableContents, base.reusableContents);

  const owned = new Set<string>();
  for (const p of base.pages) if (p.kind === 'document' && p.git) owned.add(p.git.path);
  for (const f of base.files) if (f.git) owned.add(f.git.path);
  for (const r of base.reusableContents) if (r.git) owned.add(r.git.path);
  const assigned = new Set<string>([...kept.values(), ...keptFiles.values(), ...keptIncludes.values()]);
  const free = (path: string) => !assigned.has(path) && (!tree.has(path) || owned.has(path));
  const claim = (path: string) => (assigned.add(path), path);

  const warnings: string[] = [];
  const pages = placePages(next.pages, basePages, kept, layout, free, claim, warnings);
  const files = new Map<string, string>();
  const assets = joinPath(layout.root, '.gitbook/assets') ?? '.gitbook/assets';
  for (const file of next.files) {
    const wanted = cleanOr(file.git?.path, () => joinPath(assets, safeSlug(file.name)) ?? joinPath(assets, file.id)!);
    files.set(file.id, keptFiles.get(file.id) ?? claim(dedupe(wanted, free)));
  }
  const includes = new Map<string, string>();
  const includeDir = joinPath(layout.root, '.gitbook/includes') ?? '.gitbook/includes';
  for (const r of next.reusableContents) {
    const wanted = cleanOr(r.git?.path, () => joinPath(includeDir, `${pageSlug(r.title)}.md`)!);
    includes.set(r.id, keptIncludes.get(r.id) ?? claim(dedupe(wanted, free)));
  }
  return { ...pages, files, includes, warnings };
}

/** Files and includes that keep the path the synced revision gave them, by id. */
function keptItems(items: readonly GitItem[], baseItems: readonly GitItem[]): Map<string, string> {
  const before = new Map(baseItems.flatMap((b) => (b.git && isCleanPath(b.git.path) ? [[b.id, b.git.path] as const] : [])));
  return new Map(items.flatMap((i) => (i.git && before.get(i.id) === i.git.path ? [[i.id, i.git.path] as const] : [])));
}

interface GitItem {
  id: string;
  git: { path: string } | null;
}

/**
 * Pages that stay where the synced revision had them: same parent, same file, no new children for a leaf file
 * (a page with children is a folder's README), and every ancestor staying too.
 */
function keptPages(pages: readonly RevisionPage[], basePages: ReadonlyMap<string, RevisionPage>): Map<string, string> {
  const hasChildren = new Set(pages.map((p) => p.parentId));
  const hadChildren = new Set([...basePages.values()].map((p) => p.parentId));
  const kept = new Map<string, string>();
  const stays = new Map<string | null, boolean>([[null, true]]);
  for (const page of pages) {
    const old = basePages.get(page.id);
    const sameSpot = old !== undefined && old.parentId === page.parentId && stays.get(page.parentId) === true;
    if (page.kind !== 'document') {
      stays.set(page.id, sameSpot);
      continue;
    }
    const path = old?.kind === 'document' && isCleanPath(old.git?.path) ? old.git.path : undefined;
    const becomesFolder = path !== undefined && !isReadme(path) && hasChildren.has(page.id) && !hadChildren.has(page.id);
    const keep = sameSpot && path !== undefined && page.git?.path === path && !becomesFolder;
    stays.set(page.id, keep);
    if (keep) kept.set(page.id, path);
  }
  return kept;
}

function placePages(
  pages: readonly RevisionPage[],
  basePages: ReadonlyMap<string, RevisionPage>,
  kept: ReadonlyMap<string, string>,
  layout: PathLayout,
  free: (path: string) => boolean,
  claim: (path: string) => string,
  warnings: string[],
): Pick<ExportPaths, 'pages' | 'moved'> {
  const byId = new Map(pages.map((p) => [p.id, p]));
  const hasChildren = new Set(pages.map((p) => p.parentId));
  const paths = new Map<string, string>();
  const moved = new Map<string, string>();
  /** The folder new children of a page go in, and the one its children were in before it moved. */
  const childDirs = new Map<string | null, string>([[null, layout.root]]);
  const oldChildDirs = new Map<string, string>();

  const childDir = (page: RevisionPage, path: string | undefined, parentDir: string): string => {
    if (path === undefined) return joinPath(parentDir, page.slug && safeSlug(page.slug)) ?? parentDir;
    if (path === layout.readme) return joinPath(parentDir, page.slug ? safeSlug(page.slug) : 'readme') ?? parentDir;
    return isReadme(path) ? dirname(path) : path.replace(/\.md$/i, '');
  };

  for (const page of pages) {
    const parentDir = childDirs.get(page.parentId) ?? layout.root;
    if (page.kind !== 'document') {
      childDirs.set(page.id, joinPath(parentDir, page.slug && safeSlug(page.slug)) ?? parentDir);
      continue;
    }
    const old = basePages.get(page.id);
    const stored = old?.kind === 'document' && old.git ? old.git.path : page.git?.path;
    const source = isCleanPath(stored) ? stored : undefined;
    let path = kept.get(page.id);
    if (path === undefined) {
      path = carried(page, source, byId, oldChildDirs, childDirs, free) ?? fresh(page, parentDir, hasChildren.has(page.id), layout, free);
      claim(path);
      if (page.slug && safeSlug(page.slug) !== page.slug)
        warnings.push(`page "${page.title}": its slug "${page.slug}" is not a valid slug (one path segment); written as ${path}`);
      else if (stored !== undefined && stored !== null && source === undefined)
        warnings.push(`page "${page.title}": its stored git path "${String(stored)}" leaves the repository; written as ${path}`);
      if (source !== undefined && source !== path) {
        moved.set(source, path);
        oldChildDirs.set(page.id, childDir(page, source, parentDir));
      }
    }
    paths.set(page.id, path);
    childDirs.set(page.id, childDir(page, path, parentDir));
  }
  return { pages: paths, moved };
}

/** A page whose parent moved follows it, keeping its place inside the parent's folder. */
function carried(
  page: RevisionPage,
  source: string | undefined,
  byId: ReadonlyMap<string, RevisionPage>,
  oldChildDirs: ReadonlyMap<string, string>,
  childDirs: ReadonlyMap<string | null, string>,
  free: (path: string) => boolean,
): string | undefined {
  if (source === undefined || page.parentId === null || !byId.has(page.parentId)) return undefined;
  const from = oldChildDirs.get(page.parentId);
  const to = childDirs.get(page.parentId);
  if (from === undefined || to === undefined || !source.startsWith(`${from}/`)) return undefined;
  const path = joinPath(to, source.slice(from.length + 1));
  return path !== null && free(path) ? path : undefined;
}

/** GitBook's path for a new page: `slug.md`, `slug/README.md` with children, `-1` on a collision. */
function fresh(page: RevisionPage, dir: string, withChildren: boolean, layout: PathLayout, free: (path: string) => boolean): string {
  if (page.path === '' && free(layout.readme)) return layout.readme;
  const slug = page.slug ? safeSlug(page.slug) : slugify(page.title) || pageSlug(page.title);
  const at = (name: string) => joinPath(dir, withChildren ? `${name}/README.md` : `${name}.md`);
  return firstFree((n) => at(n > 0 ? `${slug}-${n}` : slug), free);
}

/** GitBook's de-duplication of a file name: `name (1).ext`, `name (2).ext`... */
function dedupe(path: string, free: (path: string) => boolean): string {
  if (free(path)) return path;
  const name = basename(path);
  const ext = extname(name) ? name.slice(name.length - extname(name).length) : '';
  const stem = ext ? name.slice(0, -ext.length) : name;
  return firstFree((n) => joinPath(dirname(path), n > 0 ? `${stem} (${n})${ext}` : name), free);
}

/** `path` when it is a clean repository path, else `fallback()`. */
const cleanOr = (path: string | null | undefined, fallback: () => string): string => (isCleanPath(path) ? path : fallback());

const isReadme = (path: string) => basename(path).toLowerCase() === 'readme.md';
