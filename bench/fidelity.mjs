// Markdown fidelity and parse speed over the GitBook-exported corpora (run after `npx tsc -p tsconfig.json`).
// One JSON line per figure on stdout. Each figure is one function of the loaded pages: add one to FIGURES.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib.mjs';

const { parsePageFile, serializePageFile } = await import('../dist/content/page-file.js');
const { documentRoundTrip, toDocument } = await import('../dist/content/document/index.js');
const { parseMarkdown, readMarkdown } = await import('../dist/content/markdown/index.js');
const { splitFrontmatter } = await import('../dist/content/frontmatter.js');
const { isDeepStrictEqual } = await import('node:util');

const CORPORA_DIR = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
const CORPORA = ['git-sync-normalization', 'public-docs', 'beefree-sdk-docs'];
/** At most this many differing files are listed per figure (`differsCount` has them all). */
const DIFFERS_CAP = 50;

function markdownFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith('.md') ? [path] : [];
  });
}

/** The share of `pages` for which `exact` holds, with the files where it does not. */
function fidelity(name, pages, exact) {
  const differing = pages.filter((page) => !exact(page.text)).map(({ path }) => relative(CORPORA_DIR, path));
  const same = pages.length - differing.length;
  const value = Math.round((10000 * same) / pages.length) / 100;
  return { name, value, pages: pages.length, same, unit: '%', differsCount: differing.length, differs: differing.slice(0, DIFFERS_CAP) };
}

/** parse -> serialise gives the same bytes. */
function fidelityMdRoundtrip(pages) {
  return fidelity('fidelity_md_roundtrip', pages, (text) => serializePageFile(parsePageFile(text)) === text);
}

/** The same, over what GitBook wrote: pages linked from a SUMMARY.md, and `.gitbook/includes`. */
function fidelityGitbookPages(pages) {
  const linked = new Set();
  for (const { path, text } of pages.filter(({ path }) => path.endsWith('/SUMMARY.md'))) {
    for (const [, target] of text.matchAll(/\]\(<?([^)>]+\.md)>?\)/g)) linked.add(resolve(dirname(path), decodeURI(target)));
  }
  const written = pages.filter(({ path }) => linked.has(path) || path.includes('/.gitbook/includes/'));
  return fidelity('fidelity_md_gitbook_pages', written, (text) => serializePageFile(parsePageFile(text)) === text);
}

/** markdown -> GitBook document JSON -> markdown gives the same bytes (the document step's own fidelity). */
function fidelityMdDocMd(pages) {
  return fidelity('fidelity_md_doc_md', pages, (text) => documentRoundTrip(text) === text);
}

/** The same with the markdown writer alone: no original to keep the bytes of unchanged blocks from. */
function fidelityMdDocMdWriterAlone(pages) {
  return fidelity('fidelity_md_doc_md_writer_alone', pages, (text) => documentRoundTrip(text, {}, true) === text);
}

/** What an escaped block is, from the markdown it keeps (escape.ts stores it in a `code` block's `data.markdown`). */
function escapeKind(markdown) {
  if (markdown.startsWith('<table data-view="cards"')) return 'cards-table';
  if (markdown.startsWith('<table')) return 'html-table';
  if (markdown.startsWith('<pre')) return 'pre-code';
  if (/^<div[^>]*>\s*<figure/.test(markdown)) return 'figure-wrapper';
  if (markdown.startsWith('<figure')) return 'figure';
  const liquid = /^\{%\s*([\w@/-]+)/.exec(markdown);
  if (liquid) return `liquid:${liquid[1]}`;
  const html = /^<([a-z][a-z0-9]*)/i.exec(markdown);
  if (html) return `html:${html[1].toLowerCase()}`;
  if (markdown.startsWith('<!--')) return 'html:comment';
  if (markdown.startsWith('|')) return 'gfm-table';
  if (/^(?:[*+-]|\d+[.)])\s/.test(markdown)) return 'list';
  return 'other';
}

/** The escape hatch: pages with at least one escaped block, and escaped blocks per kind (largest first). */
function documentEscapeRate(pages) {
  const blocks = {};
  const pageKinds = {};
  const escaped = [];
  for (const { path, text } of pages) {
    const kinds = new Set();
    const walk = (node) => {
      if (node.object === 'block' && node.type === 'code' && typeof node.data?.markdown === 'string') {
        const kind = escapeKind(node.data.markdown);
        blocks[kind] = (blocks[kind] ?? 0) + 1;
        kinds.add(kind);
      }
      for (const child of node.nodes ?? []) walk(child);
      for (const fragment of node.fragments ?? []) for (const child of fragment.nodes ?? []) walk(child);
    };
    for (const block of toDocument(parsePageFile(text).body).nodes) walk(block);
    for (const kind of kinds) pageKinds[kind] = (pageKinds[kind] ?? 0) + 1;
    if (kinds.size > 0) escaped.push(relative(CORPORA_DIR, path));
  }
  const sorted = (counts) => Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1]));
  const value = Math.round((10000 * escaped.length) / pages.length) / 100;
  const blockCount = Object.values(blocks).reduce((sum, n) => sum + n, 0);
  return {
    name: 'document_escape_rate',
    value,
    unit: '% of pages',
    pages: pages.length,
    pagesEscaped: escaped.length,
    blocksEscaped: blockCount,
    blocksByKind: sorted(blocks),
    pagesByKind: sorted(pageKinds),
    differsCount: escaped.length,
    differs: escaped.slice(0, DIFFERS_CAP),
  };
}

/** Pages parsed per second with `parse` (median of 5 passes over every page, after one warm-up pass). */
function pagesPerSecond(name, pages, parse) {
  const bytes = pages.reduce((sum, { text }) => sum + Buffer.byteLength(text), 0);
  const rates = [];
  for (let run = 0; run < 6; run++) {
    const start = process.hrtime.bigint();
    for (const { text } of pages) parse(text);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (run > 0) rates.push(pages.length / seconds);
  }
  return { name, value: Math.round(median(rates)), runs: rates.length, pages: pages.length, avgBytes: Math.round(bytes / pages.length), unit: 'pages/s' };
}

/** parsePageFile as an edit parses a page (micromark, positions for the writer). */
const parsePagesPerSecond = (pages) => pagesPerSecond('parse_pages_per_s', pages, (text) => parsePageFile(text));

/** parsePageFile as the importer and the site build read a page (markdown-it). */
const readPagesPerSecond = (pages) => pagesPerSecond('read_pages_per_s', pages, (text) => parsePageFile(text, { parse: readMarkdown }));

/** The tree without what only the markdown writer reads (positions, destinations as written). */
function readable(root) {
  return JSON.parse(
    JSON.stringify(root, (key, value) => {
      if (key === 'position' || key === 'sourceDestination') return undefined;
      if (key === 'data' && value && Object.keys(value).every((k) => k === 'sourceDestination')) return undefined;
      return value;
    }),
  );
}

/** readMarkdown gives the tree parseMarkdown gives (the reading parser's fidelity). */
function readSameTree(pages) {
  return fidelity('read_md_same_tree', pages, (text) => {
    const body = splitFrontmatter(text).body;
    return isDeepStrictEqual(readable(readMarkdown(body)), readable(parseMarkdown(body)));
  });
}

const FIGURES = [
  fidelityMdRoundtrip,
  fidelityGitbookPages,
  fidelityMdDocMd,
  fidelityMdDocMdWriterAlone,
  documentEscapeRate,
  readSameTree,
  parsePagesPerSecond,
  readPagesPerSecond,
];

const pages = CORPORA.flatMap((corpus) => markdownFiles(join(CORPORA_DIR, corpus))).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
for (const figure of FIGURES) console.log(JSON.stringify(figure(pages)));
