// References written through the API (`/pages/<id>`, `/files/<id>`, batch refs) -> the relative paths a
// Git Sync page file holds, so the stored page reads, links and exports like an imported one.
import type { Root } from 'mdast';
import { isAbsoluteUrl, relativeTo, splitAnchor } from '../../content/paths.js';

/** Fields of the body's nodes that hold a reference (the same constructs content/links.ts reads). */
const URL_FIELDS: Record<string, string[]> = {
  link: ['url'],
  image: ['url'],
  definition: ['url'],
  contentRef: ['url'],
  pageRef: ['page'],
  file: ['src'],
  figure: ['src', 'srcDark'],
  button: ['href'],
};

interface AnyNode {
  type: string;
  children?: AnyNode[];
  [key: string]: unknown;
}

/** Rewrites every reference `rewrite` answers for (undefined: keep as written). Changes the tree in place. */
export function rewriteReferences(root: Root, rewrite: (url: string) => string | undefined): void {
  const visit = (node: AnyNode) => {
    for (const field of URL_FIELDS[node.type] ?? []) {
      const value = node[field];
      if (typeof value !== 'string') continue;
      const next = rewrite(value);
      if (next !== undefined && next !== value) node[field] = next;
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(root as unknown as AnyNode);
}

export interface ReferenceTargets {
  /** The git path of a page of the new revision, by id or batch ref. */
  pageById(id: string): string | undefined;
  pageByRef(ref: string): string | undefined;
  /** A page by its URL path (`guides/setup`), '' for the landing page. */
  pageByPath(path: string): string | undefined;
  fileById(id: string): string | undefined;
  fileByRef(ref: string): string | undefined;
}

/**
 * The destination to write in the page file at `fromPath` for a reference of the API's forms; undefined for
 * URLs and plain relative links, which are kept (they already resolve against the page file).
 */
export function resolveReference(url: string, fromPath: string, targets: ReferenceTargets): string | undefined {
  if (isAbsoluteUrl(url) || url.startsWith('#')) return undefined;
  const { path } = splitAnchor(url);
  const hash = url.includes('#') ? url.slice(url.indexOf('#')) : '';
  const to = (target: string | undefined) => (target === undefined ? undefined : (relativeTo(fromPath, target) || './') + hash);
  const pages = /^\/pages\/(.*)$/.exec(path)?.[1];
  if (pages !== undefined) {
    const byId = targets.pageById(pages);
    if (byId) return to(byId);
    const slugPath = pages
      .replace(/(^|\/)README\.md$/i, '')
      .replace(/\.md$/i, '')
      .replace(/\/$/, '');
    return to(targets.pageByPath(slugPath));
  }
  const files = /^\/files\/([^/]+)$/.exec(path)?.[1];
  if (files !== undefined) return to(targets.fileById(files));
  const local = path.replace(/^\.\//, '');
  if (local.includes('/')) return undefined;
  return to(targets.fileByRef(local) ?? targets.pageByRef(local.replace(/\.md$/i, '')));
}
