// A tree of markdown files and assets (a `zip` import) read like a Git Sync repository: the page tree comes from the
// Git Sync import's own outline (SUMMARY.md, or folders), installed by the gitsync layer as a `TreeOutliner`; each
// page keeps its frontmatter and its references to other pages and assets of the tree become references to what
// the import creates.
import mime from 'mime-types';
import { type PageFile, serializePageFile } from '../../content/page-file.js';
import { basename, extname, isAbsoluteUrl, resolveRelative, splitAnchor } from '../../content/paths.js';
import { rewriteReferences } from '../content-writes/links.js';
import { sniff } from '../content-writes/files.js';
import { invalidInput, DomainError } from '../core/errors.js';
import { parsePageFileOffThread } from '../content-writes/page-file-parse.js';
import type { ImportPlan, PlannedPage } from './plan.js';
import { LIMITS } from './settings.js';

export type TreeNode =
  | { kind: 'document'; path: string; title: string | null; children: TreeNode[] }
  | { kind: 'group'; title: string; children: TreeNode[] }
  /** Link and computed pages of a SUMMARY: not imported (their children are). */
  | { kind: 'other'; title: string; children: TreeNode[] };

export interface TreeOutline {
  /** The content root inside the tree (`.gitbook.yaml` `root`), '' for the top. */
  root: string;
  nodes: TreeNode[];
  warnings: string[];
}

/** The Git Sync outline of a tree of files (paths `/`-separated, relative to the tree's top). */
export type TreeOutliner = (files: ReadonlyMap<string, Uint8Array>) => Promise<TreeOutline>;

/** Files of a tree worth a look: page files, and anything a page may show or link. */
export async function planTree(input: ReadonlyMap<string, Uint8Array>, outliner: TreeOutliner, field: string): Promise<ImportPlan> {
  const files = withoutWrapper(input);
  const outline = await outliner(files);
  const plan: ImportPlan = { pages: [], files: [], failures: [], skipped: [...outline.warnings] };
  const wantedFiles = new Set<string>([...files.keys()].filter((p) => p.startsWith(outline.root ? `${outline.root}/.gitbook/assets/` : '.gitbook/assets/')));
  let groups = 0;

  const target = (from: string, url: string): { path: string; hash: string } | undefined => {
    if (isAbsoluteUrl(url) || url.startsWith('#')) return undefined;
    const { path } = splitAnchor(url);
    const resolved = path === '' ? null : resolveRelative(from, path, outline.root);
    if (resolved === null) return undefined;
    const full = resolved.endsWith('/') || resolved === '' ? `${resolved}README.md` : resolved;
    const hash = url.includes('#') ? url.slice(url.indexOf('#')) : '';
    return { path: full, hash };
  };

  const visit = async (nodes: TreeNode[], parent: string | null): Promise<void> => {
    for (const node of nodes) {
      if (node.kind === 'other') {
        plan.skipped.push(`"${node.title}": link and computed pages of SUMMARY.md are not imported`);
        await visit(node.children, parent);
        continue;
      }
      if (node.kind === 'group') {
        const key = `group:${++groups}`;
        const title = node.title;
        plan.pages.push({ key, parent, group: true, title, markdown: () => `# ${title.replace(/([\\`*_[\]<>])/g, '\\$1')}\n` });
        await visit(node.children, key);
        continue;
      }
      const page = await readPage(node, files, target, wantedFiles);
      if ('failure' in page) plan.failures.push({ resource: node.path, reason: page.failure });
      else plan.pages.push({ ...page, parent });
      await visit(node.children, 'failure' in page ? parent : node.path);
    }
  };
  await visit(outline.nodes, null);
  if (!plan.pages.some((p) => !p.group)) throw invalidInput(`${field}: the archive holds no markdown page`);

  for (const path of [...wantedFiles].sort()) {
    const bytes = files.get(path)!;
    if (bytes.byteLength > LIMITS.fileBytes) {
      plan.failures.push({ resource: path, reason: `larger than ${LIMITS.fileBytes / 1048576} MB` });
      continue;
    }
    const name = basename(path);
    plan.files.push({ key: path, name, bytes, contentType: sniff(bytes) ?? (mime.lookup(name) || 'application/octet-stream') });
  }
  return plan;
}

type Target = (from: string, url: string) => { path: string; hash: string } | undefined;

async function readPage(
  node: Extract<TreeNode, { kind: 'document' }>,
  files: ReadonlyMap<string, Uint8Array>,
  target: Target,
  wantedFiles: Set<string>,
): Promise<Omit<PlannedPage, 'parent'> | { failure: string }> {
  const bytes = files.get(node.path);
  if (!bytes) return { failure: 'not in the archive' };
  if (bytes.byteLength > LIMITS.pageBytes) return { failure: `larger than ${LIMITS.pageBytes / 1048576} MB` };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return { failure: 'not UTF-8 text' };
  }
  let file: PageFile;
  try {
    file = await parsePageFileOffThread(text, node.path, node.title);
  } catch (error) {
    if (error instanceof DomainError) return { failure: error.message };
    throw error;
  }
  const title =
    node.title ??
    file.title ??
    humanize(
      /^readme\.md$/i.test(basename(node.path)) && node.path.includes('/') ? basename(node.path.slice(0, node.path.lastIndexOf('/'))) : basename(node.path),
    );
  // Assets a page shows or links are imported with it.
  rewriteReferences(file.body, (url) => {
    const to = target(node.path, url);
    if (to && files.has(to.path) && extname(to.path) !== '.md') wantedFiles.add(to.path);
    return undefined;
  });
  return {
    key: node.path,
    title,
    markdown: (resolve) => {
      rewriteReferences(file.body, (url) => {
        const to = target(node.path, url);
        const ref = to && resolve(to.path);
        return ref && (ref.startsWith('/pages/') ? `${ref}${to.hash}` : ref);
      });
      return serializePageFile({ frontmatter: file.frontmatter, title, body: file.body, warnings: [] });
    },
  };
}

/** A zip of a folder: its files as if the folder were the top (when the top holds nothing else). */
function withoutWrapper(files: ReadonlyMap<string, Uint8Array>): ReadonlyMap<string, Uint8Array> {
  let current = files;
  for (;;) {
    const tops = new Set([...current.keys()].map((p) => (p.includes('/') ? p.slice(0, p.indexOf('/')) : null)));
    const [top] = tops;
    if (tops.size !== 1 || !top || top.startsWith('.')) return current;
    current = new Map([...current].map(([p, bytes]) => [p.slice(top.length + 1), bytes]));
  }
}

function humanize(name: string): string {
  const words = name.replace(/\.md$/i, '').replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}
