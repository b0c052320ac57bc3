// Outline + parsed pages + files -> the content of a new revision (pages in tree order, stable ids).
import { parse as parseYaml } from 'yaml';
import { basename, dirname, joinPath } from '../content/paths.js';
import { safeSlug, slugify } from '../content/slug.js';
import type { ParsedPageData } from '../content/parsed-page.js';
import type { DocumentPage, PageGitRef, RevisionContent, RevisionFile, RevisionPage, RevisionReusableContent } from '../model/index.js';
import { pageUpdatedAt } from '../domain/content/page-dates.js';
import type { PageDate } from './dates/files.js';
import { pageMetadata } from '../content/page-metadata.js';
import { assignIds } from './ids.js';
import { humanize, type Outline, type OutlineNode } from './outline.js';
import type { SpaceLayout } from './space-layout.js';
import type { RepoTree } from './tree.js';

export interface BuildInput {
  tree: RepoTree;
  layout: SpaceLayout;
  outline: Outline;
  /** The parse record of every page and include file, by repository path. */
  parsed: ReadonlyMap<string, ParsedPageData>;
  files: RevisionFile[];
  /** Repository paths of the reusable content files. */
  includes: string[];
  /** The text of `.gitbook/vars.yaml`, if present. */
  vars: string | null;
  previous: RevisionContent;
  /** "Last updated" of the page files, by repository path (none: pages keep the dates they had). */
  dates?: ReadonlyMap<string, PageDate>;
}

interface Draft {
  node: OutlineNode;
  parent: number | null;
  slug: string;
  path: string;
  /** The path its children are placed under (the landing page's own path is '' but its children keep its slug). */
  prefix: string;
}

export function buildRevision(input: BuildInput): { content: RevisionContent; warnings: string[] } {
  const warnings: string[] = [];
  const warn = (message: string) => warnings.push(message);
  const { tree, layout, parsed } = input;
  const oidOf = (path: string) => tree.files.get(path)!.oid;
  const dataOf = (path: string): ParsedPageData => parsed.get(path) ?? { h1: null, frontmatter: {}, links: [], warnings: [] };

  // Slugs and URL paths, in tree order.
  const drafts: Draft[] = [];
  const takenPaths = new Set<string>();
  const landing = firstDocument(input.outline.nodes, layout.readme);
  const place = (nodes: OutlineNode[], parent: number | null) => {
    for (const node of nodes) {
      const base = parent === null ? '' : drafts[parent]!.prefix;
      const wanted = slugFor(node, layout);
      let slug = wanted;
      for (let n = 1; takenPaths.has(joinPath(base, slug) ?? slug); n++) slug = `${wanted}-${n}`;
      const full = joinPath(base, slug) ?? slug;
      takenPaths.add(full);
      drafts.push({ node, parent, slug, path: node === landing ? '' : full, prefix: full });
      place(node.children, drafts.length - 1);
    }
  };
  place(input.outline.nodes, null);

  const ids = assignIds(
    input.previous.pages.map((p) => ({
      id: p.id,
      path: p.kind === 'document' ? (p.git?.path ?? null) : null,
      oid: p.kind === 'document' ? p.blob : null,
      key: p.kind === 'document' ? null : `${p.kind}:${p.path}`,
    })),
    drafts.map((d) => (d.node.kind === 'document' ? { path: d.node.path, oid: oidOf(d.node.path) } : { key: `${d.node.kind}:${d.path}` })),
  );

  const gitOf = pageGit(input);
  const fileIds = new Map(input.files.map((f) => [f.git?.path, f.id]));
  const fileId = (path: string) => fileIds.get(path) ?? null;
  const pages = drafts.map((draft, i): RevisionPage => {
    const { node } = draft;
    const base = { id: ids[i]!, slug: draft.slug, path: draft.path, parentId: draft.parent === null ? null : ids[draft.parent]!, hidden: false };
    switch (node.kind) {
      case 'document': {
        const data = dataOf(node.path);
        const title = node.title ?? data.h1 ?? stringField(data.frontmatter, 'title') ?? humanize(basename(titleName(node.path)));
        const meta = pageMetadata(data.frontmatter, node.path, fileId, warn);
        const oid = oidOf(node.path);
        const page: RevisionPage = { ...base, kind: 'document', title, blob: oid, git: gitOf(base.id, node.path, oid), ...meta, hidden: meta.hidden ?? false };
        if (node.linkTitle) page.linkTitle = node.linkTitle;
        return page;
      }
      case 'group':
        return { ...base, kind: 'group', title: node.title };
      case 'link':
        return { ...base, kind: 'link', title: node.title, target: linkTarget(node.target, tree) };
      case 'computed':
        return {
          ...base,
          kind: 'computed',
          title: node.title ?? humanize(node.source.replace(/^builtin:/, '')),
          source: node.source,
          props: node.props,
          dependencies: node.dependencies,
        };
    }
  });
  // A link to a page file points at that page's id once the ids are known.
  const pageByFile = new Map(pages.flatMap((p) => (p.kind === 'document' && p.git ? [[p.git.path, p.id] as const] : [])));
  for (const page of pages) {
    if (page.kind !== 'link' || page.target.kind !== 'page') continue;
    const id = pageByFile.get(page.target.page);
    if (id) page.target = { ...page.target, page: id };
    else {
      warn(`link page "${page.title}" points to ${page.target.page}, which is not a page of the space; kept as a link`);
      page.target = { kind: 'url', url: page.target.page + (page.target.anchor ? `#${page.target.anchor}` : '') };
    }
  }

  return {
    content: {
      pages,
      files: input.files,
      reusableContents: reusableContents(input, dataOf),
      variables: variables(input.vars, joinPath(layout.root, '.gitbook/vars.yaml') ?? '', warn),
    },
    warnings,
  };
}

/**
 * A page's git side with its date: an exact one (from history) wins; else a page whose file is as it was keeps its
 * date; else the file's modification time, or a shallow history's oldest commit.
 */
function pageGit(input: BuildInput): (id: string, path: string, oid: string) => PageGitRef {
  const before = new Map(input.previous.pages.flatMap((p) => (p.kind === 'document' ? [[p.id, p] as const] : [])));
  const kept = (page: DocumentPage | undefined, path: string, oid: string) =>
    page && page.git?.path === path && page.blob === oid ? pageUpdatedAt(page) : undefined;
  return (id, path, oid) => {
    const date = input.dates?.get(path);
    const updatedAt = date?.exact ? date.at : (kept(before.get(id), path, oid) ?? date?.at);
    return updatedAt === undefined ? { oid, path } : { oid, path, updatedAt };
  };
}

/** The landing page: the configured readme if it is in the outline, else the first page. */
function firstDocument(nodes: OutlineNode[], readme: string): OutlineNode | null {
  let first: OutlineNode | null = null;
  const visit = (list: OutlineNode[]): OutlineNode | null => {
    for (const node of list) {
      if (node.kind === 'document') {
        if (node.path === readme) return node;
        first ??= node;
      }
      const found = visit(node.children);
      if (found) return found;
    }
    return null;
  };
  return visit(nodes) ?? first;
}

/** `guide/README.md` is named after its folder; the space's own README is `readme`. */
function titleName(path: string): string {
  const name = basename(path);
  if (name.toLowerCase() !== 'readme.md') return name;
  return dirname(path) ? basename(dirname(path)) : 'readme';
}

function slugFor(node: OutlineNode, layout: SpaceLayout): string {
  switch (node.kind) {
    case 'document': {
      const name = basename(node.path).replace(/\.md$/i, '');
      const folder = dirname(node.path);
      const word = name.toLowerCase() === 'readme' ? (folder && folder !== layout.root ? basename(folder) : 'readme') : name;
      return safeSlug(slugify(word) || word.toLowerCase());
    }
    case 'group':
      return node.slug ? safeSlug(node.slug) : slugify(node.title) || 'group';
    case 'link':
      return slugify(node.title) || 'link';
    case 'computed':
      return slugify(node.title ?? node.source.replace(/^builtin:/, '')) || 'computed';
  }
}

function linkTarget(target: { url: string } | { path: string; anchor?: string }, tree: RepoTree) {
  if ('url' in target) return { kind: 'url' as const, url: target.url };
  const page = { kind: 'page' as const, page: target.path };
  if (!tree.files.has(target.path)) return { kind: 'url' as const, url: target.path + (target.anchor ? `#${target.anchor}` : '') };
  return target.anchor === undefined ? page : { ...page, anchor: target.anchor };
}

function reusableContents(input: BuildInput, dataOf: (path: string) => ParsedPageData): RevisionReusableContent[] {
  const previous = input.previous.reusableContents;
  const ids = assignIds(
    previous.map((r) => ({ id: r.id, path: r.git?.path ?? null, oid: r.blob })),
    input.includes.map((path) => ({ path, oid: input.tree.files.get(path)!.oid })),
  );
  return input.includes.map((path, i) => {
    const oid = input.tree.files.get(path)!.oid;
    const data = dataOf(path);
    const title = stringField(data.frontmatter, 'title') ?? data.h1 ?? humanize(basename(path));
    return { id: ids[i]!, title, blob: oid, git: { oid, path } };
  });
}

function variables(text: string | null, path: string, warn: (message: string) => void): Record<string, unknown> {
  if (text === null || text.trim() === '') return {};
  try {
    const data: unknown = parseYaml(text);
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) return data as Record<string, unknown>;
    warn(`${path}: expected a mapping of variable names to values; ignored`);
  } catch (error) {
    warn(`${path}: invalid YAML (${(error as Error).message.split('\n')[0]}); ignored`);
  }
  return {};
}

function stringField(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
