// The Git Sync outline of a tree of files held in memory (a zip import): the same layout discovery and SUMMARY or
// folder outline as a repository import, as the domain's `TreeOutliner`.
import { invalidInput } from '../domain/core/errors.js';
import type { TreeNode, TreeOutline } from '../domain/imports/tree.js';
import { gitBlobOid } from '../model/index.js';
import { type OutlineNode, planOutline } from './outline.js';
import { discoverLayout } from './space-layout.js';
import type { RepoTree } from './tree.js';

export async function outlineTree(files: ReadonlyMap<string, Uint8Array>): Promise<TreeOutline> {
  const tree: RepoTree = { files: new Map(), commit: null, warnings: [] };
  for (const [path, bytes] of files) tree.files.set(path, { oid: gitBlobOid(bytes), read: async () => bytes });
  const layout = await discoverLayout(tree);
  if (layout.spaces.length !== 1) {
    throw invalidInput(`url: the archive's ${layout.siteConfig ?? 'docs.yaml'} declares ${layout.spaces.length} spaces; import one space's folder at a time`);
  }
  const space = layout.spaces[0]!;
  const outline = await planOutline(tree, space);
  return { root: space.root, nodes: outline.nodes.map(node), warnings: [...layout.warnings, ...space.warnings, ...outline.warnings] };
}

function node(n: OutlineNode): TreeNode {
  const children = n.children.map(node);
  if (n.kind === 'document') return { kind: 'document', path: n.path, title: n.title, children };
  if (n.kind === 'group') return { kind: 'group', title: n.title, children };
  return { kind: 'other', title: n.title ?? n.kind, children };
}
