/**
 * HTML written inside markdown (`<div align>`, `<sup>`, `<br>`, rich tables...) arrives from mdast-util-to-hast as
 * `raw` strings, an open tag in one node and its close tag in a later sibling. This turns them into hast elements,
 * nested across siblings, so the whole tree can go through hast-util-sanitize. It is forgiving, not a full HTML
 * parser: whatever it builds is sanitised afterwards, so a misparse can only drop or misplace markup, never run it.
 */
import type { Element, ElementContent, Parents, Properties, Text } from 'hast';
import { decodeEntities } from '../../content/blocks/html.js';

const VOID = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Elements whose content is never markup: kept as text up to their close tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noscript', 'noembed', 'noframes']);

type Token =
  | { kind: 'open'; name: string; attributes: Array<[string, string]>; selfClosing: boolean }
  | { kind: 'close'; name: string }
  | { kind: 'text'; value: string };

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>|<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  let rawText: string | null = null;
  for (const match of source.matchAll(TAG)) {
    const at = match.index;
    if (rawText !== null) {
      if (match[1] === '/' && match[2]?.toLowerCase() === rawText) {
        tokens.push({ kind: 'text', value: source.slice(last, at) }, { kind: 'close', name: rawText });
        rawText = null;
        last = at + match[0].length;
      }
      continue;
    }
    if (at > last) tokens.push({ kind: 'text', value: decodeEntities(source.slice(last, at)) });
    last = at + match[0].length;
    if (match[2] === undefined) continue; // comment, doctype, processing instruction
    const name = match[2].toLowerCase();
    if (match[1] === '/') {
      tokens.push({ kind: 'close', name });
      continue;
    }
    const attributes: Array<[string, string]> = [];
    for (const a of (match[3] ?? '').matchAll(ATTRIBUTE)) attributes.push([a[1]!.toLowerCase(), decodeEntities(a[2] ?? a[3] ?? a[4] ?? '')]);
    tokens.push({ kind: 'open', name, attributes, selfClosing: match[4] === '/' });
    if (RAW_TEXT.has(name) && match[4] !== '/') rawText = name;
  }
  if (last < source.length) tokens.push({ kind: 'text', value: rawText !== null ? source.slice(last) : decodeEntities(source.slice(last)) });
  return tokens;
}

/** `data-card-size` -> `dataCardSize`, `class` -> `className`, the way hast names properties. */
export function propertiesOf(attributes: Array<[string, string]>): Properties {
  const properties: Properties = {};
  for (const [name, value] of attributes) {
    if (name === 'class') properties.className = value.split(/\s+/).filter(Boolean);
    else if (name === 'for') properties.htmlFor = [value];
    else if (name === 'srcset') properties.srcSet = value;
    else if (name === 'colspan') properties.colSpan = value;
    else if (name === 'rowspan') properties.rowSpan = value;
    else if (name.startsWith('data-') || name.startsWith('aria-')) {
      properties[name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase())] = value;
    } else properties[name] = value === '' && !['alt', 'title', 'href', 'src'].includes(name) ? true : value;
  }
  return properties;
}

/** Replace the `raw` children of every parent, depth first, by the elements and text they spell; `onElement` sees each new element. */
export function nestRawHtml(parent: Parents, onElement: (element: Element) => void = () => {}): void {
  for (const child of parent.children) if ('children' in child) nestRawHtml(child as Parents, onElement);
  if (!parent.children.some((child) => child.type === 'raw')) return;
  const root: { children: ElementContent[]; tagName?: string } = { children: [] };
  const stack: Array<{ children: ElementContent[]; tagName?: string }> = [root];
  const top = () => stack[stack.length - 1]!;
  for (const child of parent.children) {
    if (child.type !== 'raw') {
      top().children.push(child as ElementContent);
      continue;
    }
    for (const token of tokenize(child.value)) {
      if (token.kind === 'text') {
        if (token.value !== '') top().children.push({ type: 'text', value: token.value } satisfies Text);
      } else if (token.kind === 'open') {
        const element: Element = { type: 'element', tagName: token.name, properties: propertiesOf(token.attributes), children: [] };
        onElement(element);
        top().children.push(element);
        if (!VOID.has(token.name) && !token.selfClosing) stack.push(element);
      } else {
        const depth = stack.findLastIndex((entry) => entry.tagName === token.name);
        if (depth > 0) stack.length = depth;
      }
    }
  }
  parent.children = root.children as typeof parent.children;
}
