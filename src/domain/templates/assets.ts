// Moving a file of a template tree (a slot filled with the caller's file, a name taken in the space): the pages that
// show it are rewritten to point at the new path, as GitBook writes references in page files.
import { basename, extname, isAbsoluteUrl, joinPath, relativeTo, resolveRelative, splitAnchor } from '../../content/paths.js';
import { decodeEntities, encodeAttribute } from '../../content/blocks/html.js';
import { parsePageFile, serializePageFile } from '../../content/page-file.js';
import { rewriteReferences } from '../content-writes/links.js';
import type { TemplateTree } from './tree.js';

/**
 * The tree with the file `from` moved to `to`: with `bytes` when given, else removed from the tree (`to` is a file the
 * space already has). Every page file that points at `from` points at `to`.
 */
export function moveAsset(tree: TemplateTree, from: string, to: string, bytes?: Uint8Array): Map<string, Uint8Array> {
  const next = new Map(tree);
  next.delete(from);
  if (bytes) next.set(to, bytes);
  const name = basename(from);
  for (const [path, page] of next) {
    if (!path.toLowerCase().endsWith('.md')) continue;
    const text = new TextDecoder().decode(page);
    if (!text.includes(name)) continue;
    const rewritten = rewritePage(text, path, from, to);
    if (rewritten !== text) next.set(path, new TextEncoder().encode(rewritten));
  }
  return next;
}

function rewritePage(text: string, pagePath: string, from: string, to: string): string {
  const retarget = (href: string): string | undefined => {
    if (isAbsoluteUrl(href) || href.startsWith('#')) return undefined;
    if (resolveRelative(pagePath, splitAnchor(href).path) !== from) return undefined;
    const hash = href.indexOf('#');
    return relativeTo(pagePath, to) + (hash < 0 ? '' : href.slice(hash));
  };
  const page = parsePageFile(text);
  let changed = false;
  rewriteReferences(page.body, (href) => {
    const next = retarget(href);
    if (next !== undefined) changed = true;
    return next;
  });
  visitHtml(page.body as unknown as HtmlHolder, (html) => {
    const next = html.replace(HTML_REF, (whole, head: string, quote: string, value: string) => {
      const to = retarget(decodeEntities(value));
      return to === undefined ? whole : `${head}${quote}${encodeAttribute(to)}${quote}`;
    });
    if (next !== html) changed = true;
    return next;
  });
  const cover = page.frontmatter.data.cover;
  const coverTo = typeof cover === 'string' ? retarget(cover.trim()) : undefined;
  if (coverTo !== undefined) {
    page.frontmatter = { ...page.frontmatter, data: { ...page.frontmatter.data, cover: coverTo } };
    changed = true;
  }
  return changed ? serializePageFile(page) : text;
}

/** `src`, `href` and `srcset` attributes of raw HTML (GitBook's figures and cards are written as HTML). */
const HTML_REF = /(\s(?:src|href|srcset)\s*=\s*)(["'])(.*?)\2/gi;

interface HtmlHolder {
  type: string;
  value?: unknown;
  children?: HtmlHolder[];
}

/** Rewrites the `value` of every HTML node (and cards table, which keeps its HTML) in place. */
function visitHtml(node: HtmlHolder, rewrite: (html: string) => string): void {
  if ((node.type === 'html' || node.type === 'cards') && typeof node.value === 'string') node.value = rewrite(node.value);
  for (const child of node.children ?? []) visitHtml(child, rewrite);
}

/** `.gitbook/assets/<name>`, or GitBook's `name (1).ext`, `name (2).ext`... when the path is taken. */
export function freeAssetPath(fileName: string, taken: (path: string) => boolean): string {
  const name = basename(fileName).replace(/^\.+$/, '') || 'file';
  const ext = extname(name) && name.slice(name.length - extname(name).length);
  const stem = ext ? name.slice(0, -ext.length) : name;
  let path = joinPath('.gitbook/assets', name)!;
  for (let n = 1; taken(path); n++) path = joinPath('.gitbook/assets', `${stem} (${n})${ext}`)!;
  return path;
}
