/**
 * Code highlighting with Shiki: one highlighter per process, created once, loading only the languages a build
 * uses; each block's HTML is cached by a hash of (language, code). Light and dark colours are both emitted as CSS
 * variables, so the theme toggle needs no re-render.
 */
import { createHash } from 'node:crypto';
import { bundledLanguages, bundledLanguagesAlias, createHighlighter, type Highlighter } from 'shiki';
import { escapeHtml } from '../html.js';

// The -default themes: every token colour reaches 4.5:1 on the code block background (github-light's do not).
const THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;
const CACHE_LIMIT = 20_000;

let highlighter: Promise<Highlighter> | null = null;
const loaded = new Set<string>();
const cache = new Map<string, string>();

/** The Shiki name of a fence language (`js` -> `javascript`), or null when Shiki has no grammar for it. */
export function grammarOf(lang: string | null | undefined): string | null {
  const name = (lang ?? '').trim().toLowerCase();
  if (!name) return null;
  if (name in bundledLanguages) return name;
  return name in bundledLanguagesAlias ? name : null;
}

let ready: Highlighter | null = null;

/** Creates the highlighter (once) and loads the grammars of `langs` not loaded yet. Call before `highlight`. */
export async function useHighlighter(langs: Iterable<string>): Promise<void> {
  highlighter ??= createHighlighter({ themes: Object.values(THEMES), langs: [] });
  const h = await highlighter;
  const missing = [...new Set([...langs].map(grammarOf).filter((l): l is string => l !== null && !loaded.has(l)))];
  if (missing.length) await h.loadLanguage(...(missing as Parameters<Highlighter['loadLanguage']>));
  for (const lang of missing) loaded.add(lang);
  ready = h;
}

/**
 * A code block's `<pre>`: highlighted when its grammar was loaded by `useHighlighter`, else escaped text.
 * Synchronous, so it can run inside mdast-util-to-hast handlers.
 */
export function highlight(code: string, lang: string | null | undefined): string {
  const grammar = grammarOf(lang);
  const key = createHash('sha1').update(`${grammar ?? ''}\0${code}`).digest('base64');
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let out: string;
  if (ready && grammar && loaded.has(grammar)) {
    out = ready.codeToHtml(code, { lang: grammar, themes: THEMES, defaultColor: false });
  } else {
    out = `<pre class="shiki plain" tabindex="0"><code>${plainLines(code)}</code></pre>`;
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, out);
  return out;
}

/** Unhighlighted code as Shiki shapes it, one `.line` span a line, so line numbers work the same. */
function plainLines(code: string): string {
  const lines = code.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => `<span class="line">${escapeHtml(line)}</span>`).join('\n');
}
