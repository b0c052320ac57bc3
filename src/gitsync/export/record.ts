// After an export, the revision as the commit holds it: every page, file and include at the path and blob it was
// exported as, so `blob !== git.oid` again means "changed since the last sync".
import { withSafeSlugs } from '../../domain/content-writes/page-tree.js';
import type { RevisionContent, RevisionPage } from '../../model/index.js';
import type { ExportPlan } from './plan.js';

/** The exported revision with its git refs brought up to date; null when they already are. */
export function recordedContent(next: RevisionContent, plan: ExportPlan): RevisionContent | null {
  const repaired = withSafeSlugs(next.pages);
  let changed = repaired !== next.pages;
  const pages = repaired.map((page): RevisionPage => {
    if (page.kind !== 'document') return page;
    const path = plan.paths.pages.get(page.id)!;
    const exported = plan.pageBlobs.get(page.id);
    const oid = exported === undefined ? (page.git?.oid ?? page.blob) : typeof exported === 'string' ? exported : exported.oid;
    const blob = typeof exported === 'object' ? exported.oid : page.blob;
    if (page.blob === blob && page.git?.oid === oid && page.git.path === path) return page;
    changed = true;
    return { ...page, blob, git: { oid, path } };
  });
  const withPath = <T extends { id: string; blob: string | null; git: { oid: string; path: string } | null }>(items: T[], paths: Map<string, string>): T[] =>
    items.map((item) => {
      const path = paths.get(item.id)!;
      if (item.blob === null || (item.git?.oid === item.blob && item.git.path === path)) return item;
      changed = true;
      return { ...item, git: { oid: item.blob, path } };
    });
  const files = withPath(next.files, plan.paths.files);
  const reusableContents = withPath(next.reusableContents, plan.paths.includes);
  return changed ? { pages, files, reusableContents, variables: next.variables } : null;
}
