/**
 * Redirects as static files: a page at each old path that forwards at once (meta refresh, with a plain link for
 * agents that do not follow it), and a `_redirects` map for hosts that apply redirects themselves.
 */
import { html } from '../html.js';

export interface Redirect {
  /** Site path, without the base: `old/page`. */
  from: string;
  /** Site URL to go to. */
  to: string;
}

export function redirectPage(to: string): string {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redirecting…</title><meta name="robots" content="noindex"><link rel="canonical" href="${to}"><meta http-equiv="refresh" content="0; url=${to}"></head><body><p>This page moved to <a href="${to}">${to}</a>.</p></body></html>
`.value;
}

/** One line a redirect; one whose paths hold a control character or a space in the target could write other lines. */
export function redirectsMap(base: string, redirects: readonly Redirect[]): string {
  const safe = redirects.filter((r) => !/[\x00-\x1f\x7f]/.test(`${r.from}${r.to}`) && !/\s/.test(r.to));
  return safe.map((r) => `${base}${r.from} ${r.to} 301`).join('\n') + (safe.length ? '\n' : '');
}
