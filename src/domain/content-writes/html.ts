// HTML -> markdown for `source: html` imports: headings, paragraphs, lists, links, images, emphasis, code,
// quotes, rules. Scripts, styles and the head are dropped; other tags keep their text. The `<title>` (or the
// first `<h1>`) becomes the page title.
import { decodeEntities } from '../../content/blocks/html.js';

interface El {
  tag: string;
  attrs: Record<string, string>;
  children: (El | string)[];
}

const VOID = new Set(['br', 'hr', 'img', 'meta', 'link', 'input', 'source', 'area', 'base', 'col', 'embed', 'param', 'track', 'wbr']);
const DROPPED = new Set(['script', 'style', 'head', 'noscript', 'template', 'iframe', 'object', 'svg', 'nav', 'form']);
const TOKEN = /<!--[\s\S]*?-->|<!\w[^>]*>|<\/?([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>|[^<]+|</g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function parse(html: string): El {
  const root: El = { tag: '#root', attrs: {}, children: [] };
  const stack = [root];
  for (const m of html.matchAll(TOKEN)) {
    const [token, name, rawAttrs = '', selfClosing] = m;
    const top = stack[stack.length - 1]!;
    if (!name) {
      if (!token.startsWith('<!') && !token.startsWith('<!--')) top.children.push(decodeEntities(token));
      continue;
    }
    const tag = name.toLowerCase();
    if (token.startsWith('</')) {
      const at = stack.map((e) => e.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of rawAttrs.matchAll(ATTR)) attrs[a[1]!.toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
    const el: El = { tag, attrs, children: [] };
    top.children.push(el);
    if (!VOID.has(tag) && !selfClosing) stack.push(el);
  }
  return root;
}

const text = (node: El | string): string => (typeof node === 'string' ? node : DROPPED.has(node.tag) ? '' : node.children.map(text).join(''));
const find = (node: El, tag: string): El | undefined => {
  for (const child of node.children) {
    if (typeof child === 'string') continue;
    if (child.tag === tag) return child;
    const inner = find(child, tag);
    if (inner) return inner;
  }
  return undefined;
};
const squash = (s: string) => s.replace(/\s+/g, ' ');
const escape = (s: string) => s.replace(/([\\`*_[\]<>])/g, '\\$1');

function inline(nodes: (El | string)[]): string {
  return nodes.map((node) => {
    if (typeof node === 'string') return escape(squash(node));
    const inner = () => inline(node.children).trim();
    switch (node.tag) {
      case 'strong': case 'b': return inner() ? `**${inner()}**` : '';
      case 'em': case 'i': return inner() ? `_${inner()}_` : '';
      case 'code': return `\`${text(node).replace(/`/g, '\u02cb')}\``;
      case 'br': return '\\\n';
      case 'a': return node.attrs.href ? `[${inner()}](<${node.attrs.href}>)` : inner();
      case 'img': return node.attrs.src ? `![${escape(node.attrs.alt ?? '')}](<${node.attrs.src}>)` : '';
      default: return DROPPED.has(node.tag) ? '' : inline(node.children);
    }
  }).join('');
}

function blocks(nodes: (El | string)[], skip?: El): string[] {
  const out: string[] = [];
  let run: (El | string)[] = [];
  const flush = () => {
    const para = inline(run).trim();
    if (para) out.push(para);
    run = [];
  };
  for (const node of nodes) {
    if (node === skip) continue;
    if (typeof node === 'string' || !isBlock(node.tag)) {
      run.push(node);
      continue;
    }
    flush();
    const heading = /^h([1-6])$/.exec(node.tag)?.[1];
    if (heading) out.push(`${'#'.repeat(Math.min(6, Number(heading) + 1))} ${inline(node.children).trim()}`);
    else if (node.tag === 'pre') out.push('```\n' + text(node).replace(/\n$/, '') + '\n```');
    else if (node.tag === 'hr') out.push('***');
    else if (node.tag === 'blockquote') out.push(blocks(node.children, skip).join('\n\n').replace(/^/gm, '> '));
    else if (node.tag === 'ul' || node.tag === 'ol') out.push(list(node, skip));
    else if (!DROPPED.has(node.tag)) out.push(...blocks(node.children, skip));
  }
  flush();
  return out;
}

function list(node: El, skip?: El): string {
  let n = 0;
  return node.children
    .filter((c): c is El => typeof c !== 'string' && c.tag === 'li')
    .map((li) => {
      const marker = node.tag === 'ol' ? `${++n}.` : '*';
      const body = blocks(li.children, skip).join('\n\n');
      return `${marker} ${body.replace(/\n/g, `\n${' '.repeat(marker.length + 1)}`)}`;
    })
    .join('\n');
}

const BLOCKS = /^(h[1-6]|p|div|section|article|main|header|footer|aside|pre|hr|blockquote|ul|ol|li|table|tr|figure|body|html)$/;
const isBlock = (tag: string) => BLOCKS.test(tag) || DROPPED.has(tag);

/** The page file text: `# Title` (from `<title>` or the first `<h1>`, which is then not repeated) and the body. */
export function htmlToMarkdown(html: string): string {
  const root = parse(html);
  const h1 = find(root, 'h1');
  const titleEl = find(root, 'title');
  const title = squash(text(titleEl ?? h1 ?? { tag: 'x', attrs: {}, children: [] })).trim();
  const body = find(root, 'body') ?? root;
  const skip = h1 && (!titleEl || squash(text(h1)).trim() === title) ? h1 : undefined;
  const parts = blocks(body.children, skip);
  return `${title ? `# ${escape(title)}\n\n` : ''}${parts.join('\n\n')}\n`;
}
