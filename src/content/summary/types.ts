// The SUMMARY.md table of contents as a tree. Paths are relative to the summary's directory (the space root).

/** `## Title <a href="#slug" id="slug"></a>`: a top-level page group; groups never nest. */
export interface SummaryGroup {
  kind: 'group';
  title: string;
  slug?: string;
  children: SummaryEntry[];
}

/** `* [Title](path.md "link title")`: a document page backed by a markdown file. */
export interface SummaryPage {
  kind: 'page';
  title: string;
  path: string;
  linkTitle?: string;
  children: SummaryEntry[];
}

/** A link page: an absolute URL (including app.gitbook.com/s/...), or a repository file/anchor such as `page.md#id`. */
export interface SummaryLink {
  kind: 'link';
  title: string;
  target: { url: string } | { path: string; anchor?: string };
  linkTitle?: string;
  children: SummaryEntry[];
}

/** A fenced YAML item (`builtin:openapi`); `raw` is the fence body, written back unchanged. */
export interface SummaryComputed {
  kind: 'computed';
  title?: string;
  source: string;
  props: Record<string, unknown>;
  dependencies: Record<string, unknown>;
  raw: string;
  children: SummaryEntry[];
}

export type SummaryEntry = SummaryPage | SummaryLink | SummaryComputed;
export type SummaryItem = SummaryGroup | SummaryEntry;

export interface SummaryResult {
  items: SummaryItem[];
  warnings: string[];
}

export interface ParseSummaryOptions {
  /**
   * Directory of the summary, relative to the repository root. Page paths may climb out of the summary's directory
   * (`../README.md`) up to the repository root, never above it. Default '': nothing above the summary's directory.
   */
  base?: string;
}
