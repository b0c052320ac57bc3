/** Where a site space's pages and files live: URLs (under the site's base path) and output file paths. */
import { safeSlug } from '../content/slug.js';
import { withSafeSlugs } from '../domain/content-writes/page-tree.js';
import type { RevisionFile, RevisionPage } from '../model/index.js';

/** What `encodeURIComponent` leaves as it is, and `/`: most paths, which then need no splitting. */
const PLAIN = /^[\w\-.!~*'()/]*$/;
const encodePath = (path: string) => (PLAIN.test(path) ? path : path.split('/').map(encodeURIComponent).join('/'));

/** Characters a page path needs a closer look for: `.`, `%`, `\`, control characters, empty segments. */
const SUSPECT = /[.%\\\u0000-\u001f\u007f]|\/\/|^\/|\/$/;

/**
 * A page's URL path with every segment a valid slug: stored data written before slugs were checked (`..`,
 * `../../x`) gets a safe path derived from it (`untitled`, `x`) rather than a URL or file outside its space.
 */
export function safePagePath(path: string): string {
  return path && SUSPECT.test(path) ? path.split('/').map(safeSlug).join('/') : path;
}

const suspect = (path: string) => path !== '' && SUSPECT.test(path);

/**
 * The safe path of every page whose stored path needs one, by stored path: the paths an export gives the repaired
 * slugs (`withSafeSlugs`), unique among siblings, so two hostile pages never share an output file.
 */
function repairedPaths(pages: readonly RevisionPage[]): ReadonlyMap<string, string> {
  const repaired = new Map<string, string>();
  if (!pages.some((p) => suspect(p.path))) return repaired;
  const safe = withSafeSlugs(pages);
  if (safe === pages) return repaired;
  const byId = new Map(safe.map((p) => [p.id, p.path]));
  for (const page of pages) {
    const path = byId.get(page.id);
    if (suspect(page.path) && path) repaired.set(page.path, path);
  }
  return repaired;
}

export class SpaceUrls {
  private readonly repaired: ReadonlyMap<string, string>;

  /** `base` ends with `/`; `prefix` is '' or `section/variant` without slashes around it; `pages` are the space's. */
  constructor(
    readonly base: string,
    readonly prefix: string,
    pages: readonly RevisionPage[] = [],
  ) {
    this.repaired = repairedPaths(pages);
  }

  /** The page's path with every segment a valid slug. */
  private safePath(path: string): string {
    return this.repaired.get(path) ?? safePagePath(path);
  }

  /** The directory of the space inside the output, '' or `prefix/`. */
  get dir(): string {
    return this.prefix ? `${this.prefix}/` : '';
  }

  root(): string {
    return `${this.base}${this.dir ? encodePath(this.dir) : ''}`;
  }

  page(page: Pick<RevisionPage, 'path'>, anchor?: string): string {
    const path = page.path ? `${encodePath(this.safePath(page.path))}/` : '';
    return `${this.root()}${path}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`;
  }

  /** The page's HTML file, relative to the output directory. */
  pageFile(page: Pick<RevisionPage, 'path'>): string {
    return `${this.dir}${page.path ? `${this.safePath(page.path)}/` : ''}index.html`;
  }

  /** The markdown copy: `<page url>.md` (`index.md` for the landing page). */
  markdownFile(page: Pick<RevisionPage, 'path'>): string {
    return page.path ? `${this.dir}${this.safePath(page.path)}.md` : `${this.dir}index.md`;
  }

  markdownUrl(page: Pick<RevisionPage, 'path'>): string {
    return `${this.base}${encodePath(this.markdownFile(page))}`;
  }

  file(file: Pick<RevisionFile, 'id' | 'name'>): string {
    return `${this.base}${encodePath(this.fileFile(file))}`;
  }

  fileFile(file: Pick<RevisionFile, 'id' | 'name'>): string {
    return `${this.dir}_files/${file.id}/${file.name.replace(/[\\/]/g, '_') || 'file'}`;
  }
}

/** A base path as the builder writes URLs: `/` or `/docs/`. */
export function normalizeBase(basePath: string | undefined): string {
  const trimmed = (basePath ?? '/').replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}
