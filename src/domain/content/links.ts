import type { DocumentPage, RevisionFile, RevisionPage, RevisionReusableContent } from '../../model/index.js';
import type { ParsedLink } from '../../content/parsed-page.js';
import type { RevisionIndex } from './revision-index.js';

export type LinkStatus = 'ok' | 'broken' | 'in-app';
export type LinkRelation = 'reference' | 'dependsOn';

/** What a link points at, resolved in the revision. */
export type LinkTarget =
  | { kind: 'page'; page: RevisionPage; anchor?: string }
  | { kind: 'file'; file: RevisionFile }
  | { kind: 'reusable-content'; reusableContent: RevisionReusableContent }
  | { kind: 'url'; url: string }
  /** Nothing in the revision answers to it: the target as written. */
  | { kind: 'missing'; target: string; anchor?: string };

/** One target and every page that links to it. */
export interface LinkUsage {
  status: LinkStatus;
  relation: LinkRelation;
  target: LinkTarget;
  sources: DocumentPage[];
}

export interface LinkStats {
  total: number;
  broken: number;
}

/** Constructs a page depends on (it shows them) rather than merely points to. */
const DEPENDS_ON = new Set(['include', 'image', 'figure', 'file', 'cover']);

/** Links are "in-app" when they are URLs into the application itself rather than to a page, file or site. */
export function isInAppUrl(url: string, appPrefixes: readonly string[]): boolean {
  return appPrefixes.some((prefix) => url.startsWith(prefix));
}

/**
 * Every link of the revision's document pages, grouped by target, in tree order of their first source.
 * `linksOf` gives the parsed links of one page (empty when the page was never parsed).
 */
export function collectLinks(index: RevisionIndex, linksOf: (page: DocumentPage) => readonly ParsedLink[], appPrefixes: readonly string[]): LinkUsage[] {
  const usages = new Map<string, LinkUsage>();
  for (const page of index.documents()) {
    for (const link of linksOf(page)) {
      const target = resolve(index, page, link);
      const key = keyOf(target);
      const status = statusOf(target, appPrefixes);
      const relation: LinkRelation = DEPENDS_ON.has(link.node) ? 'dependsOn' : 'reference';
      const usage = usages.get(key);
      if (!usage) usages.set(key, { status, relation, target, sources: [page] });
      else {
        if (!usage.sources.includes(page)) usage.sources.push(page);
        if (relation === 'dependsOn') usage.relation = 'dependsOn';
      }
    }
  }
  return [...usages.values()];
}

export function statsOf(usages: readonly LinkUsage[]): LinkStats {
  return { total: usages.length, broken: usages.filter((u) => u.status === 'broken').length };
}

function resolve(index: RevisionIndex, from: DocumentPage, link: ParsedLink): LinkTarget {
  const anchor = link.anchor || undefined;
  switch (link.kind) {
    case 'url': {
      const byId = /^\/reusable-content\/([^/#?]+)$/.exec(link.target)?.[1];
      const reusableContent = link.node === 'include' && byId ? index.reusable.get(byId) : undefined;
      if (reusableContent) return { kind: 'reusable-content', reusableContent };
      return link.node === 'include' && byId ? missing(link) : { kind: 'url', url: link.target };
    }
    case 'anchor':
      return { kind: 'page', page: link.target ? (index.pageAtGitPath(link.target) ?? from) : from, ...(anchor ? { anchor } : {}) };
    case 'broken':
      return missing(link);
    case 'page':
    case 'file': {
      const page = index.pageAtGitPath(link.target);
      const file = index.filesByGitPath.get(link.target);
      const reusableContent = index.reusableByGitPath.get(link.target);
      if (reusableContent) return { kind: 'reusable-content', reusableContent };
      if (link.kind === 'file' && file) return { kind: 'file', file };
      if (page) return { kind: 'page', page, ...(anchor ? { anchor } : {}) };
      if (file) return { kind: 'file', file };
      return missing(link);
    }
  }
}

function missing(link: ParsedLink): LinkTarget {
  return { kind: 'missing', target: link.target, ...(link.anchor ? { anchor: link.anchor } : {}) };
}

function statusOf(target: LinkTarget, appPrefixes: readonly string[]): LinkStatus {
  if (target.kind === 'missing') return 'broken';
  if (target.kind === 'url' && isInAppUrl(target.url, appPrefixes)) return 'in-app';
  return 'ok';
}

function keyOf(target: LinkTarget): string {
  switch (target.kind) {
    case 'page':
      return `page:${target.page.id}#${target.anchor ?? ''}`;
    case 'file':
      return `file:${target.file.id}`;
    case 'reusable-content':
      return `reusable-content:${target.reusableContent.id}`;
    case 'url':
      return `url:${target.url}`;
    case 'missing':
      return `missing:${target.target}#${target.anchor ?? ''}`;
  }
}
