// Lossless content budgets (issue 19), from a build's `dist/` (run `npm run build` first):
// - `document_get_50kb_ms`: a 50 KB page read as GitBook's document, as a cold `GET ?format=document` does it
//   (parse the page file, build the document); no slower than before.
// - `write_back_one_block_50kb_ms`: a one-leaf edit of that page written back against the file (the write-back),
//   <= 5 ms; beside it `serialize_whole_50kb_ms`, the writer alone over the whole page (how every write went before).
// - `document_write_back_50kb_ms`: the same edit made in the document: document -> markdown tree -> write-back.
// The page is GitBook-exported pages of public-docs, in order, joined until 50 KB.
// `--root <dir>`: a checkout whose `dist/` to measure (bench/ab.mjs --shared passes the earlier commit's); figures
// that checkout cannot produce are left out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { emit, median, round } from './lib.mjs';

const { values: opt } = parseArgs({ options: { root: { type: 'string' }, runs: { type: 'string', default: '40' } } });
const root = resolve(opt.root ?? fileURLToPath(new URL('..', import.meta.url)));
const dist = (path) => import(new URL(`dist/${path}`, `file://${root}/`).href);
const { parsePageFile, serializePageFile } = await dist('content/page-file.js');
const { toDocument, fromDocument } = await dist('content/document/index.js');
const { splitFrontmatter } = await dist('content/frontmatter.js');
const markdown = await dist('content/markdown/index.js');
const RUNS = Number(opt.runs);
const SIZE = 50 * 1024;

const corpus = fileURLToPath(new URL('../../shared/corpora/public-docs/documentation/', import.meta.url));
const files = (dir) =>
  readdirSync(dir)
    .sort()
    .flatMap((name) =>
      statSync(join(dir, name)).isDirectory()
        ? name.startsWith('.')
          ? []
          : files(join(dir, name))
        : name.endsWith('.md') && name !== 'SUMMARY.md'
          ? [join(dir, name)]
          : [],
    );
let page = '# Fifty kilobytes\n';
for (const file of files(corpus)) {
  if (page.length >= SIZE) break;
  page += `\n${splitFrontmatter(readFileSync(file, 'utf8')).body.replace(/^\n*# .*\n/, '')}`;
}

function time(fn, setup = () => undefined) {
  const samples = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const input = setup();
    const started = performance.now();
    fn(input);
    if (i >= 3) samples.push(performance.now() - started);
  }
  return { median: round(median(samples), 3), p90: round(samples.sort((a, b) => a - b)[Math.floor(samples.length * 0.9)], 3) };
}

const figure = (name, measured, extra = {}) =>
  emit({ name, value: measured.median, median: measured.median, p90: measured.p90, unit: 'ms', runs: RUNS, bytes: page.length, ...extra });

figure(
  'document_get_50kb_ms',
  time(() => toDocument(parsePageFile(page).body)),
);

const parsed = parsePageFile(page);
/** The body with one word of its middle paragraph changed, on a fresh copy. */
function edited() {
  const body = structuredClone(parsed.body);
  const paragraphs = body.children.filter((node) => node.type === 'paragraph' && node.children[0]?.type === 'text');
  const text = paragraphs[paragraphs.length >> 1].children[0];
  text.value = text.value.replace(/\w+/, 'Edited');
  return { ...parsed, body };
}
/** The stored page as a write finds it: parsed afresh (nothing about it computed yet). */
const original = () => ({ ...parsed, body: structuredClone(parsed.body) });
figure(
  'serialize_whole_50kb_ms',
  time((next) => serializePageFile(next), edited),
);
if (markdown.writeBack) {
  const out = serializePageFile(edited(), parsed);
  const changedLines = out.split('\n').filter((line, i) => line !== page.split('\n')[i]).length;
  const write = ([next, file]) => serializePageFile(next, file);
  figure(
    'write_back_one_block_50kb_ms',
    time(write, () => [edited(), original()]),
    { budget_ms: 5, changedLines },
  );

  const doc = toDocument(parsed.body);
  const leafEdited = () => {
    const copy = structuredClone(doc);
    const paragraph = copy.nodes.filter((node) => node.type === 'paragraph')[doc.nodes.filter((node) => node.type === 'paragraph').length >> 1];
    const leaf = paragraph.nodes.find((node) => node.object === 'text').leaves[0];
    leaf.text = `Edited ${leaf.text}`;
    return copy;
  };
  figure(
    'document_write_back_50kb_ms',
    time(
      ([copy, file]) => serializePageFile({ ...parsed, body: fromDocument(copy) }, file),
      () => [leafEdited(), original()],
    ),
  );
}
