import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument, type Node } from 'yaml';
import type { z } from 'zod';
import { configSchema, type Config } from './schema.js';

export const CONFIG_FILE = 'docs.config.yaml';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

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

  const messages = result.error.issues.slice(0, 5).map((issue) => describe(issue, doc.contents, where));
  throw new ConfigError(messages.join('\n'));
}

function describe(issue: z.core.$ZodIssue, root: unknown, where: (offset?: number) => string): string {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys
      .map((key) => {
        const keyNode = findKey(root, path, key);
        return `${where(keyNode?.range?.[0])}: unknown key "${[...path, key].join('.')}"`;
      })
      .join('\n');
  }
  const node = findNode(root, path);
  const name = path.length ? path.join('.') : '(root)';
  return `${where(node?.range?.[0])}: ${name}: ${issue.message}`;
}

/** The deepest node that exists along `path`, so a missing key points at its parent. */
function findNode(root: unknown, path: string[]): Node | undefined {
  let node = root as Node | undefined;
  for (const key of path) {
    const next = (node as { get?: (k: unknown, keep: boolean) => unknown } | undefined)?.get?.(
      /^\d+$/.test(key) ? Number(key) : key,
      true,
    );
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
