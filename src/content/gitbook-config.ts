// Git Sync configuration files: `.gitbook.yaml` (one space) and `docs.yaml` / `gitbook-docs.yaml` (a whole site).
// Both parsers are tolerant: they never throw, and report what they could not use as warnings.
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { hasDotSegment, joinPath, normalizePath } from './paths.js';

export interface GitBookYaml {
  /** As written (trimmed), default `./`. Resolve with `resolveSpacePaths`. */
  root: string;
  /** Relative to root, default `README.md`. */
  readme: string;
  /** Relative to root, default `SUMMARY.md`. */
  summary: string;
  /** Old path -> new file path, both as written (relative to root). */
  redirects: Record<string, string>;
  warnings: string[];
}

export const GITBOOK_YAML_DEFAULTS = { root: './', readme: 'README.md', summary: 'SUMMARY.md' } as const;

/** Characters copied from web pages that break YAML keys: zero-width space/joiners, word joiner, BOM. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;

export function parseGitBookYaml(text: string): GitBookYaml {
  const result: GitBookYaml = { ...GITBOOK_YAML_DEFAULTS, redirects: {}, warnings: [] };
  const { data, warning, lineOf } = loadYaml(text, '.gitbook.yaml');
  if (warning) result.warnings.push(warning);
  if (data === undefined) return result;

  for (const key of Object.keys(data)) {
    if (!['root', 'structure', 'redirects'].includes(key)) result.warnings.push(`.gitbook.yaml: unknown key "${key}" ignored`);
  }
  const str = (value: unknown, name: string, fallback: string): string => {
    if (value === undefined || value === null) return fallback;
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    result.warnings.push(`.gitbook.yaml: "${name}" must be a non-empty string; using "${fallback}"`);
    return fallback;
  };
  result.root = str(data.root, 'root', GITBOOK_YAML_DEFAULTS.root);
  const structure = data.structure;
  if (isRecord(structure)) {
    result.readme = str(structure.readme, 'structure.readme', GITBOOK_YAML_DEFAULTS.readme);
    result.summary = str(structure.summary, 'structure.summary', GITBOOK_YAML_DEFAULTS.summary);
  } else if (structure !== undefined && structure !== null) {
    result.warnings.push('.gitbook.yaml: "structure" must be a mapping; ignored');
  }
  if (isRecord(data.redirects)) {
    for (const [from, to] of Object.entries(data.redirects)) {
      if (hasDotSegment(from.trim().replace(/^(\.\/)+/, ''))) {
        const line = lineOf(['redirects', from]);
        result.warnings.push(`.gitbook.yaml${line ? `:${line}` : ''}: redirect source "${from}" has a "." or ".." segment; skipped`);
      } else if (typeof to === 'string' || typeof to === 'number') result.redirects[from.trim()] = String(to).trim();
      else result.warnings.push(`.gitbook.yaml: redirect "${from}" has no target; ignored`);
    }
  } else if (data.redirects !== undefined && data.redirects !== null) {
    result.warnings.push('.gitbook.yaml: "redirects" must be a mapping; ignored');
  }
  return result;
}

export interface SpacePaths {
  /** Repository-relative directory of the space's content ('' = repository root). */
  root: string;
  readme: string;
  summary: string;
  warnings: string[];
}

/**
 * Repository-relative root, readme and summary of a space whose `.gitbook.yaml` sits in `spaceDir` (repository
 * relative, '' = root). `root` may not leave `spaceDir`; readme and summary are relative to root and may climb above it
 * (`../README.md`) but never out of the repository. Anything out of bounds falls back to the default, with a warning.
 */
export function resolveSpacePaths(spaceDir: string, config: Pick<GitBookYaml, 'root' | 'readme' | 'summary'>): SpacePaths {
  const warnings: string[] = [];
  const dir = normalizePath(spaceDir);
  const base = dir ?? '';
  if (dir === null) warnings.push(`space directory "${spaceDir}" is outside the repository; using the repository root`);

  let root = joinPath(base, config.root);
  if (root === null || !isInside(root, base)) {
    warnings.push(`root "${config.root}" leaves the space directory "${base || './'}"; using it instead`);
    root = base;
  }
  const file = (name: 'readme' | 'summary', fallback: string): string => {
    const resolved = joinPath(root, config[name]);
    if (resolved !== null && resolved !== '') return resolved;
    warnings.push(`${name} "${config[name]}" resolves outside the repository; using ${fallback}`);
    return joinPath(root, fallback) ?? fallback;
  };
  return {
    root,
    readme: file('readme', GITBOOK_YAML_DEFAULTS.readme),
    summary: file('summary', GITBOOK_YAML_DEFAULTS.summary),
    warnings,
  };
}

// ---- docs.yaml / gitbook-docs.yaml ----

export type DocsNodeType = 'section' | 'section-group' | 'space';

export interface DocsNode {
  type: DocsNodeType;
  key: string;
  title: string;
  path?: string;
  default: boolean;
  hidden: boolean;
  /** Every field as written (description, icon, localizedTitle, draft, content...). */
  raw: Record<string, unknown>;
  children: DocsNode[];
}

export interface DocsSpace {
  key: string;
  title: string;
  path?: string;
  /** Repository-relative content directory, or null when the space is not synced from git. */
  directory: string | null;
  language?: string;
  default: boolean;
  hidden: boolean;
  sectionKey?: string;
  sectionGroupKeys: string[];
}

export interface DocsYaml {
  title?: string;
  structure: DocsNode[];
  spaces: DocsSpace[];
  warnings: string[];
}

export const DOCS_YAML_NAMES = ['gitbook-docs.yaml', 'docs.yaml'] as const;

/**
 * Parse a site configuration. `projectDir` is the repository-relative directory holding the file: `./x` and `x`
 * directories are relative to it, `/x` to the repository root.
 */
export function parseDocsYaml(text: string, projectDir = ''): DocsYaml {
  const result: DocsYaml = { structure: [], spaces: [], warnings: [] };
  const { data, warning } = loadYaml(text, 'docs.yaml');
  if (warning) result.warnings.push(warning);
  const site = data?.site;
  if (!isRecord(site)) {
    if (data !== undefined) result.warnings.push('docs.yaml: no "site" mapping');
    return result;
  }
  if (typeof site.title === 'string') result.title = site.title;
  const keys = new Set<string>();
  const warn = (message: string) => result.warnings.push(`docs.yaml: ${message}`);

  const walk = (value: unknown, where: string, sectionKey: string | undefined, groups: string[]): DocsNode[] => {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      warn(`${where} must be a list`);
      return [];
    }
    const nodes: DocsNode[] = [];
    value.forEach((raw: unknown, i) => {
      const at = `${where}[${i}]`;
      if (!isRecord(raw)) return warn(`${at} is not a mapping`);
      const type = raw.type;
      if (type !== 'section' && type !== 'section-group' && type !== 'space') return warn(`${at} has unknown type "${String(type)}"`);
      const key = scalar(raw.key);
      if (!key) return warn(`${at} has no key`);
      if (keys.has(key)) return warn(`duplicate key "${key}" at ${at} ignored`);
      keys.add(key);
      const node: DocsNode = {
        type,
        key,
        title: scalar(raw.title) ?? key,
        default: raw.default === true,
        hidden: raw.hidden === true,
        raw,
        children: [],
      };
      const path = scalar(raw.path);
      if (path !== undefined) node.path = path;
      if (type === 'space') {
        result.spaces.push(space(node, raw, projectDir, sectionKey, groups, warn));
      } else {
        const childGroups = type === 'section-group' ? [...groups, key] : groups;
        node.children = walk(raw.children, `${at}.children`, type === 'section' ? key : sectionKey, childGroups);
      }
      nodes.push(node);
    });
    return nodes;
  };
  result.structure = walk(site.structure, 'site.structure', undefined, []);
  return result;
}

function space(
  node: DocsNode,
  raw: Record<string, unknown>,
  projectDir: string,
  sectionKey: string | undefined,
  groups: string[],
  warn: (message: string) => void,
): DocsSpace {
  const content = isRecord(raw.content) ? raw.content : {};
  const written = scalar(content.directory);
  let directory: string | null = null;
  if (written !== undefined) {
    directory = written.startsWith('/') ? normalizePath(written) : joinPath(projectDir, written);
    if (directory === null) warn(`space "${node.key}": directory "${written}" is outside the repository; not synced`);
  }
  const result: DocsSpace = {
    key: node.key,
    title: node.title,
    directory,
    default: node.default,
    hidden: node.hidden,
    sectionGroupKeys: groups,
  };
  if (node.path !== undefined) result.path = node.path;
  const language = scalar(content.language);
  if (language !== undefined) result.language = language;
  if (sectionKey !== undefined) result.sectionKey = sectionKey;
  return result;
}

// ---- shared ----

interface LoadedYaml {
  data?: Record<string, unknown>;
  warning?: string;
  /** The 1-based line of the key at `path` (keys from the top), or undefined when it is not found. */
  lineOf: (path: readonly string[]) => number | undefined;
}

function loadYaml(text: string, name: string): LoadedYaml {
  const cleaned = text.replace(INVISIBLE, '').replace(/^\t+/gm, (tabs) => '  '.repeat(tabs.length));
  const nowhere = () => undefined;
  if (cleaned.trim() === '') return { lineOf: nowhere };
  const lines = new LineCounter();
  const doc = parseDocument(cleaned, { uniqueKeys: false, prettyErrors: false, lineCounter: lines });
  const error = doc.errors[0];
  if (error) return { warning: `${name}: invalid YAML, using defaults (${error.message.split('\n')[0]})`, lineOf: nowhere };
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (thrown) {
    return { warning: `${name}: unusable YAML, using defaults (${(thrown as Error).message})`, lineOf: nowhere };
  }
  if (data === null || data === undefined) return { lineOf: nowhere };
  if (!isRecord(data)) return { warning: `${name}: expected a mapping at the top level, using defaults`, lineOf: nowhere };
  const lineOf = (path: readonly string[]): number | undefined => {
    let node: unknown = doc.contents;
    let offset: number | undefined;
    for (const key of path) {
      const pair = isMap(node) ? node.items.find((p) => isScalar(p.key) && String(p.key.value) === key) : undefined;
      if (!pair || !isScalar(pair.key)) return undefined;
      offset = pair.key.range?.[0];
      node = pair.value;
    }
    return offset === undefined ? undefined : lines.linePos(offset).line;
  };
  return { data, lineOf };
}

function scalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function isInside(path: string, dir: string): boolean {
  return dir === '' || path === dir || path.startsWith(`${dir}/`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
