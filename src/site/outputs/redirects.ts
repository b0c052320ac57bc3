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

export function redirectsMap(base: string, redirects: readonly Redirect[]): string {
  return redirects.map((r) => `${base}${r.from} ${r.to} 301`).join('\n') + (redirects.length ? '\n' : '');
}
