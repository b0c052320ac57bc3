import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument, type Node } from 'yaml';
import type { z } from 'zod';
import { CONFIG_FILE } from './constants.js';
import { ConfigError } from './errors.js';
import { configSchema, type Config } from './schema.js';
import { didYouMean, knownKeys } from './suggest.js';

export { ConfigError } from './errors.js';

export { CONFIG_FILE } from './constants.js';

export interface LoadedConfig {
  config: Config;
  /** Absolute path of the file read, or null when running on defaults. */
  file: string | null;
  /** Folder the config's relative paths are resolved from. */
  root: string;
}

/** Walks up from `from` to the nearest docs.config.yaml. */
export function findConfig(from: string): string | null {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, CONFIG_FILE);
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

export function loadConfig(options: { file?: string; cwd?: string } = {}): LoadedConfig {
  const cwd = options.cwd ?? process.cwd();
  const file = options.file ? resolve(cwd, options.file) : findConfig(cwd);
  if (options.file && !existsSync(file!)) throw new ConfigError(`${options.file}: no such file`);
  if (!file) return { config: configSchema.parse({}), file: null, root: resolve(cwd) };
  return { config: parseConfig(readFileSync(file, 'utf8'), file), file, root: dirname(file) };
}

/** Parses and validates YAML text; every error names the file, line and key. */
export function parseConfig(text: string, file = CONFIG_FILE): Config {
  const lines = new LineCounter();
  const doc = parseDocument(text.replace(/\u200b/g, ''), { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const where = (offset: number | undefined) => {
    if (offset === undefined) return file;
    const { line, col } = lines.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  const yamlError = doc.errors[0];
  if (yamlError) throw new ConfigError(`${where(yamlError.pos[0])}: ${firstLine(yamlError.message)}`);

  const data: unknown = doc.toJS() ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new ConfigError(`${file}:1:1: the config must be a mapping of keys to values`);
  }
  const result = configSchema.safeParse(data);
  if (result.success) return result.data;

  const messages = result.error.issues.slice(0, 5).map((issue) => describe(issue, data, doc.contents, where));
  throw new ConfigError(messages.join('\n'));
}

function describe(issue: z.core.$ZodIssue, data: unknown, root: unknown, where: (offset?: number) => string): string {
  const path = issue.path.map(String);
  // A value that fits none of a union's forms: the errors of the form of its own kind (a mapping's, for a mapping).
  const branch =
    issue.code === 'invalid_union' ? issue.errors.find((errors) => !errors.some((e) => e.code === 'invalid_type' && e.path.length === 0)) : undefined;
  if (branch?.length) {
    return branch.map((inner) => describe({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue, data, root, where)).join('\n');
  }
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeys(configSchema, path);
    return issue.keys
      .map((key) => {
        const keyNode = findKey(root, path, key);
        const guess = didYouMean(key, known);
        const hint = guess ? `; did you mean "${guess}"?` : known.length ? `; expected one of ${known.filter((k) => k !== '$schema').join(', ')}` : '';
        return `${where(keyNode?.range?.[0])}: unknown key "${[...path, key].join('.')}"${hint}`;
      })
      .join('\n');
  }
  const node = findNode(root, path);
  const name = path.length ? path.join('.') : '(root)';
  return `${where(node?.range?.[0])}: ${name}: ${plainMessage(issue, valueAt(data, path))}`;
}

/** Zod's wording, said plainly: what was expected, and what was there. */
function plainMessage(issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined ? `missing; expected ${kind(issue.expected)}` : `expected ${kind(issue.expected)}, got ${got(value)}`;
    case 'invalid_union': {
      // A union that says itself why the value fits none of its forms.
      if (issue.message !== ZOD_UNION_MESSAGE) return issue.message;
      const kinds = issue.errors.flatMap((errors) =>
        errors.filter((e) => e.code === 'invalid_type' && e.path.length === 0).map((e) => kind((e as { expected: string }).expected)),
      );
      return kinds.length ? `expected ${[...new Set(kinds)].join(' or ')}, got ${got(value)}` : issue.message;
    }
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? `at least ${issue.minimum}` : `at most ${issue.maximum}`;
      if (issue.origin === 'string') return `${issue.code === 'too_small' ? 'too short' : 'too long'}: ${bound} characters`;
      if (issue.origin === 'array') return `${issue.code === 'too_small' ? 'too few items' : 'too many items'}: ${bound}`;
      return `expected a number ${bound}${issue.inclusive === false ? ' (excluded)' : ''}, got ${got(value)}`;
    }
    default:
      return issue.message;
  }
}

/** Zod's own message for a value that fits none of a union's forms, which the union's own `error` replaces. */
const ZOD_UNION_MESSAGE = 'Invalid input';

const kind = (expected: string) => (expected === 'array' ? 'a list' : expected === 'object' ? 'a mapping of keys to values' : `a ${expected}`);

const got = (value: unknown) =>
  value === null
    ? 'nothing (null)'
    : Array.isArray(value)
      ? 'a list'
      : typeof value === 'object'
        ? 'a mapping'
        : `the ${typeof value} ${JSON.stringify(value)}`;

function valueAt(data: unknown, path: readonly string[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The deepest node that exists along `path`, so a missing key points at its parent. */
function findNode(root: unknown, path: string[]): Node | undefined {
  let node = root as Node | undefined;
  for (const key of path) {
    const next = (node as { get?: (k: unknown, keep: boolean) => unknown } | undefined)?.get?.(/^\d+$/.test(key) ? Number(key) : key, true);
    if (!next || typeof next !== 'object') return node;
    node = next as Node;
  }
  return node;
}

function findKey(root: unknown, path: string[], key: string): Node | undefined {
  const parent = findNode(root, path);
  if (!isMap(parent)) return parent;
  const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === key);
  return (pair?.key as Node | undefined) ?? parent;
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
