// Which spaces a repository holds, and where each one's root, README and SUMMARY are.
import { DOCS_YAML_NAMES, type DocsYaml, type GitBookYaml, parseDocsYaml, parseGitBookYaml, resolveSpacePaths } from '../content/gitbook-config.js';
import { joinPath } from '../content/paths.js';
import { Memo } from './memo.js';
import type { RepoTree } from './tree.js';

export interface SpaceLayout {
  /** The docs.yaml key, or null for a single-space repository. */
  key: string | null;
  /** The docs.yaml title, or null when the caller names the space. */
  title: string | null;
  /** The space's directory, relative to the synced directory ('' = itself). */
  directory: string;
  /** Relative to the synced directory: the content root, the landing page and the table of contents. */
  root: string;
  readme: string;
  summary: string;
  redirects: Record<string, string>;
  warnings: string[];
}

export interface RepositoryLayout {
  /** Which site configuration file was read, if any. */
  siteConfig: string | null;
  spaces: SpaceLayout[];
  warnings: string[];
}

const text = async (tree: RepoTree, path: string): Promise<string | null> => {
  const entry = tree.files.get(path);
  return entry ? new TextDecoder().decode(await entry.read()) : null;
};

/** Parsed config files by oid: a re-sync in the same process does not parse them again. */
const docsYamls = new Memo<Promise<DocsYaml>>(8);
const gitbookYamls = new Memo<Promise<GitBookYaml>>(64);

/** Reads `gitbook-docs.yaml` / `docs.yaml` (several spaces) or else treats the whole tree as one space. */
export async function discoverLayout(tree: RepoTree): Promise<RepositoryLayout> {
  const siteConfig = DOCS_YAML_NAMES.find((name) => tree.files.has(name)) ?? null;
  if (siteConfig === null) return { siteConfig, spaces: [await spaceLayout(tree, null, null, '')], warnings: [] };

  const docs = await docsYamls.get(tree.files.get(siteConfig)!.oid, async () => parseDocsYaml((await text(tree, siteConfig)) ?? ''));
  const warnings = docs.warnings.map((w) => w.replace(/^docs\.yaml/, siteConfig));
  const spaces: SpaceLayout[] = [];
  for (const space of docs.spaces) {
    if (space.directory === null) continue;
    spaces.push(await spaceLayout(tree, space.key, space.title, space.directory));
  }
  if (docs.spaces.length === 0) warnings.push(`${siteConfig}: no spaces declared; nothing to sync`);
  return { siteConfig, spaces, warnings };
}

async function spaceLayout(tree: RepoTree, key: string | null, title: string | null, directory: string): Promise<SpaceLayout> {
  const configPath = joinPath(directory, '.gitbook.yaml') ?? '.gitbook.yaml';
  const entry = tree.files.get(configPath);
  const config = entry ? await gitbookYamls.get(entry.oid, async () => parseGitBookYaml((await text(tree, configPath)) ?? '')) : parseGitBookYaml('');
  const paths = resolveSpacePaths(directory, config);
  const warnings = [...config.warnings, ...paths.warnings].map((w) =>
    w.startsWith('.gitbook.yaml') ? w.replace('.gitbook.yaml', configPath) : `${configPath}: ${w}`,
  );
  return { key, title, directory, root: paths.root, readme: paths.readme, summary: paths.summary, redirects: config.redirects, warnings };
}
