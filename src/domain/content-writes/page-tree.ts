// A revision's page tree being edited: pages by id, children in order, then flattened back to tree order
// with every page's URL path recomputed from the slugs.
import { joinPath } from '../../content/paths.js';
import { safeSlug, uniqueSlug } from '../../content/slug.js';
import type { RevisionPage } from '../../model/index.js';

export class PageTree {
  readonly pages = new Map<string, RevisionPage>();
  private readonly children = new Map<string | null, string[]>();
  /** The landing page keeps the path '' (its children keep its slug in theirs). */
  private landing: string | null;

  constructor(pages: readonly RevisionPage[]) {
    for (const page of pages) {
      this.pages.set(page.id, { ...page });
      this.childrenOf(page.parentId).push(page.id);
    }
    this.landing = pages.find((p) => p.path === '' && p.parentId === null)?.id ?? null;
  }

  childrenOf(parentId: string | null): string[] {
    let list = this.children.get(parentId);
    if (!list) this.children.set(parentId, (list = []));
    return list;
  }

  siblingsOf(id: string): string[] {
    return this.childrenOf(this.pages.get(id)!.parentId);
  }

  /** Slugs used under a parent, except by `except`. */
  slugsUnder(parentId: string | null, except?: string): Set<string> {
    return new Set(
      this.childrenOf(parentId)
        .filter((id) => id !== except)
        .map((id) => this.pages.get(id)!.slug),
    );
  }

  /** The page and all its descendants, parent first. */
  subtree(id: string): string[] {
    return [id, ...this.childrenOf(id).flatMap((child) => this.subtree(child))];
  }

  isInside(id: string, ancestor: string): boolean {
    for (let at: string | null = id; at !== null; at = this.pages.get(at)?.parentId ?? null) if (at === ancestor) return true;
    return false;
  }

  /** Places `page` under its `parentId` at `at` (the end when undefined or past it). */
  insert(page: RevisionPage, at?: number): void {
    this.pages.set(page.id, page);
    const list = this.childrenOf(page.parentId);
    list.splice(at === undefined ? list.length : Math.min(at, list.length), 0, page.id);
  }

  move(id: string, parentId: string | null, at?: number): void {
    const page = this.pages.get(id)!;
    const from = this.siblingsOf(id);
    from.splice(from.indexOf(id), 1);
    page.parentId = parentId;
    const list = this.childrenOf(parentId);
    list.splice(at === undefined ? list.length : Math.min(at, list.length), 0, id);
  }

  /** Removes the page and its subtree; returns the removed ids, parent first. */
  remove(id: string): string[] {
    const removed = this.subtree(id);
    const siblings = this.siblingsOf(id);
    siblings.splice(siblings.indexOf(id), 1);
    for (const gone of removed) {
      this.pages.delete(gone);
      this.children.delete(gone);
    }
    if (this.landing !== null && removed.includes(this.landing)) this.landing = null;
    return removed;
  }

  /** Makes a root page the landing page (a page restored from a revision where it was). */
  makeLanding(id: string): void {
    if (this.pages.get(id)?.parentId === null) this.landing = id;
  }

  /** Every page in tree order with its `path` recomputed; the landing page (or the first document) has ''. */
  flatten(): RevisionPage[] {
    const out: RevisionPage[] = [];
    const landing = this.landing ?? this.firstDocument(null);
    const visit = (parentId: string | null, prefix: string) => {
      for (const id of this.childrenOf(parentId)) {
        const page = this.pages.get(id)!;
        const full = joinPath(prefix, page.slug) ?? page.slug;
        page.path = id === landing ? '' : full;
        out.push(page);
        visit(id, full);
      }
    };
    visit(null, '');
    return out;
  }

  private firstDocument(parentId: string | null): string | null {
    for (const id of this.childrenOf(parentId)) {
      if (this.pages.get(id)!.kind === 'document') return id;
      const inner = this.firstDocument(id);
      if (inner) return inner;
    }
    return null;
  }
}

/**
 * The pages with every slug that is not a valid slug (stored before slugs were checked) replaced by a safe one, unique
 * among its siblings (`..` and `%2e%2e` side by side become `untitled` and `untitled-1`), and the URL paths
 * recomputed; the same array when every slug is valid. The export records these slugs and the site serves these paths.
 */
export function withSafeSlugs<T extends readonly RevisionPage[]>(pages: T): T | RevisionPage[] {
  const hostile = (page: RevisionPage) => page.slug !== '' && safeSlug(page.slug) !== page.slug;
  if (!pages.some(hostile)) return pages;
  const tree = new PageTree(pages);
  for (const page of tree.pages.values()) {
    if (hostile(page)) page.slug = uniqueSlug(safeSlug(page.slug), tree.slugsUnder(page.parentId, page.id));
  }
  return tree.flatten();
}
