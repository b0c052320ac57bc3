/**
 * What page HTML may contain: GitHub's allowlist (hast-util-sanitize's default) plus the elements and classes the
 * GitBook block renderers emit. No script, style, iframe, event handler or `style` attribute ever passes, and
 * URLs must be relative or http(s)/mailto/tel.
 */
import { defaultSchema, type Schema } from 'hast-util-sanitize';

type AttributeList = NonNullable<Schema['attributes']>[string];

/** Tag lists of the default schema restrict `className` to a few values (`a`, `code`, `li`...): the `*` rule governs classes here. */
const withoutClassRules = (attributes: NonNullable<Schema['attributes']>) =>
  Object.fromEntries(Object.entries(attributes).map(([tag, list]) => [tag, (list ?? []).filter((a: AttributeList[number]) => !(Array.isArray(a) && a[0] === 'className'))]));

const base = withoutClassRules(defaultSchema.attributes ?? {});

const EXTRA_TAGS = ['figure', 'figcaption', 'mark', 'picture', 'source', 'section', 'span', 'div', 'time', 'button', 'u', 'small', 'abbr', 'cite', 'dfn', 'var', 'samp'];

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
    div: ['dataTabs', 'dataStyle', 'dataSize'],
    section: ['dataTitle'],
    time: ['dateTime'],
    button: ['type', 'dataAction', 'dataQuery'],
    td: [...(base.td ?? []), 'colSpan', 'rowSpan', 'align', 'width'],
    th: [...(base.th ?? []), 'colSpan', 'rowSpan', 'align', 'width'],
  },
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto', 'tel'], src: ['http', 'https'], srcSet: ['http', 'https'] },
  strip: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template'],
};
