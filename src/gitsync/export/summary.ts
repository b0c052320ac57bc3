// A revision's page tree -> SUMMARY.md in GitBook's format, with every page at the git path the export gives it.
import { type SummaryEntry, type SummaryItem, serializeSummary } from '../../content/summary.js';
import { relativeFromDir } from '../../content/paths.js';
import { safeSlug, slugify } from '../../content/slug.js';
import { humanize } from '../outline.js';
import type { LinkTarget, RevisionPage } from '../../model/index.js';

/**
 * The SUMMARY.md text of `pages` (tree order). `pathOf` gives a document page's git path (relative to the synced
 * directory); links in the summary are written relative to `summaryDir`, the summary file's directory.
 */
export function summaryText(pages: readonly RevisionPage[], summaryDir: string, pathOf: (id: string) => string | undefined): string {
  return serializeSummary(summaryItems(pages, summaryDir, pathOf));
}

export function summaryItems(pages: readonly RevisionPage[], summaryDir: string, pathOf: (id: string) => string | undefined): SummaryItem[] {
  const children = new Map<string | null, RevisionPage[]>();
  for (const page of pages) {
    const list = children.get(page.parentId) ?? [];
    list.push(page);
    children.set(page.parentId, list);
  }
  const rel = (path: string) => relativeFromDir(summaryDir, path);
  const entries = (parentId: string): SummaryEntry[] => (children.get(parentId) ?? []).flatMap((p) => entry(p));
  const entry = (page: RevisionPage): SummaryEntry[] => {
    const kids = entries(page.id);
    switch (page.kind) {
      case 'document': {
        const path = pathOf(page.id);
        // A page without a file cannot be listed; its children take its place rather than disappear.
        if (path === undefined) return kids;
        return [{ kind: 'page', title: page.title, path: rel(path), ...(page.linkTitle ? { linkTitle: page.linkTitle } : {}), children: kids }];
      }
      case 'link':
        return [{ kind: 'link', title: page.title, target: linkTarget(page.target, rel, pathOf), children: kids }];
      case 'computed':
        return [{ kind: 'computed', ...computedTitle(page), source: page.source, props: page.props, dependencies: page.dependencies, raw: '', children: kids }];
      case 'group':
        // Groups exist only at the top level; a nested one (never imported, only built through the API) is flattened.
        return kids;
    }
  };
  return (children.get(null) ?? []).flatMap((page): SummaryItem[] => {
    if (page.kind !== 'group') return entry(page);
    const slug = page.slug !== slugify(page.title) ? { slug: page.slug && safeSlug(page.slug) } : {};
    return [{ kind: 'group', title: page.title, ...slug, children: entries(page.id) }];
  });
}

/** The import names an untitled computed page after its source; only a title of its own is written. */
function computedTitle(page: Extract<RevisionPage, { kind: 'computed' }>): { title?: string } {
  return page.title === humanize(page.source.replace(/^builtin:/, '')) ? {} : { title: page.title };
}

function linkTarget(
  target: LinkTarget,
  rel: (path: string) => string,
  pathOf: (id: string) => string | undefined,
): Extract<SummaryEntry, { kind: 'link' }>['target'] {
  switch (target.kind) {
    case 'url':
      return { url: target.url };
    case 'space':
      return { url: `https://app.gitbook.com/s/${target.space}${target.path ? `/${target.path}` : ''}` };
    case 'page': {
      const path = pathOf(target.page);
      if (path === undefined) return { url: `/broken/pages/${target.page}${target.anchor ? `#${target.anchor}` : ''}` };
      return target.anchor === undefined ? { path: rel(path) } : { path: rel(path), anchor: target.anchor };
    }
  }
}
