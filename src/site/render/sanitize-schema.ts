/**
 * What page HTML may contain: GitHub's allowlist (hast-util-sanitize's default) plus the elements and classes the
 * GitBook block renderers emit. No script, style, event handler or `style` attribute ever passes, URLs must be
 * relative or http(s)/mailto/tel, and the only frames are video players from the hosts in `EMBED_FRAMES`.
 */
import { FRAME_ALLOW, FRAME_REFERRER, FRAME_SANDBOX } from '../../content/blocks/embed/render.js';
import type { Element } from 'hast';
import { defaultSchema, type Schema } from 'hast-util-sanitize';

type AttributeList = NonNullable<Schema['attributes']>[string];

/** Tag lists of the default schema restrict `className` to a few values (`a`, `code`, `li`...): the `*` rule governs classes here. */
const withoutClassRules = (attributes: NonNullable<Schema['attributes']>) =>
  Object.fromEntries(
    Object.entries(attributes).map(([tag, list]) => [tag, (list ?? []).filter((a: AttributeList[number]) => !(Array.isArray(a) && a[0] === 'className'))]),
  );

const base = withoutClassRules(defaultSchema.attributes ?? {});

const EXTRA_TAGS = [
  'figure',
  'figcaption',
  'mark',
  'picture',
  'source',
  'section',
  'span',
  'div',
  'time',
  'button',
  'u',
  'small',
  'abbr',
  'cite',
  'dfn',
  'var',
  'samp',
  'iframe',
];

/** Video players a page may frame: the `src` must start with one of these. */
export const EMBED_FRAMES = ['https://www.youtube-nocookie.com/embed/', 'https://player.vimeo.com/video/', 'https://www.loom.com/embed/'];

export const pageSchema: Schema = {
  ...defaultSchema,
  // Heading ids are GitBook's own anchors (`page.md#id` links depend on them): keep them unprefixed.
  clobberPrefix: '',
  clobber: [],
  tagNames: [...(defaultSchema.tagNames ?? []), ...EXTRA_TAGS],
  attributes: {
    ...base,
    '*': [...(base['*'] ?? []), 'className', 'id', 'role', 'ariaHidden', 'ariaLabel', 'dataCondition'],
    a: [...(base.a ?? []), 'href', 'rel', 'target', 'download', 'dataNav'],
    img: [...(base.img ?? []), 'src', 'alt', 'width', 'height', 'loading', 'decoding', ['dataSize', 'line', 'original']],
    source: ['srcSet', 'media', 'type'],
    pre: ['dataHl', 'dataTitle', 'dataLang'],
    code: ['className'],
    div: ['dataTabs', 'dataStyle', 'dataSize', 'dataHl'],
    span: ['dataHl'],
    section: ['dataTitle'],
    time: ['dateTime'],
    button: ['type', 'dataAction', 'dataQuery'],
    td: [...(base.td ?? []), 'colSpan', 'rowSpan', 'align', 'width'],
    th: [...(base.th ?? []), 'colSpan', 'rowSpan', 'align', 'width'],
    iframe: ['src', 'title', ['loading', 'lazy'], ['sandbox', ...FRAME_SANDBOX], ['allow', FRAME_ALLOW], ['referrerPolicy', FRAME_REFERRER], 'allowFullScreen'],
  },
  required: { iframe: { sandbox: FRAME_SANDBOX, loading: 'lazy', referrerPolicy: FRAME_REFERRER } },
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto', 'tel'], src: ['http', 'https'], srcSet: ['http', 'https'] },
  strip: ['script', 'style', 'object', 'embed', 'noscript', 'template'],
};

/** A sanitised frame stays only when it shows a known video player; hast-util-sanitize cannot check hosts. */
export function allowedFrame(element: Element): boolean {
  const src = element.properties.src;
  return typeof src === 'string' && EMBED_FRAMES.some((prefix) => src.startsWith(prefix)) && !/[\s\\]/.test(src);
}

/** The MathML KaTeX emits (`output: 'mathml'`), and nothing that links, loads or styles: no href, src, style or mglyph. */
const MATHML_TAGS = [
  'math',
  'semantics',
  'annotation',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'mstyle',
  'msub',
  'msup',
  'msubsup',
  'munder',
  'mover',
  'munderover',
  'mfrac',
  'msqrt',
  'mroot',
  'mtable',
  'mtr',
  'mtd',
  'mlabeledtr',
  'menclose',
  'mpadded',
  'mphantom',
];
const COLOR = /^(#[0-9a-f]{3,8}|[a-z]+)$/i;
const MATHML_ATTRIBUTES: AttributeList = [
  'accent',
  'accentunder',
  'columnalign',
  'columnlines',
  'columnspacing',
  'depth',
  'display',
  'displaystyle',
  'fence',
  'height',
  'largeop',
  'linebreak',
  'linethickness',
  'lspace',
  'mathsize',
  'mathvariant',
  'maxsize',
  'minsize',
  'movablelimits',
  'notation',
  'rowalign',
  'rowlines',
  'rowspacing',
  'rspace',
  'scriptlevel',
  'separator',
  'stretchy',
  'symmetric',
  'valign',
  'voffset',
  'width',
  ['mathcolor', COLOR],
  ['mathbackground', COLOR],
];

export const mathSchema: Schema = {
  tagNames: ['span', ...MATHML_TAGS],
  attributes: {
    span: [['className', 'katex', 'katex-display', 'katex-error'], 'title'],
    math: [...MATHML_ATTRIBUTES, ['xmlns', 'http://www.w3.org/1998/Math/MathML']],
    annotation: [['encoding', 'application/x-tex']],
    ...Object.fromEntries(MATHML_TAGS.filter((tag) => tag !== 'math' && tag !== 'annotation').map((tag) => [tag, MATHML_ATTRIBUTES])),
  },
  protocols: {},
  clobber: [],
  clobberPrefix: '',
  strip: ['script', 'style'],
};
