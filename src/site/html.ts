/** String building for templates: everything interpolated is escaped unless wrapped in `raw`. */

export class Raw {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export const raw = (value: string): Raw => new Raw(value);

const SPECIAL = /[&<>"']/;

export function escapeHtml(text: string): string {
  // Most of what a page interpolates has nothing to escape: one scan instead of five.
  if (!SPECIAL.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

type Value = string | number | Raw | null | undefined | false | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Raw) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** `html\`<p>${text}</p>\`` escapes `text`; arrays are joined; `raw(...)` is inserted as is. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Raw {
  let out = strings[0] ?? '';
  values.forEach((value, i) => (out += render(value) + (strings[i + 1] ?? '')));
  return new Raw(out);
}

const SAFE_SCHEMES = /^(https?|mailto|tel):/i;

/** A URL safe to put in href/src: relative, or http(s)/mailto/tel; anything else (javascript:, data:) gives null. */
export function safeUrl(url: string): string | null {
  // Browsers ignore control characters and whitespace inside the scheme, so strip them before looking at it.
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return url;
  return SAFE_SCHEMES.test(compact) ? url : null;
}

export function isExternalUrl(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}
