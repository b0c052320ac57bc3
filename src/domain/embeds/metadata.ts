// What a web page says about itself in its markup: Open Graph and Twitter cards, <title>, icons, oEmbed discovery.
// Pure: the page is parsed with parse5 (as browsers do) and walked without recursion, so no nesting can overflow.
import { parse, parseFragment, type DefaultTreeAdapterTypes as P } from 'parse5';

export interface PageMetadata {
  /** og:title, else twitter:title, else the first <title>. */
  title?: string;
  /** og:site_name. */
  site?: string;
  /** The first `icon` link, else an `apple-touch-icon`: absolute http(s). */
  icon?: string;
  /** The JSON oEmbed endpoint the page advertises: absolute http(s). */
  oembed?: string;
}

/** Longest title or site name kept, in characters. */
const MAX_TEXT = 300;
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const OEMBED_TYPES = new Set(['application/json+oembed', 'text/json+oembed']);

/** The metadata of an HTML page read from `pageUrl` (after redirects): URLs come out absolute, against `<base href>`. */
export function readMetadata(html: string, pageUrl: string): PageMetadata {
  const metas = new Map<string, string>();
  let title: string | undefined;
  let base: string | undefined;
  const icons: string[] = [];
  const touchIcons: string[] = [];
  let oembed: string | undefined;

  for (const element of elements(parse(html))) {
    switch (element.tagName) {
      case 'title':
        title ??= textOf(element);
        break;
      case 'base':
        base ??= attribute(element, 'href');
        break;
      case 'meta': {
        const key = (attribute(element, 'property') ?? attribute(element, 'name'))?.trim().toLowerCase();
        const content = attribute(element, 'content');
        if (key && content !== undefined && !metas.has(key)) metas.set(key, content);
        break;
      }
      case 'link': {
        const href = attribute(element, 'href');
        if (href === undefined) break;
        const rel = (attribute(element, 'rel') ?? '').toLowerCase().split(/\s+/);
        if (rel.includes('icon')) icons.push(href);
        else if (rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed')) touchIcons.push(href);
        else if (rel.includes('alternate') && OEMBED_TYPES.has((attribute(element, 'type') ?? '').trim().toLowerCase())) oembed ??= href;
        break;
      }
    }
  }

  const baseUrl = (base !== undefined && absolute(base, pageUrl)) || pageUrl;
  const text = (value: string | undefined) => (value === undefined ? undefined : clip(squash(value)) || undefined);
  const found: PageMetadata = {};
  const pageTitle = text(metas.get('og:title')) ?? text(metas.get('twitter:title')) ?? text(title);
  const site = text(metas.get('og:site_name'));
  const icon = [...icons, ...touchIcons].map((href) => absolute(href, baseUrl)).find(Boolean);
  const endpoint = oembed === undefined ? undefined : absolute(oembed, baseUrl);
  if (pageTitle) found.title = pageTitle;
  if (site) found.site = site;
  if (icon) found.icon = icon;
  if (endpoint) found.oembed = endpoint;
  return found;
}

/** The text of a page's bytes: by its byte order mark, else its `<meta charset>` (in the first 1024 bytes), else UTF-8. */
export function decodeHtml(bytes: Uint8Array): string {
  const [a, b, c] = bytes;
  let label: string | undefined;
  if (a === 0xef && b === 0xbb && c === 0xbf) label = 'utf-8';
  else if (a === 0xfe && b === 0xff) label = 'utf-16be';
  else if (a === 0xff && b === 0xfe) label = 'utf-16le';
  else {
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
    label = /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
    // A page whose <meta> could be read as ASCII is not UTF-16, whatever it says (the HTML standard reads it as UTF-8).
    if (label && /^utf-16/i.test(label)) label = 'utf-8';
  }
  try {
    return new TextDecoder(label ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

/** The `src` of every <iframe> of an HTML fragment. */
export function framesOf(html: string): string[] {
  const frames: string[] = [];
  for (const element of elements(parseFragment(html))) if (element.tagName === 'iframe') frames.push(attribute(element, 'src') ?? '');
  return frames;
}

/** The HTML elements of a tree in document order (not inside <template>, whose content is no part of the page). */
function* elements(root: P.ParentNode): Generator<P.Element> {
  const stack: P.ChildNode[] = [...root.childNodes].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (!('tagName' in node)) continue;
    if (node.namespaceURI === HTML_NS) yield node;
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
  }
}

function attribute(element: P.Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name && !a.namespace)?.value;
}

function textOf(element: P.Element): string {
  return element.childNodes.map((n) => (n.nodeName === '#text' ? (n as P.TextNode).value : '')).join('');
}

const squash = (value: string) => value.replace(/\s+/g, ' ').trim();

function clip(value: string): string {
  // Code units past twice the limit can only be cut off: they are never spread into characters.
  const chars = [...value.slice(0, MAX_TEXT * 2 + 1)];
  return chars.length > MAX_TEXT ? `${chars.slice(0, MAX_TEXT - 1).join('')}…` : value;
}

/** `href` resolved against `base`, if that is an http(s) URL. */
function absolute(href: string, base: string): string | undefined {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
