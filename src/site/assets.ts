/**
 * The static assets every site ships under `_quire/`: the stylesheet, the client script, the search (loaded by the
 * client script on first use) and mermaid (loaded only on pages with a diagram).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { BUILD } from '../version.js';

/** Bump when the HTML a page is rendered to changes shape: every cached page is rendered again (so does a new release). */
export const TEMPLATE_VERSION = 8;

const templates = fileURLToPath(new URL('../../templates/', import.meta.url));
const require = createRequire(import.meta.url);

export interface SiteAssets {
  files: Array<{ path: string; bytes: Buffer }>;
  /** Changes with the templates and TEMPLATE_VERSION: part of every page's cache key and asset URL. */
  version: string;
}

let loaded: SiteAssets | null = null;

export function siteAssets(): SiteAssets {
  if (loaded) return loaded;
  const files = [
    { path: '_quire/site.css', bytes: readFileSync(`${templates}site.css`) },
    { path: '_quire/site.js', bytes: readFileSync(`${templates}site.js`) },
    { path: '_quire/search.js', bytes: readFileSync(`${templates}search.js`) },
    { path: '_quire/mermaid.min.js', bytes: readFileSync(mermaidBundle()) },
  ];
  const hash = createHash('sha1').update(`${TEMPLATE_VERSION}\0${BUILD.version}`);
  for (const file of files) hash.update(file.bytes);
  loaded = { files, version: hash.digest('hex').slice(0, 10) };
  return loaded;
}

/** mermaid's self-contained IIFE build (sets `window.mermaid`); its package exports only the ESM entry. */
function mermaidBundle(): string {
  return require.resolve('mermaid').replace(/dist[\\/][^\\/]+$/, 'dist/mermaid.min.js');
}
