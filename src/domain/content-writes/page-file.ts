// Page metadata + body -> the page file GitBook would write: frontmatter, `# Title`, body (gitsync-format §3).
import type { Root } from 'mdast';
import type { Frontmatter } from '../../content/frontmatter.js';
import { parsePageFile, serializePageFile } from '../../content/page-file.js';
import type { DocumentPage } from '../../store/index.js';

/** The frontmatter keys page metadata owns; every other key of a page file is kept as it is. */
const FLAGS = ['hidden', 'noIndex', 'noRobotsIndex'] as const;

export interface PageFileParts {
  frontmatter: Frontmatter;
  body: Root;
}

/** A page file split into its frontmatter, `# Title` (page metadata, null when absent) and body. */
export function readPageFile(text: string): PageFileParts & { title: string | null } {
  const page = parsePageFile(text);
  const { titleHeading: _title, ...data } = page.body.data ?? {};
  return { frontmatter: page.frontmatter, title: page.title, body: { ...page.body, data } };
}

/**
 * The text of the page file: known keys follow the page record (written only when set, as GitBook does);
 * other keys (`if`, the adaptive-content condition, among them) stay in their place.
 */
export function writePageFile(page: DocumentPage, parts: PageFileParts): string {
  const data: Record<string, unknown> = { ...parts.frontmatter.data };
  setKey(data, 'description', page.description || undefined);
  setKey(data, 'icon', page.icon || undefined);
  for (const flag of FLAGS) setKey(data, flag, page[flag] ? true : undefined);
  return serializePageFile({ frontmatter: { data, raw: parts.frontmatter.raw }, title: page.title, body: parts.body, warnings: [] });
}

export function setKey(data: Record<string, unknown>, key: string, value: unknown): void {
  if (value === undefined) delete data[key];
  else data[key] = value;
}
