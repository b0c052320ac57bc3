// importContent* (0.143.2): `{url, source}` -> an import plan (pages, files, failures). `website` crawls a site,
// `markdown` and `html` are one page (their images downloaded), `zip` is a tree of markdown files and assets read
// like a Git Sync repository, `docx` a Word document. Sources that need a cloud account are refused.
import type { Root } from 'mdast';
import { serializePageFile } from '../../content/page-file.js';
import { isAbsoluteUrl } from '../../content/paths.js';
import { invalidInput, notSupported } from '../core/errors.js';
import { parsePageFileOffThread } from './page-file-parse.js';
import { crawlWebsite } from '../imports/crawler.js';
import { planDocx } from '../imports/docx.js';
import { HtmlLimitError, pageMarkdown, parseHtml } from '../../content/html-to-markdown.js';
import { downloadImages } from '../imports/images.js';
import { type ImportPlan, splitHash } from '../imports/plan.js';
import { type ImportSettings, LIMITS } from '../imports/settings.js';
import { type Read, readResource, type SourceAccess, shorten } from '../imports/source.js';
import { planTree, type TreeOutliner } from '../imports/tree.js';
import { readZip } from '../imports/zip.js';

export type ImportSource = 'website' | 'docx' | 'markdown' | 'html' | 'zip' | 'confluence' | 'github-wiki' | 'notion' | 'google-docs';

export interface ImportInput {
  url: string;
  source: ImportSource;
}

export interface ReadOptions extends SourceAccess {
  settings: ImportSettings;
  /** The Git Sync outline of a file tree (installed by the gitsync layer); zip imports need it. */
  outliner?: TreeOutliner;
}

const CLOUD: Partial<Record<ImportSource, string>> = {
  notion: 'a Notion workspace',
  confluence: 'a Confluence site',
  'google-docs': 'a Google account',
  'github-wiki': 'a GitHub account',
};

const EXTENSIONS: Partial<Record<ImportSource, RegExp>> = {
  markdown: /\.(md|markdown|mdx|txt)$/i,
  html: /\.(html?|xhtml)$/i,
  zip: /\.zip$/i,
  docx: /\.docx$/i,
};

export async function readImport(input: ImportInput, options: ReadOptions): Promise<ImportPlan> {
  const cloud = CLOUD[input.source];
  if (cloud) {
    throw invalidInput(
      `source: "${input.source}" imports read ${cloud} through GitBook's cloud, which this server has no account for; export the content as markdown, HTML, a zip or a docx file and import that`,
    );
  }
  switch (input.source) {
    case 'website':
      return crawlWebsite(input.url, options, options.settings);
    case 'markdown':
    case 'html': {
      const read = await readResource(input.url, 'url', pageAccess(options), LIMITS.pageBytes, EXTENSIONS[input.source]);
      return input.source === 'html' ? planHtml(read, options) : planMarkdown(read, options);
    }
    case 'zip': {
      if (!options.outliner) throw notSupported('source: "zip" imports need Git Sync, which `docs serve` installs');
      const read = await readResource(input.url, 'url', pageAccess(options), LIMITS.archiveBytes, EXTENSIONS.zip);
      return planTree(await readZip(read.bytes, 'url'), options.outliner, 'url');
    }
    case 'docx': {
      const read = await readResource(input.url, 'url', pageAccess(options), LIMITS.archiveBytes, EXTENSIONS.docx);
      return planDocx(read.bytes, titleOf(read.url), 'url');
    }
    default:
      throw invalidInput(`source: "${String(input.source)}" is not an import source`);
  }
}

/** Single resources are read with the import timeout. */
const pageAccess = (options: ReadOptions): SourceAccess => ({ ...options, policy: { ...options.policy, timeoutMs: options.settings.timeoutMs } });

async function planHtml(read: Read, options: ReadOptions): Promise<ImportPlan> {
  const base = /^(https?|file):/i.test(read.url) ? read.url : undefined;
  let page: ReturnType<typeof parseHtml>;
  try {
    page = parseHtml(decodeText(read.bytes), base);
  } catch (error) {
    if (error instanceof HtmlLimitError) throw invalidInput(`url: ${error.message}`);
    throw error;
  }
  const images = await downloadImages(
    page.images.filter((url) => readable(url, read.url)),
    pageAccess(options),
  );
  const title = page.title ?? titleOf(read.url);
  return {
    pages: [{ key: read.url, parent: null, title, markdown: (resolve) => pageMarkdown({ title: page.title, root: page.root }, (url) => resolve(url)) }],
    files: images.files,
    failures: images.failures,
    skipped: images.skipped,
  };
}

/** Markdown is kept as written, unless its images are downloaded: then their references change, and only them. */
async function planMarkdown(read: Read, options: ReadOptions): Promise<ImportPlan> {
  const text = decodeText(read.bytes);
  const base = /^(https?|file):/i.test(read.url) ? read.url : undefined;
  const file = await parsePageFileOffThread(text, 'url');
  const sources = new Map<string, string>();
  visitImages(file.body, (src) => {
    const url = absolute(src, base);
    if (url && readable(url, read.url)) sources.set(src, url);
    return undefined;
  });
  const images = await downloadImages([...sources.values()], pageAccess(options));
  const markdown: ImportPlan['pages'][number]['markdown'] =
    images.files.length === 0
      ? () => text
      : (resolve) => {
          visitImages(file.body, (src) => {
            const url = sources.get(src);
            return url === undefined ? undefined : resolve(url);
          });
          return serializePageFile({ ...file, warnings: [] });
        };
  return { pages: [{ key: read.url, parent: null, markdown }], files: images.files, failures: images.failures, skipped: images.skipped };
}

/** Image sources of a page body (images and GitBook figures); `rewrite` may replace them. */
function visitImages(root: Root, rewrite: (src: string) => string | undefined): void {
  const stack: { type: string; children?: unknown[]; [key: string]: unknown }[] = [root as never];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const fields = node.type === 'image' ? ['url'] : node.type === 'figure' ? ['src', 'srcDark'] : [];
    for (const field of fields) {
      const value = node[field];
      if (typeof value !== 'string') continue;
      const next = rewrite(value);
      if (next !== undefined) node[field] = next;
    }
    for (const child of node.children ?? []) stack.push(child as never);
  }
}

function absolute(src: string, base: string | undefined): string | undefined {
  if (src.startsWith('data:')) return src;
  if (isAbsoluteUrl(src) && !src.startsWith('//')) return src;
  if (!base) return undefined;
  try {
    return new URL(splitHash(src)[0], base).href;
  } catch {
    return undefined;
  }
}

/** A page from the web shows web images; a page from the import folder may also show files beside it. */
function readable(url: string, from: string): boolean {
  if (/^(https?|data):/i.test(url)) return true;
  return /^file:/i.test(url) && /^file:/i.test(from);
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw invalidInput('url: the content is not UTF-8 text');
  }
}

/** `Getting started` from `.../getting-started.docx`. */
function titleOf(url: string): string {
  if (url.startsWith('data:')) return 'Imported document';
  let name = url.split(/[?#]/)[0]!.split('/').pop() ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // kept as written
  }
  const words = name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : shorten(url);
}
