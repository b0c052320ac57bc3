// What an import read, before it lands: pages (in tree order, parents first) and files, each known by a key (its
// URL or archive path), and the resources that could not be read. References between them go through keys, so a
// page links to `/pages/<id>` and `/files/<id>` once the ids are chosen.

/** A key's API reference (`/pages/<id>` or `/files/<id>`), or undefined when nothing imported has that key. */
export type Resolve = (key: string) => string | undefined;

export interface PlannedPage {
  key: string;
  /** The key of the parent page; null for a page at the top of the import. */
  parent: string | null;
  /** A SUMMARY `##` group: a page that only holds pages. */
  group?: boolean;
  /** The title when the text names none. */
  title?: string;
  /** The page file text (frontmatter, `# Title`, body) with its references to imported resources resolved. */
  markdown(resolve: Resolve): string;
}

export interface PlannedFile {
  key: string;
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface ImportFailure {
  /** The URL or archive path. */
  resource: string;
  reason: string;
}

export interface ImportPlan {
  pages: PlannedPage[];
  files: PlannedFile[];
  /** Resources that were tried and could not be imported. */
  failures: ImportFailure[];
  /** Resources left alone on purpose (robots.txt, limits, other sites), for the import report. */
  skipped: string[];
}

/** Resources processed and imported: what the API answers. */
export function counts(plan: ImportPlan): { importedResources: number; totalResources: number } {
  const imported = plan.pages.filter((p) => !p.group).length + plan.files.length;
  return { importedResources: imported, totalResources: imported + plan.failures.length };
}

/** `url#hash` -> [`url`, `#hash`] */
export function splitHash(url: string): [string, string] {
  const at = url.indexOf('#');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}
