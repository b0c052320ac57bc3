/** Inline nodes: links, mentions, images, math, emoji, icons, expressions, buttons. */
import type { Html, Image, Link, PhrasingContent } from 'mdast';
import type { InlineMath } from 'mdast-util-math';
import type { Button, Emoji, Expression, Icon } from '../../nodes.js';
import { decodeEntities, encodeAttribute, sameHtml } from '../html.js';
import type { FromContext, ToContext } from '../../document/context.js';
import { isMediaRef } from '../../document/refs.js';
import type { DocInline, DocMark } from '../../document/types.js';

export interface InlineMapping {
  readonly mdast: readonly string[];
  readonly document: readonly string[];
  toDocument(node: never, ctx: ToContext, key: string, marks: DocMark[]): DocInline | undefined;
  /** `applied`: marks already written around the inline by its parent. */
  fromDocument(node: DocInline, ctx: FromContext, applied: readonly DocMark[]): PhrasingContent | PhrasingContent[] | undefined;
}

function inline<N>(spec: {
  mdast: readonly string[];
  document: readonly string[];
  toDocument(node: N, ctx: ToContext, key: string, marks: DocMark[]): DocInline | undefined;
  fromDocument(node: DocInline, ctx: FromContext, applied: readonly DocMark[]): PhrasingContent | PhrasingContent[] | undefined;
}): InlineMapping {
  return spec as InlineMapping;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The destination as written in the file (escapes included), which the markdown writer reuses while the URL is unchanged. */
type Source = { text: string; url: string };

function sourceOf(node: Link | Image): Record<string, unknown> {
  const source = node.data?.sourceDestination;
  return source ? { sourceDestination: { ...source } } : {};
}

function withSource<T extends Link | Image>(node: T, data: Record<string, unknown>): T {
  const source = data.sourceDestination as Source | undefined;
  if (source && typeof source.text === 'string' && typeof source.url === 'string') node.data = { ...node.data, sourceDestination: { ...source } };
  return node;
}

const link = inline<Link>({
  mdast: ['link'],
  document: ['link', 'mention'],
  toDocument(node, ctx, key, marks) {
    const ref = ctx.ref(node.url, 'link');
    if (node.title === 'mention') {
      const [only] = node.children;
      if (node.children.length !== 1 || only?.type !== 'text' || marks.length > 0) return undefined;
      return { object: 'inline', type: 'mention', key, isVoid: true, data: { ref, text: only.value, ...sourceOf(node) } };
    }
    const nodes = ctx.phrasing(node.children, key, marks);
    if (nodes.some((n) => n.object === 'inline' && n.type !== 'inline-image')) return undefined;
    const data: Record<string, unknown> = { ref, ...sourceOf(node) };
    if (node.title !== null && node.title !== undefined) data.title = node.title;
    return { object: 'inline', type: 'link', key, isVoid: false, data, nodes };
  },
  fromDocument(node, ctx, applied) {
    const url = ctx.url(node.data.ref as never, 'link');
    if (node.type === 'mention') {
      return withSource({ type: 'link', url, title: 'mention', children: [{ type: 'text', value: str(node.data.text) ?? url }] }, node.data);
    }
    return withSource({ type: 'link', url, title: str(node.data.title) ?? null, children: ctx.phrasing(node.nodes, applied) }, node.data);
  },
});

const image = inline<Image>({
  mdast: ['image'],
  document: [],
  toDocument(node, ctx, key) {
    const ref = ctx.ref(node.url, 'image');
    if (!isMediaRef(ref)) return undefined;
    const data: Record<string, unknown> = { ref, alt: node.alt ?? '', ...sourceOf(node) };
    if (node.title !== null && node.title !== undefined) data.caption = node.title;
    return { object: 'inline', type: 'inline-image', key, isVoid: true, data };
  },
  fromDocument: () => undefined,
});

/** `<img src alt data-size>`: GitBook's inline image with a size. */
const IMG = /^<img src="([^"]*)" alt="([^"]*)"(?: data-size="(line|original)")?>$/;

function imgHtml(src: string, alt: string, size: string | undefined): string {
  return `<img src="${encodeAttribute(src)}" alt="${encodeAttribute(alt)}"${size ? ` data-size="${size}"` : ''}>`;
}

const inlineImage = inline<Html>({
  mdast: ['html'],
  document: ['inline-image'],
  toDocument(node, ctx, key) {
    const match = IMG.exec(node.value);
    if (!match) return undefined;
    const [src, alt, size] = [decodeEntities(match[1] ?? ''), decodeEntities(match[2] ?? ''), match[3]];
    if (!sameHtml(imgHtml(src, alt, size), node.value)) return undefined;
    const ref = ctx.ref(src, 'image');
    if (!isMediaRef(ref)) return undefined;
    // Without data-size this is the html form; a markdown image has a `caption` key or none.
    return { object: 'inline', type: 'inline-image', key, isVoid: true, data: { ref, alt, ...(size ? { size } : { html: true }) } };
  },
  fromDocument(node, ctx) {
    const url = ctx.url(node.data.ref as never, 'image');
    const alt = str(node.data.alt) ?? '';
    const size = str(node.data.size);
    if (size || node.data.html === true) return { type: 'html', value: imgHtml(url, alt, size) };
    return withSource({ type: 'image', url, alt, title: str(node.data.caption) ?? null }, node.data);
  },
});

const math = inline<InlineMath>({
  mdast: ['inlineMath'],
  document: ['inline-math'],
  toDocument: (node, _ctx, key) => ({ object: 'inline', type: 'inline-math', key, isVoid: true, data: { formula: node.value } }),
  fromDocument: (node) => ({ type: 'inlineMath', value: str(node.data.formula) ?? '' }),
});

const emoji = inline<Emoji>({
  mdast: ['emoji'],
  document: ['emoji'],
  toDocument: (node, _ctx, key) => ({ object: 'inline', type: 'emoji', key, isVoid: true, data: { code: node.code } }),
  fromDocument(node) {
    const code = str(node.data.code) ?? '';
    const value = String.fromCodePoint(
      ...code
        .split('-')
        .map((hex) => parseInt(hex, 16))
        .filter((n) => Number.isFinite(n)),
    );
    return { type: 'emoji', code, value };
  },
});

const ICON = /^[a-z0-9-]{1,50}$/;

const icon = inline<Icon>({
  mdast: ['icon'],
  document: ['icon'],
  toDocument: (node, _ctx, key) => (ICON.test(node.icon) ? { object: 'inline', type: 'icon', key, isVoid: true, data: { icon: node.icon } } : undefined),
  fromDocument: (node) => ({ type: 'icon', icon: str(node.data.icon) ?? '' }),
});

const expression = inline<Expression>({
  mdast: ['expression'],
  document: ['expression'],
  toDocument: (node, _ctx, key) => ({ object: 'inline', type: 'expression', key, isVoid: true, data: { expression: node.value } }),
  fromDocument: (node) => ({ type: 'expression', value: str(node.data.expression) ?? '' }),
});

const button = inline<Button>({
  mdast: ['button'],
  document: ['button'],
  toDocument(node, ctx, key, marks) {
    const [only] = node.children;
    if (node.href === undefined || node.children.length !== 1 || only?.type !== 'text' || marks.length > 0) return undefined;
    if (node.icon !== undefined && !ICON.test(node.icon)) return undefined;
    const data: Record<string, unknown> = { label: only.value, kind: node.kind, ref: ctx.ref(node.href, 'link') };
    if (node.icon !== undefined) data.icon = node.icon;
    return { object: 'inline', type: 'button', key, isVoid: true, data };
  },
  fromDocument(node, ctx) {
    const out: Button = {
      type: 'button',
      kind: node.data.kind === 'secondary' ? 'secondary' : 'primary',
      href: ctx.url(node.data.ref as never, 'link'),
      children: [{ type: 'text', value: str(node.data.label) ?? '' }],
    };
    const iconName = str(node.data.icon);
    if (iconName !== undefined) out.icon = iconName;
    return out;
  },
});

const MAPPINGS: readonly InlineMapping[] = [link, image, inlineImage, math, emoji, icon, expression, button];

const byMdast = new Map(MAPPINGS.flatMap((m) => m.mdast.map((type) => [type, m] as const)));
const byDoc = new Map(MAPPINGS.flatMap((m) => m.document.map((type) => [type, m] as const)));

export const inlineMappingFor = (type: string): InlineMapping | undefined => byMdast.get(type);
export const inlineMappingOfDoc = (type: string): InlineMapping | undefined => byDoc.get(type);
