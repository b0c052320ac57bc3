// HTML -> markdown with the unified ecosystem: rehype-parse -> (bounded clean-up of the tree) -> rehype-remark ->
// remark-stringify. The page's main content is kept (scripts, styles, forms and site navigation are not); links and
// images come out absolute when the page has a URL, so an import can map them to the pages and files it made.
import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast';
import type { Heading, Nodes as MdNodes, Root as MdRoot } from 'mdast';
import rehypeParse from 'rehype-parse';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';

/** What a hostile page can make the conversion hold or parse. */
export const HTML_LIMITS = {
  /** HTML elements kept from one page (after scripts, styles and navigation are dropped). */
  htmlElements: 40_000,
  /** Deeper HTML elements are flattened into their text. */
  htmlNesting: 64,
  /** Start tags deeper than this (as a scan of the tags estimates) are not even parsed. */
  htmlParseNesting: 256,
} as const;

export interface HtmlPage {
  /** From `<title>`, else the first `<h1>`. */
  title: string | null;
  /** The content as mdast, without the title heading; headings one level down (the title is the `#`). */
  root: MdRoot;
  /** Every http(s) link of the document (navigation included), absolute, in document order. */
  links: string[];
  /** The image sources of the content, absolute when the page has a URL. */
  images: string[];
}

/** A page over the bounds: too many elements, or nesting the parser cannot follow. */
export class HtmlLimitError extends Error {}

/** Never content: dropped with everything inside. */
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'canvas',
  'nav',
  'form',
  'button',
  'input',
  'select',
  'textarea',
  'dialog',
  'link',
  'meta',
  'base',
  'head',
]);
/** Site chrome, dropped when outside the content (`main`, `article`, `section`). */
const CHROME = new Set(['header', 'footer', 'aside']);
const CONTENT = new Set(['main', 'article', 'section']);
/** Inline marks that mean nothing inside themselves; nested, they are unwrapped (and cannot blow up the output). */
const MARKS: Record<string, string> = {
  b: 'strong',
  strong: 'strong',
  i: 'em',
  em: 'em',
  a: 'a',
  s: 'del',
  del: 'del',
  strike: 'del',
  code: 'code',
  u: 'u',
  mark: 'mark',
};

const toMdast = unified().use(rehypeParse).use(rehypeRemark);
const stringifier = unified().use(remarkGfm).use(remarkStringify, { bullet: '*', emphasis: '_', strong: '*', fences: true, rule: '*' });

export function parseHtml(html: string, baseUrl?: string): HtmlPage {
  let doc: HastRoot;
  try {
    doc = toMdast.parse(capNesting(html, HTML_LIMITS.htmlParseNesting));
  } catch (error) {
    if (error instanceof RangeError) throw new HtmlLimitError('the HTML is nested too deeply to read');
    throw error;
  }
  const base = documentBase(doc, baseUrl);
  const absolute = (url: string) => absoluteUrl(url, base);
  const links = collect(doc, (el) => (el.tagName === 'a' && typeof el.properties.href === 'string' ? absolute(el.properties.href) : undefined)).filter(
    (url): url is string => !!url && /^https?:/i.test(url),
  );
  const titleEl = find(doc, (el) => el.tagName === 'title');
  const content = contentRoot(doc);
  const firstH1 = find(content, (el) => el.tagName === 'h1');
  const title = squash(textOf(titleEl ?? firstH1)) || null;
  if (firstH1 && (!titleEl || squash(textOf(firstH1)) === title)) removeNode(content, firstH1);
  clean(content, absolute);
  const images = collect(content, (el) => (el.tagName === 'img' && typeof el.properties.src === 'string' ? el.properties.src : undefined));

  const hast: HastRoot = { type: 'root', children: content.type === 'root' ? content.children : [content] };
  let root: MdRoot;
  try {
    root = toMdast.runSync(hast) as MdRoot;
  } catch (error) {
    if (error instanceof RangeError) throw new HtmlLimitError('the HTML is nested too deeply to read');
    throw error;
  }
  visitMd(root, (node) => {
    if (node.type === 'heading') (node as Heading).depth = Math.min(6, node.depth + 1) as Heading['depth'];
  });
  return { title, root, links: unique(links), images: unique(images) };
}

/** The page file text: `# Title` and the body, with link and image URLs passed through `rewrite` (undefined: kept). */
export function pageMarkdown(page: Pick<HtmlPage, 'title' | 'root'>, rewrite: (url: string) => string | undefined = () => undefined): string {
  visitMd(page.root, (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') node.url = rewrite(node.url) ?? node.url;
  });
  const body = String(stringifier.stringify(page.root)).trim();
  const title = page.title ? `# ${escapeTitle(page.title)}\n` : '';
  return `${title}${title && body ? '\n' : ''}${body ? `${body}\n` : ''}`;
}

/** One HTML page as a page file (no URL: references stay as written). */
export function htmlToMarkdown(html: string): string {
  return pageMarkdown(parseHtml(html));
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr', 'keygen']);
/** Elements whose start tag closes an open one of the same name (`<p>a<p>b`, `<li>a<li>b`). */
const OPTIONAL_END = new Set(['p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'rb', 'rt', 'rp', 'thead', 'tbody', 'tfoot', 'colgroup']);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);
const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/g;

/**
 * The parser builds trees of any depth and the tree utilities walk them recursively, so start tags past `max`
 * open elements (as a tag scan estimates them) are left out with their end tags. Real pages never come close.
 */
export function capNesting(html: string, max: number): string {
  const open: string[] = [];
  const dropped = new Map<string, number>();
  const out: string[] = [];
  let lower: string | undefined;
  let copied = 0;
  const drop = (from: number, to: number) => {
    out.push(html.slice(copied, from));
    copied = to;
  };
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m !== null; m = TAG.exec(html)) {
    const [token, slash, rawName, , selfClosing] = m;
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    if (slash) {
      const pending = dropped.get(name) ?? 0;
      if (pending > 0) {
        dropped.set(name, pending - 1);
        drop(m.index, m.index + token.length);
      } else {
        const at = open.lastIndexOf(name);
        if (at >= 0) open.length = at;
      }
      continue;
    }
    if (RAW_TEXT.has(name)) {
      lower ??= html.toLowerCase();
      const end = lower.indexOf(`</${name}`, TAG.lastIndex);
      TAG.lastIndex = end < 0 ? html.length : end;
      if (end >= 0) continue;
      break;
    }
    if (VOID.has(name) || selfClosing) continue;
    if (OPTIONAL_END.has(name)) {
      const at = open.lastIndexOf(name);
      if (at >= 0 && at >= open.length - 3) open.length = at;
    }
    if (open.length >= max) {
      dropped.set(name, (dropped.get(name) ?? 0) + 1);
      drop(m.index, m.index + token.length);
    } else open.push(name);
  }
  if (copied === 0) return html;
  out.push(html.slice(copied));
  return out.join('');
}

/** `<base href>` over the page's URL. */
function documentBase(doc: HastRoot, baseUrl?: string): string | undefined {
  const href = find(doc, (el) => el.tagName === 'base' && typeof el.properties.href === 'string')?.properties.href;
  if (typeof href !== 'string') return baseUrl;
  return absoluteUrl(href, baseUrl) ?? baseUrl;
}

function absoluteUrl(url: string, base: string | undefined): string | undefined {
  const trimmed = url.trim();
  if (trimmed === '' || /^(javascript|vbscript):/i.test(trimmed)) return undefined;
  if (!base) return trimmed;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return undefined;
  }
}

/** `<main>` (or role=main), else the only `<article>`, else `<body>`. */
function contentRoot(doc: HastRoot): Element | HastRoot {
  const main = find(doc, (el) => el.tagName === 'main' || el.properties.role === 'main');
  if (main) return main;
  const articles = collect(doc, (el) => (el.tagName === 'article' ? el : undefined));
  if (articles.length === 1) return articles[0]!;
  return find(doc, (el) => el.tagName === 'body') ?? doc;
}

/**
 * Drops what is not content, flattens elements nested deeper than HTML_LIMITS.htmlNesting and marks inside the same mark,
 * makes link and image URLs absolute, and counts what is kept: iterative, so no input can exhaust the stack.
 */
function clean(root: Element | HastRoot, absolute: (url: string) => string | undefined): void {
  let elements = 0;
  const stack: { node: Element | HastRoot; depth: number; marks: ReadonlySet<string>; inContent: boolean }[] = [
    { node: root, depth: 0, marks: new Set(), inContent: root.type === 'element' && CONTENT.has(root.tagName) },
  ];
  while (stack.length > 0) {
    const { node, depth, marks, inContent } = stack.pop()!;
    const queue: HastContent[] = [...node.children];
    const kept: HastContent[] = [];
    for (let i = 0; i < queue.length; i++) {
      const child = queue[i]!;
      if (child.type === 'comment' || child.type === 'doctype') continue;
      if (child.type !== 'element') {
        kept.push(child);
        continue;
      }
      const tag = child.tagName;
      if (DROPPED.has(tag) || (!inContent && CHROME.has(tag))) continue;
      const mark = MARKS[tag];
      const deadLink = tag === 'a' && absolute(String(child.properties.href ?? '')) === undefined;
      if ((mark && marks.has(mark)) || depth >= HTML_LIMITS.htmlNesting || deadLink) {
        queue.splice(i + 1, 0, ...child.children);
        continue;
      }
      if (++elements > HTML_LIMITS.htmlElements) throw new HtmlLimitError(`the page has more than ${HTML_LIMITS.htmlElements} elements`);
      fixUrls(child, absolute);
      kept.push(child);
      stack.push({ node: child, depth: depth + 1, marks: mark ? new Set([...marks, mark]) : marks, inContent: inContent || CONTENT.has(tag) });
    }
    node.children = kept as ElementContent[];
  }
}

function fixUrls(el: Element, absolute: (url: string) => string | undefined): void {
  const props = el.properties;
  if (el.tagName === 'a' && typeof props.href === 'string') {
    const href = absolute(props.href);
    if (href === undefined) delete props.href;
    else props.href = href;
  }
  if (el.tagName === 'img') {
    // Lazy-loading pages keep the real source in data-src.
    const lazy = typeof props.dataSrc === 'string' ? props.dataSrc : undefined;
    const src = typeof props.src === 'string' && !(lazy && props.src.startsWith('data:')) ? props.src : lazy;
    const url = src === undefined ? undefined : absolute(src);
    if (url === undefined) delete props.src;
    else props.src = url;
  }
}

/** The first element in document order that passes `test`. */
function find(root: Element | HastRoot, test: (el: Element) => boolean): Element | undefined {
  const stack: (Element | HastRoot)[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'element' && node !== root && test(node)) return node;
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i]!;
      if (child.type === 'element') stack.push(child);
    }
  }
  return undefined;
}

/** Values of `pick` over every element, in document order. */
function collect<T>(root: Element | HastRoot, pick: (el: Element) => T | undefined): T[] {
  const out: T[] = [];
  const stack: (Element | HastRoot)[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'element') {
      const value = pick(node);
      if (value !== undefined) out.push(value);
    }
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i]!;
      if (child.type === 'element') stack.push(child);
    }
  }
  return out;
}

function removeNode(root: Element | HastRoot, target: Element): void {
  const stack: (Element | HastRoot)[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const at = node.children.indexOf(target);
    if (at >= 0) {
      node.children.splice(at, 1);
      return;
    }
    for (const child of node.children) if (child.type === 'element') stack.push(child);
  }
}

function textOf(el: Element | undefined): string {
  if (!el) return '';
  let text = '';
  const stack: (Element | HastContent)[] = [el];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'text') text += node.value;
    else if (node.type === 'element' && !DROPPED.has(node.tagName)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return text;
}

function visitMd(root: MdRoot, visit: (node: MdNodes) => void): void {
  const stack: MdNodes[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    if ('children' in node) stack.push(...(node.children as MdNodes[]));
  }
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const unique = <T>(items: T[]) => [...new Set(items)];
const escapeTitle = (title: string) => title.replace(/([\\`*_[\]<>])/g, '\\$1');
