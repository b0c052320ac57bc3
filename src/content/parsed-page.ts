/**
 * What the importer derives from one page file, stored per blob oid (store.parsed) with its parsed body, so a page is
 * parsed once, for the API and for site builds. Bump PARSED_PAGE_VERSION whenever the shape or the parsing changes:
 * older entries are then ignored and re-derived (test/content/parsed-body.test.ts names each version's parse). A
 * record of this version made before bodies were stored has none: its page is parsed when a site renders it.
 */
export const PARSED_PAGE_VERSION = 1;

export interface ParsedLink {
  kind: 'page' | 'file' | 'anchor' | 'url' | 'broken';
  /** A repository-relative path (pages, files) or a URL. */
  target: string;
  anchor?: string;
  /** The construct it came from: 'link', 'image', 'content-ref', 'file', 'embed', 'include', 'cover', ... */
  node: string;
  /** The reference as written in the page. */
  href?: string;
  position?: { line: number };
}

export interface ParsedPageData {
  /** The text of the leading `# H1`, stripped from the body, if any. */
  h1: string | null;
  /** Every frontmatter key, as parsed. */
  frontmatter: Record<string, unknown>;
  /** Outgoing references, resolved against the page file's path. */
  links: ParsedLink[];
  /** Problems met while parsing: malformed frontmatter, binary bytes... */
  warnings: string[];
  /**
   * The repository path and space root the links were resolved against. A blob seen again at a path in another
   * directory (or another space root) is parsed again, since its relative links resolve differently there.
   */
  path?: string;
  spaceRoot?: string;
}
