/** A page file: frontmatter, the `# Title` line, and the body, read and written byte for byte. */
import type { Heading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { frontmatterText, frontmatterUnchanged, splitFrontmatter, type Frontmatter } from './frontmatter.js';
import { markdownOf } from './markdown/stringify.js';
import { sameContent } from './markdown/same-content.js';
import { type Original, writeBack } from './markdown/write-back.js';
import { parseMarkdown } from './markdown/parse.js';

export interface PageFile {
  frontmatter: Frontmatter;
  /** The text of the leading `# H1` (stripped from the body), or null when the page has none. */
  title: string | null;
  /** The rest of the page; headings as written in the file. */
  body: Root;
  /** The text `body` was parsed from (its positions are offsets into it); absent on a page built in memory. */
  source?: string;
  warnings: string[];
}

declare module 'mdast' {
  interface RootData {
    /** The leading H1 as parsed, so an unchanged title is written back as it was. */
    titleHeading?: Heading;
  }
}

export interface PageFileOptions {
  /** The page's title from SUMMARY.md: the leading H1 is stripped only when its text equals it (gitsync-format §3.2). */
  title?: string | null;
  /** The markdown parser: `parseMarkdown` (the default) for a tree that is edited and written back, `readMarkdown` to read. */
  parse?: (markdown: string) => Root;
}

/** Whether a leading H1 is the page title rather than content: always without a SUMMARY title, else when equal. */
export const isTitleHeading = (heading: Heading, title?: string | null): boolean =>
  title === undefined || title === null || toString(heading).trim() === title.trim();

export function parsePageFile(text: string, options: PageFileOptions = {}): PageFile {
  const warnings: string[] = [];
  if (text.includes('\u0000')) warnings.push('the file contains NUL bytes: it looks binary, not markdown');
  const split = splitFrontmatter(text);
  warnings.push(...split.warnings);
  const body = (options.parse ?? parseMarkdown)(split.body);
  const first = body.children[0];
  let title: string | null = null;
  if (first?.type === 'heading' && first.depth === 1 && isTitleHeading(first, options.title)) {
    body.children.shift();
    title = toString(first);
    body.data = { ...body.data, titleHeading: first };
  }
  return { frontmatter: split.frontmatter, title, body, source: split.body, warnings };
}

/**
 * A body parsed without knowing the page's title, as it reads under `title`: a stripped H1 that differs from
 * the title is content, and comes back as the body's first block.
 */
export function bodyUnderTitle(body: Root, title: string | null | undefined): Root {
  const heading = body.data?.titleHeading;
  if (!heading || isTitleHeading(heading, title)) return body;
  const { titleHeading: _heading, ...data } = body.data ?? {};
  return { ...body, children: [heading, ...body.children], data };
}

/**
 * The page file's text. Given the page it was read from (`original`, parsed with positions), every block that did
 * not change keeps its bytes, and so do the blank lines between them: only what changed is written again.
 */
export function serializePageFile(page: PageFile, original?: PageFile): string {
  const { body, title } = page;
  const stored = body.data?.titleHeading;
  const { titleHeading: _stored, ...data } = body.data ?? {};
  const children = [...body.children];
  // A file keeps the title its way: a leading H1 read as content (it differs from the title) stays its only H1,
  // and a file whose title lives elsewhere (SUMMARY.md, frontmatter) gains none unless the new text brings one.
  const leading = original?.body.data?.titleHeading;
  const first = children[0];
  const kept = leading !== undefined && toString(leading) !== title && first?.type === 'heading' && first.depth === 1 && sameContent(first, leading);
  const untitled = original?.source !== undefined && leading === undefined && stored === undefined;
  if (title !== null && !kept && !untitled) {
    const heading: Heading = stored && toString(stored) === title ? stored : { type: 'heading', depth: 1, children: [{ type: 'text', value: title }] };
    children.unshift(heading);
  }
  const head = frontmatterText(page.frontmatter);
  // New frontmatter is followed by one blank line, as in every GitBook export; a page without starts at once.
  if (!frontmatterUnchanged(page.frontmatter)) data.leadingBlankLines = head ? 1 : undefined;
  const root: Root = { type: 'root', children, data };
  const before = original && asParsed(original);
  return head + (before ? writeBack(root, before) : markdownOf(root));
}

/** The text after the frontmatter and the tree it parsed to (the `# Title` included), when `page` was parsed from a file. */
export function asParsed(page: PageFile): Original | undefined {
  if (page.source === undefined) return undefined;
  const { titleHeading, ...data } = page.body.data ?? {};
  return { text: page.source, root: { type: 'root', children: titleHeading ? [titleHeading, ...page.body.children] : page.body.children, data } };
}
