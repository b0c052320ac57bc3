/** Parsing and writing the inside of a GitBook Liquid tag: `{% name key="value" ... %}`. */

export interface ParsedTag {
  /** Tag name, e.g. `hint`, `endhint`, `if`. */
  name: string;
  /** Everything after the name, trimmed (the condition of `if`, the path of `include`). */
  args: string;
  /** `key="value"` pairs in source order; a bare `key` has the value `''`. */
  attributes: Array<[string, string]>;
}

const ATTRIBUTE = /\s*([A-Za-z_][\w-]*)(?:=(?:"([^"]*)"|'([^']*)'|([^\s"']+)))?/y;

/** Parse the text between `{%` and `%}`. Returns null when there is no tag name. */
export function parseTag(inner: string): ParsedTag | null {
  const match = /^\s*([A-Za-z][\w-]*)/.exec(inner);
  if (!match?.[1]) return null;
  const name = match[1];
  const args = inner.slice(match[0].length).trim();
  return { name, args, attributes: parseAttributes(args) };
}

/** Parse `key="value"` pairs; stops at the first thing that is not an attribute. */
export function parseAttributes(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  ATTRIBUTE.lastIndex = 0;
  while (ATTRIBUTE.lastIndex < text.length) {
    const start = ATTRIBUTE.lastIndex;
    const match = ATTRIBUTE.exec(text);
    if (!match || match.index !== start) break;
    out.push([match[1] as string, unescape(match[2] ?? match[3] ?? match[4] ?? '')]);
  }
  return out;
}

/**
 * GitBook escapes markdown punctuation in attribute values (`title="A \\(B\\)"`, `url="…/\\#/"`): a value reads as the
 * text it stands for, and a backslash before one of those characters is written doubled. A backslash before
 * anything else (`C:\\Users\\me\\.ssh`) is the value's own.
 */
const ESCAPED = /\\([\\`*_{}[\]()#+\-!|~<>'])/g;
const unescape = (value: string): string => (value.includes('\\') ? value.replace(ESCAPED, '$1') : value);
export const escapeAttribute = (value: string): string => (value.includes('\\') ? value.replace(/\\(?=[\\`*_{}[\]()#+\-!|~<>'])/g, '\\\\') : value);

/** Whether two tags say the same: one name, the same attributes in the same order, nothing else different. */
export function sameTag(a: string, b: string): boolean {
  const x = parseTag(a.replace(/^\{%-?|-?%\}$/g, ''));
  const y = parseTag(b.replace(/^\{%-?|-?%\}$/g, ''));
  const rest = (tag: ParsedTag) => unescape(tag.args).replace(/\s+/g, ' ');
  return x !== null && y !== null && x.name === y.name && JSON.stringify(x.attributes) === JSON.stringify(y.attributes) && rest(x) === rest(y);
}

/** The value of `key`, or undefined. */
export function attr(tag: ParsedTag, key: string): string | undefined {
  return tag.attributes.find(([k]) => k === key)?.[1];
}

/** `"true"`/`"false"` to a boolean, anything else to undefined. */
export function boolAttr(tag: ParsedTag, key: string): boolean | undefined {
  const value = attr(tag, key);
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** Attributes of `tag` that are not in `known`, kept so they are written back. */
export function extraAttributes(tag: ParsedTag, known: readonly string[]): Array<[string, string]> | undefined {
  const extra = tag.attributes.filter(([k]) => !known.includes(k));
  return extra.length > 0 ? extra : undefined;
}

export type AttributeValue = string | boolean | number | undefined | null;

/** Write `{% name key="value" %}`, skipping undefined values, then any extra attributes. */
export function formatTag(name: string, attributes: Array<[string, AttributeValue]> = [], extra?: Array<[string, string]>): string {
  const parts = [name];
  for (const [key, value] of [...attributes, ...(extra ?? [])]) {
    if (value === undefined || value === null) continue;
    parts.push(`${key}="${escapeAttribute(String(value))}"`);
  }
  return `{% ${parts.join(' ')} %}`;
}

export function endTag(name: string): string {
  return `{% end${name} %}`;
}
