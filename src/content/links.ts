// Every outgoing reference of a page body: markdown links and images, HTML attributes, and GitBook blocks.
// Nodes are read by their `type` and fields (duck typing), so standard mdast and the typed block nodes both work.
import type { Root } from 'mdast';
import { decodeEntities } from './blocks/html.js';
import { extname, isAbsoluteUrl, resolveRelative, splitAnchor } from './paths.js';

export type LinkKind = 'page' | 'file' | 'anchor' | 'url' | 'broken';

export type LinkNode =
  | 'link'
  | 'mention'
  | 'image'
  | 'definition'
  | 'html'
  | 'figure'
  | 'cards'
  | 'button'
  | 'content-ref'
  | 'page-ref'
  | 'file'
  | 'embed'
  | 'include'
  | 'openapi'
  | 'cover';

export interface ExtractedLink {
  kind: LinkKind;
  /** Repository path (pages: the markdown file, `dir/` -> `dir/README.md`), or the URL / broken reference verbatim. */
  target: string;
  anchor?: string;
  /** The reference as written (entities decoded). */
  href: string;
  position?: { line: number };
  node: LinkNode;
}

export interface ExtractLinksOptions {
  /** Repository directory of the space: a leading `/` in a reference is resolved against it. Default ''. */
  spaceRoot?: string;
}

interface AnyNode {
  type: string;
  children?: AnyNode[];
  position?: { start: { line: number } };
  [key: string]: unknown;
}

const HEADING_ANCHOR = /^<a\s[^>]*\bid=|^<\/a>$/i;
const HTML_TAG = /<[a-z][^>]*>/gi;
const HTML_REF = /\s(href|src|srcset)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
/** Code samples in HTML (`<pre>`, `<code>`) show markup; their contents are not references. */
const HTML_CODE = /<(pre|code)\b[\s\S]*?<\/\1>/gi;

export function extractLinks(root: Root, pagePath: string, options: ExtractLinksOptions = {}): ExtractedLink[] {
  const out: ExtractedLink[] = [];
  const add = (href: string, node: LinkNode, at: AnyNode) => {
    const link = classifyLink(href, pagePath, node, options.spaceRoot);
    const line = at.position?.start.line;
    if (link) out.push(line === undefined ? link : { ...link, position: { line } });
  };
  const html = (value: string, node: LinkNode, at: AnyNode) => {
    const tags = value.replace(HTML_CODE, '').match(HTML_TAG) ?? [];
    for (const match of tags.flatMap((tag) => [...tag.matchAll(HTML_REF)])) {
      const raw = decodeEntities(match[2] ?? match[3] ?? '');
      // srcset candidates are `url [descriptor]` separated by `, `; GitBook writes one url, often with spaces in it.
      const refs = match[1]?.toLowerCase() === 'srcset' ? raw.split(/,\s+/).map((s) => s.trim().replace(/\s+\d+(\.\d+)?[wx]$/, '')) : [raw];
      for (const ref of refs) add(ref, node, at);
    }
  };
  const visit = (node: AnyNode) => {
    const str = (key: string) => (typeof node[key] === 'string' ? (node[key] as string) : undefined);
    switch (node.type) {
      case 'link':
        add(str('url') ?? '', str('title') === 'mention' ? 'mention' : 'link', node);
        break;
      case 'image':
        add(str('url') ?? '', 'image', node);
        break;
      case 'definition':
        add(str('url') ?? '', 'definition', node);
        break;
      case 'html':
        html(str('value') ?? '', 'html', node);
        break;
      case 'heading':
        // `<a href="#id" id="id"></a>` in a heading (plain mdast) is the heading's own id, not a reference.
        for (const child of node.children ?? []) if (!(child.type === 'html' && HEADING_ANCHOR.test(String(child.value)))) visit(child);
        return;
      case 'cards':
        html(str('value') ?? '', 'cards', node);
        return;
      case 'figure':
        for (const src of [str('src'), str('srcDark')]) if (src !== undefined) add(src, 'figure', node);
        html(str('caption') ?? '', 'figure', node);
        break;
      case 'button':
        if (str('href') !== undefined) add(str('href') ?? '', 'button', node);
        break;
      case 'contentRef':
        add(str('url') ?? '', 'content-ref', node);
        return; // its body repeats the same link
      case 'pageRef':
        add(str('page') ?? '', 'page-ref', node);
        return;
      case 'file':
        add(str('src') ?? '', 'file', node);
        break;
      case 'embed':
        add(str('url') ?? '', 'embed', node);
        break;
      case 'include':
        add(str('value') ?? '', 'include', node);
        break;
      case 'openapi':
        add(str('src') ?? '', 'openapi', node);
        return; // its body is a derived link to the same spec
      case 'openapiOperation':
      case 'openapiSchemas':
        return; // spec slugs and derived presigned URLs, not references
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(root as unknown as AnyNode);
  return out;
}

/** Links held in page frontmatter: the cover image (a path relative to the page file). */
export function frontmatterLinks(data: Record<string, unknown>, pagePath: string, options: ExtractLinksOptions = {}): ExtractedLink[] {
  const cover = data.cover;
  if (typeof cover !== 'string' || cover.trim() === '') return [];
  const link = classifyLink(cover.trim(), pagePath, 'cover', options.spaceRoot);
  return link ? [link] : [];
}

/** Classify one reference found in `pagePath`; null for an empty reference. */
export function classifyLink(href: string, pagePath: string, node: LinkNode, spaceRoot = ''): ExtractedLink | null {
  const written = href.trim();
  if (written === '') return null;
  if (written.startsWith('/broken/') || written === 'broken-reference' || written.startsWith('broken-reference#')) {
    return { kind: 'broken', target: written, href: written, node };
  }
  if (isAbsoluteUrl(written)) return { kind: 'url', target: written, href: written, node };
  if (node === 'include' && written.startsWith('/reusable-content/')) return { kind: 'url', target: written, href: written, node };

  const { path, anchor } = splitAnchor(written);
  const withAnchor = (link: ExtractedLink): ExtractedLink => (anchor === undefined ? link : { ...link, anchor });
  if (path === '') return withAnchor({ kind: 'anchor', target: pagePath, href: written, node });

  const resolved = resolveRelative(pagePath, path, spaceRoot);
  if (resolved === null) return withAnchor({ kind: 'broken', target: written, href: written, node });
  if (resolved.endsWith('/') || resolved === '') {
    const target = `${resolved}README.md`;
    return withAnchor({ kind: target === pagePath && anchor !== undefined ? 'anchor' : 'page', target, href: written, node });
  }
  const isAsset = /(^|\/)\.gitbook\/(assets|includes)\//.test(resolved);
  const kind = !isAsset && extname(resolved) === '.md' ? (resolved === pagePath && anchor !== undefined ? 'anchor' : 'page') : 'file';
  return withAnchor({ kind, target: resolved, href: written, node });
}
