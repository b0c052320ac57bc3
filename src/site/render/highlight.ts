/**
 * Code highlighting with Shiki, on the highlight worker (highlight-pool.ts): one highlighter per thread, created once,
 * loading only the languages a build uses; each block's HTML is cached by a hash of (language, code). Light and dark colours are both emitted as CSS
 * variables, so the theme toggle needs no re-render.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { bundledLanguages, bundledLanguagesAlias, createHighlighter, type Highlighter, type ThemedToken } from 'shiki';
import type { CodeBlocks } from '../../content/parsed-body.js';
import { escapeHtml } from '../html.js';
import shiki from 'shiki/package.json' with { type: 'json' };

// The -default themes: every token colour reaches 4.5:1 on the code block background (github-light's do not).
export const THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;

/**
 * How Shiki tokenizes: with no time limit. By default it gives up on a line after 500 ms of the clock and leaves the
 * rest of it one uncoloured token, so a busy machine highlighted the same code otherwise (and the build cache kept that
 * HTML). The bound is the line's length instead, the same on any machine: a line of `tokenizeMaxLineLength`
 * characters or more is left uncoloured. A TextMate grammar's time grows with the square of a line's length, and
 * some lines of some grammars are slow: at 2,000 characters the slowest line found takes 0.3 s (at 18,000, 20 s).
 * What bounds a whole block is the highlight worker's watchdog (highlight-pool.ts).
 */
export const TOKENIZE = { tokenizeTimeLimit: 0, tokenizeMaxLineLength: 2_000 } as const;

/**
 * What a block's HTML depends on beside its language and code: part of its key, which the build cache keeps (the
 * bound on lines names these keys apart from those of builds that tokenized against the clock).
 */
// Shiki is bundled into the built CLI (a dev dependency): its version is read at build time.
const HIGHLIGHTER = `shiki ${shiki.version} ${THEMES.light} ${THEMES.dark} lines<${TOKENIZE.tokenizeMaxLineLength}`;

let highlighter: Promise<Highlighter> | null = null;
const loaded = new Set<string>();
/** Grammars on their way, each loaded once however many callers ask for it meanwhile. */
const loading = new Map<string, Promise<void>>();
/**
 * Blocks repeated across pages, the latest 2,000 (the build cache keeps each page's from build to build): a build asks
 * the worker for a block again when no page ahead of its render holds it any more.
 */
const cache = new LRUCache<string, string>({ max: 2_000 });

/** The Shiki name of a fence language (`js` -> `javascript`), or null when Shiki has no grammar for it. */
export function grammarOf(lang: string | null | undefined): string | null {
  const name = (lang ?? '').trim().toLowerCase();
  if (!name) return null;
  if (name in bundledLanguages) return name;
  return name in bundledLanguagesAlias ? name : null;
}

let ready: Highlighter | null = null;

/** A code block's key: its highlighted HTML is the same wherever and whenever the key is. */
export function codeKey(code: string, lang: string | null | undefined): string {
  return createHash('sha1')
    .update(`${HIGHLIGHTER}\0${grammarOf(lang) ?? ''}\0${code}`)
    .digest('base64');
}

/** Creates the highlighter (once) and loads the grammars of `langs` not loaded yet. Call before `highlight`. */
export async function useHighlighter(langs: Iterable<string>): Promise<void> {
  highlighter ??= createHighlighter({ themes: Object.values(THEMES), langs: [] });
  const h = await highlighter;
  const grammars = [...new Set([...langs].map(grammarOf).filter((l): l is string => l !== null && !loaded.has(l)))];
  const missing = grammars.filter((lang) => !loading.has(lang));
  if (missing.length) {
    const load = h.loadLanguage(...(missing as Parameters<Highlighter['loadLanguage']>)).then(
      () => missing.forEach((lang) => loaded.add(lang)),
      (error: unknown) => {
        for (const lang of missing) loading.delete(lang);
        throw error;
      },
    );
    for (const lang of missing) loading.set(lang, load);
  }
  await Promise.all(grammars.map((lang) => loading.get(lang)));
  ready = h;
}

/**
 * A code block's `<pre>`: highlighted when its grammar was loaded by `useHighlighter`, else escaped text.
 * Synchronous, so it can run inside mdast-util-to-hast handlers.
 */
export function highlight(code: string, lang: string | null | undefined, key = codeKey(code, lang)): string {
  const grammar = grammarOf(lang);
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let out: string;
  if (ready && grammar && loaded.has(grammar)) {
    out = highlightOnce(ready, code, grammar) ?? ready.codeToHtml(code, { lang: grammar, themes: THEMES, defaultColor: false, ...TOKENIZE });
  } else {
    out = plainBlock(code);
  }
  cache.set(key, out);
  return out;
}

/** A fenced code block: its language as written (or null) and its code, as a parsed page lists them. */
export type CodeBlock = CodeBlocks[number];

/**
 * Where a code block's highlighted HTML goes when another thread highlights it: an HTML comment with the build's
 * nonce, which no page content can produce (the sanitiser drops comments).
 */
export const codeMarker = (nonce: string, index: number) => `<!--code:${nonce}:${index}-->`;

/** `html` with each `codeMarker(nonce, i)` replaced by `highlighted[i]`. */
export function fillCodeMarkers(html: string, nonce: string, highlighted: readonly string[]): string {
  return html.replace(new RegExp(`<!--code:${nonce}:(\\d+)-->`, 'g'), (marker, i: string) => highlighted[Number(i)] ?? marker);
}

/** A code block left unhighlighted, shaped as Shiki shapes it, one `.line` span a line, so line numbers work the same. */
export function plainBlock(code: string): string {
  const lines = code.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return `<pre class="shiki plain" tabindex="0"><code>${lines.map((line) => `<span class="line">${escapeHtml(line)}</span>`).join('\n')}</code></pre>`;
}

/**
 * The dark colour of each light one, when the two themes style the same scopes in the same order (the GitHub pair
 * does): then one tokenization gives both colours, where Shiki's dual-theme mode tokenizes once per theme (3x the
 * time). Null when the themes do not pair up that way.
 */
let pairing: Map<string, string> | null | undefined;

/** TextMate's font style bits (vscode-textmate's `FontStyle`). */
const FontStyle = { Italic: 1, Bold: 2, Underline: 4, Strikethrough: 8 } as const;

function darkOf(h: Highlighter): Map<string, string> | null {
  if (pairing !== undefined) return pairing;
  const light = h.getTheme(THEMES.light);
  const dark = h.getTheme(THEMES.dark);
  const map = new Map<string, string>();
  const pair = (from: string | undefined, to: string | undefined): boolean => {
    if (!from || !to) return from === to;
    const known = map.get(from.toUpperCase());
    map.set(from.toUpperCase(), to.toUpperCase());
    return known === undefined || known === to.toUpperCase();
  };
  let paired = light.settings.length === dark.settings.length && pair(light.fg, dark.fg) && pair(light.bg, dark.bg);
  light.settings.forEach((rule, i) => {
    const other = dark.settings[i];
    paired &&=
      other !== undefined &&
      JSON.stringify(rule.scope) === JSON.stringify(other.scope) &&
      rule.settings.fontStyle === other.settings.fontStyle &&
      pair(rule.settings.foreground, other.settings.foreground) &&
      pair(rule.settings.background, other.settings.background);
  });
  pairing = paired ? map : null;
  return pairing;
}

/** Shiki's dual-theme style for a token, `--shiki-light:…;--shiki-dark:…`, from its light colours. */
function dualStyle(token: ThemedToken, dark: Map<string, string>): string | null {
  const parts: string[] = [];
  for (const [name, colour, background] of [
    ['light', token.color?.toUpperCase(), token.bgColor?.toUpperCase()],
    ['dark', token.color && dark.get(token.color.toUpperCase()), token.bgColor && dark.get(token.bgColor.toUpperCase())],
  ] as const) {
    if (token.color && !colour) return null;
    if (token.bgColor && !background) return null;
    if (colour) parts.push(`--shiki-${name}:${colour}`);
    if (background) parts.push(`--shiki-${name}-bg:${background}`);
    const style = token.fontStyle ?? 0;
    if (style & FontStyle.Italic) parts.push(`--shiki-${name}-font-style:italic`);
    if (style & FontStyle.Bold) parts.push(`--shiki-${name}-font-weight:bold`);
    const decorations = [style & FontStyle.Underline ? 'underline' : '', style & FontStyle.Strikethrough ? 'line-through' : ''].filter(Boolean);
    if (decorations.length) parts.push(`--shiki-${name}-text-decoration:${decorations.join(' ')}`);
  }
  return parts.join(';');
}

/** `highlight`'s fast path alone, uncached (for tests): null when the block needs Shiki's own dual-theme mode. */
export function highlightOnceForTest(code: string, lang: string): string | null {
  const grammar = grammarOf(lang);
  return ready && grammar && loaded.has(grammar) ? highlightOnce(ready, code, grammar) : null;
}

/**
 * Shiki's dual-theme HTML from one tokenization with the light theme, or null when that cannot give it. The HTML is
 * written straight from the tokens, as Shiki's `codeToHtml` lays it out (a test compares the two on the corpora),
 * without its syntax tree: that was a third of the time of a small block.
 */
function highlightOnce(h: Highlighter, code: string, lang: string): string | null {
  const dark = darkOf(h);
  if (!dark) return null;
  const light = h.getTheme(THEMES.light);
  const darkOfColour = (colour: string) => dark.get(colour.toUpperCase())!.toLowerCase();
  let html =
    `<pre class="shiki shiki-themes ${THEMES.light} ${THEMES.dark}" style="--shiki-light:${light.fg};--shiki-dark:${darkOfColour(light.fg)};` +
    `--shiki-light-bg:${light.bg};--shiki-dark-bg:${darkOfColour(light.bg)}" tabindex="0"><code>`;
  const lines = mergeWhitespace(
    h.codeToTokensBase(code, { lang: lang as Parameters<Highlighter['codeToTokensBase']>[1]['lang'], theme: THEMES.light, ...TOKENIZE }),
  );
  for (const [i, line] of lines.entries()) {
    html += i ? '\n<span class="line">' : '<span class="line">';
    for (const token of line) {
      const style = dualStyle(token, dark);
      if (style === null) return null;
      // An uncoloured token (a line over `TOKENIZE`'s bound) has no style, as in Shiki's HTML.
      html += `<span${style ? ` style="${style}"` : ''}>${escapeText(token.content)}</span>`;
    }
    html += '</span>';
  }
  return `${html}</code></pre>`;
}

/** hast-util-to-html's text escaping, as Shiki's HTML has it. */
const escapeText = (text: string) => text.replace(/[&<]/g, (c) => (c === '&' ? '&#x26;' : '&#x3C;'));

/** Shiki's `mergeWhitespaces`: a whitespace-only token joins the next one on its line (unless underlined or struck). */
function mergeWhitespace(lines: ThemedToken[][]): ThemedToken[][] {
  return lines.map((line) => {
    const merged: ThemedToken[] = [];
    let carried = '';
    line.forEach((token, i) => {
      const canMerge = !((token.fontStyle ?? 0) & (FontStyle.Underline | FontStyle.Strikethrough));
      if (canMerge && /^\s+$/.test(token.content) && line[i + 1]) {
        carried += token.content;
      } else if (carried) {
        if (canMerge) merged.push({ ...token, content: carried + token.content });
        else merged.push({ content: carried, offset: token.offset }, token);
        carried = '';
      } else {
        merged.push(token);
      }
    });
    return merged;
  });
}
