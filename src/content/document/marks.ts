/** Document marks and the mdast constructs they stand for. */
import type { Mark } from '../nodes.js';
import type { DocMark } from './types.js';

const COLORS: ReadonlySet<string> = new Set([
  'default',
  'green',
  'blue',
  'red',
  'orange',
  'yellow',
  'purple',
  '$primary',
  '$info',
  '$success',
  '$warning',
  '$danger',
]);

/** Inline HTML elements that are plain marks: `<kbd>x</kbd>` and friends. */
export const HTML_MARKS: Readonly<Record<string, DocMark['type']>> = { kbd: 'keyboard', sup: 'superscript', sub: 'subscript' };
export const MARK_HTML: Readonly<Partial<Record<DocMark['type'], string>>> = { keyboard: 'kbd', superscript: 'sup', subscript: 'sub' };

export const simpleMark = (type: DocMark['type']): DocMark => ({ object: 'mark', type });

/** The color mark of a `<mark style>` node, or undefined when a colour is outside the spec's list. */
export function colorMark(node: Mark): DocMark | undefined {
  const text = node.color ?? 'default';
  const background = node.background ?? 'default';
  if (!COLORS.has(text) || !COLORS.has(background)) return undefined;
  // "default" means "not written": an explicit default could not be told apart.
  if (node.color === 'default' || node.background === 'default') return undefined;
  return { object: 'mark', type: 'color', data: { text, background } };
}

export function sameMark(a: DocMark, b: DocMark): boolean {
  return a.type === b.type && a.data?.text === b.data?.text && a.data?.background === b.data?.background;
}

export function hasMark(marks: readonly DocMark[], mark: DocMark): boolean {
  return marks.some((m) => sameMark(m, mark));
}
