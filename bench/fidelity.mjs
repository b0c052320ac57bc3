// Markdown fidelity and parse speed over the GitBook-exported corpora (run after `npx tsc -p tsconfig.json`).
// One JSON line per figure on stdout. Each figure is one function of the loaded pages: add one to FIGURES.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib.mjs';

const { parsePageFile, serializePageFile } = await import('../dist/content/page-file.js');
const { documentRoundTrip } = await import('../dist/content/document/index.js');

const CORPORA_DIR = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
const CORPORA = ['git-sync-normalization', 'public-docs', 'beefree-sdk-docs'];

function markdownFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith('.md') ? [path] : [];
  });
}

/** parse -> serialise gives the same bytes. */
function fidelityMdRoundtrip(pages) {
  const same = pages.filter(({ text }) => serializePageFile(parsePageFile(text)) === text).length;
  const value = Math.round((10000 * same) / pages.length) / 100;
  return { name: 'fidelity_md_roundtrip', value, pages: pages.length, same, unit: '%' };
}

/** The same, over what GitBook wrote: pages linked from a SUMMARY.md, and `.gitbook/includes`. */
function fidelityGitbookPages(pages) {
  const linked = new Set();
  for (const { path, text } of pages.filter(({ path }) => path.endsWith('/SUMMARY.md'))) {
    for (const [, target] of text.matchAll(/\]\(<?([^)>]+\.md)>?\)/g)) linked.add(resolve(dirname(path), decodeURI(target)));
  }
  const written = pages.filter(({ path }) => linked.has(path) || path.includes('/.gitbook/includes/'));
  const same = written.filter(({ text }) => serializePageFile(parsePageFile(text)) === text).length;
  const value = Math.round((10000 * same) / written.length) / 100;
  return { name: 'fidelity_md_gitbook_pages', value, pages: written.length, same, unit: '%' };
}

/** markdown -> GitBook document JSON -> markdown gives the same bytes (the document step's own fidelity). */
function fidelityMdDocMd(pages) {
  const same = pages.filter(({ text }) => documentRoundTrip(text) === text).length;
  const value = Math.round((10000 * same) / pages.length) / 100;
  return { name: 'fidelity_md_doc_md', value, pages: pages.length, same, unit: '%' };
}

/** Pages parsed per second (median of 5 passes over every page, after one warm-up pass). */
function parsePagesPerSecond(pages) {
  const bytes = pages.reduce((sum, { text }) => sum + Buffer.byteLength(text), 0);
  const rates = [];
  for (let run = 0; run < 6; run++) {
    const start = process.hrtime.bigint();
    for (const { text } of pages) parsePageFile(text);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (run > 0) rates.push(pages.length / seconds);
  }
  return { name: 'parse_pages_per_s', value: Math.round(median(rates)), runs: rates.length, pages: pages.length, avgBytes: Math.round(bytes / pages.length), unit: 'pages/s' };
}

const FIGURES = [fidelityMdRoundtrip, fidelityGitbookPages, fidelityMdDocMd, parsePagesPerSecond];

const pages = CORPORA.flatMap((corpus) => markdownFiles(join(CORPORA_DIR, corpus))).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
for (const figure of FIGURES) console.log(JSON.stringify(figure(pages)));
