// The page tree of a space before ids and metadata: from SUMMARY.md, or inferred from folders when there is none.
import { dirname, joinPath } from '../content/paths.js';
import { parseSummary } from '../content/summary.js';
import type { SummaryEntry, SummaryItem, SummaryResult } from '../content/summary.js';
import { Memo } from './memo.js';
import type { SpaceLayout } from './space-layout.js';
import type { RepoTree } from './tree.js';

export type OutlineNode =
  | { kind: 'document'; path: string; title: string | null; linkTitle?: string; children: OutlineNode[] }
  | { kind: 'group'; title: string; slug?: string; children: OutlineNode[] }
  | { kind: 'link'; title: string; target: { url: string } | { path: string; anchor?: string }; children: OutlineNode[] }
  | {
      kind: 'computed';
      title: string | null;
      source: string;
      props: Record<string, unknown>;
      dependencies: Record<string, unknown>;
      children: OutlineNode[];
    };

export interface Outline {
  nodes: OutlineNode[];
  /** True when the tree came from SUMMARY.md (titles are set), false when inferred from folders. */
  fromSummary: boolean;
  warnings: string[];
}

const summaries = new Memo<Promise<{ text: string; parsed: SummaryResult }>>();

export async function planOutline(tree: RepoTree, layout: SpaceLayout): Promise<Outline> {
  const summary = tree.files.get(layout.summary);
  if (!summary) return { nodes: inferOutline(tree, layout), fromSummary: false, warnings: [] };
  const base = dirname(layout.summary);
  const { text, parsed } = await summaries.get(`${summary.oid}\0${base}`, async () => {
    const text = new TextDecoder().decode(await summary.read());
    return { text, parsed: parseSummary(text, { base }) };
  });
  const warnings = parsed.warnings.map((w) => w.replace(/^SUMMARY line (\d+): /, `${layout.summary}:$1: `).replace(/^(?!\S+:\d+: )/, `${layout.summary}: `));
  const lines = text.split('\n');
  const at = (target: string) => {
    const line = lines.findIndex((l) => l.includes(`(${target}`) || l.includes(`(<${target}`));
    return line < 0 ? layout.summary : `${layout.summary}:${line + 1}`;
  };
  const convert = (items: SummaryItem[]): OutlineNode[] =>
    items.flatMap((item): OutlineNode[] => {
      const children = convert(item.children);
      switch (item.kind) {
        case 'group':
          return [item.slug ? { kind: 'group', title: item.title, slug: item.slug, children } : { kind: 'group', title: item.title, children }];
        case 'page': {
          const path = joinPath(base, item.path);
          if (path === null || !tree.files.has(path)) {
            warnings.push(`${at(item.path)}: "${item.title}" points to ${path ?? item.path}, which does not exist; left out`);
            return children;
          }
          const page: OutlineNode = { kind: 'document', path, title: item.title, children };
          if (item.linkTitle) page.linkTitle = item.linkTitle;
          return [page];
        }
        case 'link':
          return [{ kind: 'link', title: item.title, target: linkTarget(item, base), children }];
        case 'computed':
          return [{ kind: 'computed', title: item.title ?? null, source: item.source, props: item.props, dependencies: item.dependencies, children }];
      }
    });
  return { nodes: convert(parsed.items), fromSummary: true, warnings };
}

function linkTarget(item: Extract<SummaryEntry, { kind: 'link' }>, base: string): { url: string } | { path: string; anchor?: string } {
  if ('url' in item.target) return { url: item.target.url };
  const path = joinPath(base, item.target.path) ?? item.target.path;
  return item.target.anchor === undefined ? { path } : { path, anchor: item.target.anchor };
}

const isReadme = (name: string) => name.toLowerCase() === 'readme.md';

/** No SUMMARY: the readme first, then files and folders in name order; a folder's README is its page. */
export function inferOutline(tree: RepoTree, layout: SpaceLayout): OutlineNode[] {
  const prefix = layout.root ? `${layout.root}/` : '';
  const dirs = new Map<string, { files: string[]; dirs: Set<string> }>();
  const dirOf = (path: string) => {
    let entry = dirs.get(path);
    if (!entry) dirs.set(path, (entry = { files: [], dirs: new Set() }));
    return entry;
  };
  for (const path of tree.files.keys()) {
    if (!path.startsWith(prefix) || !path.toLowerCase().endsWith('.md') || path === layout.summary) continue;
    const parts = path.slice(prefix.length).split('/');
    if (parts.some((p) => p.startsWith('.'))) continue;
    let dir = layout.root;
    for (const part of parts.slice(0, -1)) {
      const child = dir ? `${dir}/${part}` : part;
      dirOf(dir).dirs.add(child);
      dir = child;
    }
    dirOf(dir).files.push(path);
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en');
  const walk = (dir: string, top: boolean): OutlineNode[] => {
    const entry = dirs.get(dir);
    if (!entry) return [];
    const nodes: OutlineNode[] = [];
    for (const file of entry.files.sort(byName)) {
      if (top && file === layout.readme) continue;
      if (!isReadme(file.slice(file.lastIndexOf('/') + 1))) nodes.push({ kind: 'document', path: file, title: null, children: [] });
    }
    for (const sub of [...entry.dirs].sort(byName)) {
      const readme = dirs.get(sub)?.files.find((f) => isReadme(f.slice(f.lastIndexOf('/') + 1)));
      const children = walk(sub, false);
      if (readme) nodes.push({ kind: 'document', path: readme, title: null, children });
      else if (top && children.length) nodes.push({ kind: 'group', title: humanize(sub.slice(sub.lastIndexOf('/') + 1)), children });
      else nodes.push(...children);
    }
    return nodes;
  };
  const nodes = walk(layout.root, true);
  if (tree.files.has(layout.readme)) nodes.unshift({ kind: 'document', path: layout.readme, title: null, children: [] });
  return nodes;
}

/** `getting-started` -> `Getting started`. */
export function humanize(name: string): string {
  const words = name.replace(/\.md$/i, '').replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/** The outline without the given page files; their children take their place. */
export function prune(nodes: OutlineNode[], drop: ReadonlySet<string>): OutlineNode[] {
  return nodes.flatMap((node) => {
    const children = prune(node.children, drop);
    if (node.kind === 'document' && drop.has(node.path)) return children;
    return [{ ...node, children }];
  });
}

/** Every page file of the outline, in order. */
export function pageFiles(nodes: OutlineNode[], out: string[] = []): string[] {
  for (const node of nodes) {
    if (node.kind === 'document') out.push(node.path);
    pageFiles(node.children, out);
  }
  return out;
}
