/**
 * A page body (mdast) to sanitised HTML: includes expanded, heading ids given (the same ids the search sections
 * use), references resolved to site URLs, GitBook blocks rendered, author HTML nested and sanitised, then the
 * trusted pieces (highlighted code) put in.
 */
import type { Element, ElementContent, Nodes as HastNodes, Root as HastRoot } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import type { Heading, Nodes, Parent, Root } from 'mdast';
import { defaultHandlers, type State, toHast } from 'mdast-util-to-hast';
import { toString } from 'mdast-util-to-string';
import { type AnchorAliases, type HeadingAnchor, headingAliases, resolveAlias } from '../../content/heading-aliases.js';
import { HeadingSlugger, NOT_SEARCHED, searchSections, type Section } from '../../content/index.js';
import { blockRendering } from './blocks/index.js';
import type { CodeBlock } from './highlight.js';
import { el } from '../../content/blocks/render.js';
import type { PageLink, RenderContext } from './context.js';
import { nestRawHtml } from './raw-html.js';
import { allowedFrame, pageSchema } from './sanitize-schema.js';

export interface OutlineEntry {
  id: string;
  text: string;
  depth: number;
}

export interface RenderedBody {
  html: string;
  /** Every id in the body: links to `page#id` are checked against them. */
  anchors: string[];
  /** The other names of the headings (GitHub's, legacy GitBook's, their text), by the id they name. */
  aliases: AnchorAliases;
  outline: OutlineEntry[];
  links: PageLink[];
  /** Search sections (heading, anchor, plain text), from the same tree. */
  sections: Section[];
  /** The code blocks rendered as markers, for the highlight worker (`CodeHighlights.fill`). */
  code: CodeBlock[];
  /** The code blocks highlighted in it: their `codeKey` and HTML, which the build cache keeps for the page's next render. */
  highlighted: Array<[key: string, html: string]>;
}

/** `known`: the sections `searchSections` gives for this body and title, when the caller has them. */
export function renderBody(root: Root, title: string, ctx: RenderContext, reusable: (gitPath: string) => Root | null, known?: Section[]): RenderedBody {
  expandIncludes(root, ctx, reusable);
  const sections = known ?? searchSections(root, title);
  const headings = assignHeadingIds(root, sections);
  resolveMarkdownRefs(root, ctx);

  const { handlers, unknownHandler } = blockRendering(ctx);
  const tree = toHast(BODY, {
    allowDangerousHtml: true,
    handlers: {
      ...handlers,
      [BODY.type]: (state: State) => {
        collectDefinitions(root, state);
        // The handler gives the body's hast root, which `toHast` returns as it is.
        return defaultHandlers.root(state, root) as unknown as ElementContent;
      },
    },
    unknownHandler,
  }) as HastRoot;
  nestRawHtml(tree, (element) => resolveHtmlRefs(element, ctx));
  visitElements(tree, (element) => addHeadingAnchor(element));

  const clean = sanitize(tree, pageSchema) as HastRoot;
  const { anchors, outline, fragmentLinks, placeholders } = finishClean(clean);
  const aliases = headingAliases(headings, { title, ids: anchors });
  canonicalFragments(fragmentLinks, new Set(anchors), aliases);
  insertTrusted(placeholders, ctx);
  return { html: toHtml(clean, { allowDangerousHtml: true }), anchors, aliases, outline, links: ctx.links, sections, code: ctx.deferredCode, highlighted: [] };
}

/** What the sanitised tree holds for the last steps, in page order (see `finishClean`). */
interface CleanTree {
  /** Every id. */
  anchors: string[];
  outline: OutlineEntry[];
  /** Links within the page (`#...`), for `canonicalFragments`. */
  fragmentLinks: Element[];
  /** Placeholders of trusted HTML, for `insertTrusted`. */
  placeholders: Element[];
}

/**
 * One walk of the sanitised tree: frames the schema let through that show no known video player go; a table scrolls
 * sideways inside a region of its own, which the keyboard can reach (and so scroll) and a screen reader can name
 * (added after sanitising, which keeps authors' `tabindex` and `role` out); and what the last steps need is collected.
 */
function finishClean(root: HastRoot): CleanTree {
  const found: CleanTree = { anchors: [], outline: [], fragmentLinks: [], placeholders: [] };
  const outlined: Array<{ id: string; heading: Element }> = [];
  let tables = 0;
  const walk = (parent: HastRoot | Element, inTable: boolean) => {
    let children = parent.children;
    if (children.some(droppedFrame)) children = parent.children = children.filter((child) => !droppedFrame(child)) as typeof children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      if (child.type !== 'element') continue;
      collect(child, found, outlined);
      const table = child.tagName === 'table';
      if (table && !inTable) children[i] = el('div', { className: ['table-wrap'], role: 'region', tabIndex: 0, ariaLabel: `Table ${++tables}` }, [child]);
      walk(child, inTable || table);
    }
  };
  walk(root, false);
  // Their text once the walk dropped the frames inside them.
  found.outline = outlined.map(({ id, heading }) => ({ id, text: textOf(heading).replace(/#$/, '').trim(), depth: Number(heading.tagName[1]) }));
  return found;
}

function collect(element: Element, found: CleanTree, outlined: Array<{ id: string; heading: Element }>): void {
  const { id, href, dataHl } = element.properties;
  if (typeof id === 'string' && id !== '') {
    found.anchors.push(id);
    if (element.tagName === 'h2' || element.tagName === 'h3') outlined.push({ id, heading: element });
  }
  if (element.tagName === 'a' && typeof href === 'string' && href.startsWith('#') && href.length >= 2) found.fragmentLinks.push(element);
  if (dataHl !== undefined) found.placeholders.push(element);
}

/** A frame the schema let through that does not show a known video player. */
const droppedFrame = (node: HastNodes) => node.type === 'element' && node.tagName === 'iframe' && !allowedFrame(node);

/**
 * What `toHast` is given in place of the body: its handler renders the body. `toHast` walks the tree it is given
 * for link and footnote definitions with unist-util-visit, a fifth of the time of a small page; `collectDefinitions`
 * does the same walk without the visitor's cost.
 */
const BODY = { type: 'quireBody' } as unknown as Root;

function collectDefinitions(root: Root, state: State): void {
  const walk = (node: Nodes) => {
    if (node.type === 'definition' || node.type === 'footnoteDefinition') {
      const id = String(node.identifier).toUpperCase();
      const byId: Map<string, Nodes> = node.type === 'definition' ? state.definitionById : state.footnoteById;
      if (!byId.has(id)) byId.set(id, node);
    }
    if ('children' in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(root);
}

/** `{% include ".gitbook/includes/x.md" %}`: the reusable content's blocks, in place (one level, as GitBook). */
function expandIncludes(root: Root, ctx: RenderContext, reusable: (gitPath: string) => Root | null): void {
  const visit = (parent: Parent) => {
    if (!parent.children.some((child) => child.type === 'include')) {
      for (const child of parent.children) if ('children' in child) visit(child as Parent);
      return;
    }
    parent.children = parent.children.flatMap((child) => {
      if (child.type === 'include') {
        const path = ctx.includePath(child.value);
        return (path === null ? null : reusable(path))?.children ?? [];
      }
      if ('children' in child) visit(child as Parent);
      return [child];
    }) as typeof parent.children;
  };
  visit(root);
}

/** Gives every heading its id; returns the headings' ids and texts, in page order. */
function assignHeadingIds(root: Root, sections: Section[]): HeadingAnchor[] {
  const headings: Heading[] = [];
  const walk = (node: Nodes) => {
    if (NOT_SEARCHED.has(node.type)) return;
    if (node.type === 'heading') headings.push(node);
    else if ('children' in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(root);
  const fromSections = headings.length === sections.length - 1;
  const slugger = new HeadingSlugger();
  for (const heading of headings) if (heading.id) slugger.reserve(heading.id);
  return headings.map((heading, i) => {
    const text = fromSections ? sections[i + 1]!.heading : toString(heading);
    const id = fromSections ? sections[i + 1]!.anchor! : slugger.id(text, heading.id);
    heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id } };
    return { id, text };
  });
}

/** Links within the page (`#release-49`, `#PromptMessage`) point at the id their target has (`#release-4.9`). */
function canonicalFragments(links: readonly Element[], ids: ReadonlySet<string>, aliases: AnchorAliases): void {
  for (const link of links) {
    const id = resolveAlias((link.properties.href as string).slice(1), ids, aliases);
    if (id !== null) link.properties.href = `#${id}`;
  }
}

/** Markdown links and images: `.md` paths become page URLs, asset paths file URLs; broken ones lose their link. */
function resolveMarkdownRefs(root: Root, ctx: RenderContext): void {
  const visit = (node: Nodes) => {
    if (node.type === 'link' || node.type === 'definition') {
      const { url, external } = ctx.resolve(node.url, node.type);
      if (url === null) {
        node.url = '';
        if (node.type === 'link') node.data = { ...node.data, hName: 'span', hProperties: { className: ['broken-link'] } };
      } else {
        node.url = url;
        if (external && ctx.options.externalTarget === 'blank')
          node.data = { ...node.data, hProperties: { target: '_blank', rel: ['noopener', 'noreferrer'] } };
      }
    } else if (node.type === 'image') {
      node.url = ctx.resolve(node.url, 'image').url ?? '';
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(root);
}

/** References in author HTML (`<a href>`, `<img src>`, `<source srcset>`), resolved like markdown ones. */
function resolveHtmlRefs(element: Element, ctx: RenderContext): void {
  const { properties } = element;
  for (const key of ['href', 'src'] as const) {
    const value = properties[key];
    if (typeof value !== 'string') continue;
    const resolved = ctx.resolve(value, key === 'src' ? 'image' : 'html');
    if (resolved.url === null) delete properties[key];
    else properties[key] = resolved.url;
  }
  if (typeof properties.srcSet === 'string') {
    const first = properties.srcSet
      .split(/,\s+/)[0]!
      .trim()
      .replace(/\s+\d+(\.\d+)?[wx]$/, '');
    const resolved = ctx.resolve(first, 'image').url;
    if (resolved === null) delete properties.srcSet;
    else properties.srcSet = resolved;
  }
}

function addHeadingAnchor(element: Element): void {
  if (!/^h[2-4]$/.test(element.tagName) || typeof element.properties.id !== 'string') return;
  element.children.push(
    el('a', { className: ['heading-anchor'], href: `#${element.properties.id}`, ariaHidden: 'true', tabIndex: -1 }, [{ type: 'text', value: '#' }]),
  );
}

/**
 * Trusted HTML (highlighted code, MathML) replaces the content of its placeholder (`data-hl`): a `<pre>` becomes
 * `div.highlight`, a math element keeps its tag. A placeholder the renderer did not make is dropped.
 */
function insertTrusted(placeholders: readonly Element[], ctx: RenderContext): void {
  for (const element of placeholders) {
    const key = element.properties.dataHl;
    const trusted = typeof key === 'string' ? ctx.trusted.get(key) : undefined;
    delete element.properties.dataHl;
    if (trusted === undefined) continue;
    if (element.tagName === 'pre') {
      element.tagName = 'div';
      element.properties = { className: ['highlight'] };
    }
    element.children = [{ type: 'raw', value: trusted } as unknown as ElementContent];
  }
}

function visitElements(node: HastNodes, fn: (element: Element) => void): void {
  if (node.type === 'element') fn(node);
  if ('children' in node) for (const child of node.children) visitElements(child, fn);
}

function textOf(node: HastNodes): string {
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}
