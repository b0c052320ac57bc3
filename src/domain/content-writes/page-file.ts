import { AsyncLocalStorage } from 'node:async_hooks';
// Page metadata + body -> the page file GitBook would write: frontmatter, `# Title`, body (gitsync-format §3).
import type { Root } from 'mdast';
import type { Frontmatter } from '../../content/frontmatter.js';
import { type PageFile, parsePageFile, serializePageFile } from '../../content/page-file.js';
import type { DocumentPage } from '../../model/index.js';
import { checkMarkdownLimits, parsePageFileOffThread } from './page-file-parse.js';

/** The frontmatter keys page metadata owns; every other key of a page file is kept as it is. */
const FLAGS = ['hidden', 'noIndex', 'noRobotsIndex'] as const;

export interface PageFileParts {
  frontmatter: Frontmatter;
  body: Root;
}

/**
 * A page file split into its frontmatter, `# Title` (page metadata, null when absent; its heading stays in the body's
 * data) and body, with the file as parsed (`original`): writing the page against it keeps the bytes of every block
 * that did not change.
 */
export function readPageFile(text: string): PageFileParts & { title: string | null; original: PageFile } {
  const page = parsedPages.getStore()?.get(text) ?? parseChecked(text);
  return { frontmatter: page.frontmatter, title: page.title, body: page.body, original: page };
}

/** A stored page file parsed here: only within the markdown limits. */
function parseChecked(text: string): PageFile {
  checkMarkdownLimits(text, 'the stored page file');
  return parsePageFile(text);
}

/** Page files parsed off the request thread, read by `readPageFile` while `usingParsedPages` runs. */
const parsedPages = new AsyncLocalStorage<ReadonlyMap<string, PageFile>>();

/** The markdown texts parsed off the request thread, within the markdown limits (errors name the field). */
export async function parsePages(inputs: ReadonlyArray<{ text: string; field: string }>): Promise<ReadonlyMap<string, PageFile>> {
  const pages = new Map<string, PageFile>();
  for (const { text, field } of inputs) if (!pages.has(text)) pages.set(text, await parsePageFileOffThread(text, field));
  return pages;
}

/** Runs `apply` (synchronous) with `pages` from `parsePages`, so its `readPageFile` calls do no markdown work. */
export async function usingParsedPages<T>(pages: ReadonlyMap<string, PageFile>, apply: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await parsedPages.run(pages, apply);
  } finally {
    // Off once no batch uses it: while any AsyncLocalStorage is in use, Node 20 runs a hook on every promise.
    if (--running === 0) parsedPages.disable();
  }
}

let running = 0;

/**
 * The text of the page file: known keys follow the page record (written only when set, as GitBook does);
 * other keys (`if`, the adaptive-content condition, among them) stay in their place.
 */
export function writePageFile(page: DocumentPage, parts: PageFileParts, original?: PageFile): string {
  const data: Record<string, unknown> = { ...parts.frontmatter.data };
  setKey(data, 'description', page.description || undefined);
  setKey(data, 'icon', page.icon || undefined);
  for (const flag of FLAGS) setKey(data, flag, page[flag] ? true : undefined);
  return serializePageFile({ frontmatter: { data, raw: parts.frontmatter.raw }, title: page.title, body: parts.body, warnings: [] }, original);
}

export function setKey(data: Record<string, unknown>, key: string, value: unknown): void {
  if (value === undefined) delete data[key];
  else data[key] = value;
}
