// The built-in templates: one folder per template under templates/content/, a Git Sync tree with a `template.yaml`
// manifest naming it and its slots (the files `params.contentRefs` may replace).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { TemplateTree } from './tree.js';

export const MANIFEST = 'template.yaml';

export interface TemplateSlot {
  description: string;
  /** The template's file the slot fills, a repository path under `.gitbook/assets/`. */
  file: string;
  /** Content type prefixes the filling file must have (`image/`); any type when empty. */
  accept: string[];
}

export interface Template {
  id: string;
  title: string;
  description: string;
  slots: Record<string, TemplateSlot>;
  /** The Git Sync tree, without the manifest. */
  tree: TemplateTree;
}

const catalogs = new Map<string, Map<string, Template>>();

/** Every template of `dir`, by id (the folder name), read once per process. */
export function loadCatalog(dir: string): ReadonlyMap<string, Template> {
  let catalog = catalogs.get(dir);
  if (!catalog) {
    catalog = new Map();
    for (const id of readdirSync(dir).sort()) {
      if (statSync(join(dir, id)).isDirectory()) catalog.set(id, loadTemplate(id, join(dir, id)));
    }
    catalogs.set(dir, catalog);
  }
  return catalog;
}

function loadTemplate(id: string, dir: string): Template {
  const fail = (message: string): never => {
    throw new Error(`template ${id}: ${MANIFEST}: ${message}`);
  };
  const manifest = parseYaml(readFileSync(join(dir, MANIFEST), 'utf8')) as Record<string, unknown> | null;
  if (!manifest || typeof manifest.title !== 'string' || typeof manifest.description !== 'string') fail('title and description are required');
  const tree = readTree(dir);
  const slots: Record<string, TemplateSlot> = {};
  for (const [name, raw] of Object.entries((manifest!.contentRefs ?? {}) as Record<string, Record<string, unknown>>)) {
    const file = raw?.file;
    if (typeof file !== 'string' || !tree.has(file) || !file.startsWith('.gitbook/assets/')) fail(`contentRefs.${name}.file must be a file of .gitbook/assets`);
    const accept = raw.accept === undefined ? [] : [raw.accept].flat();
    if (!accept.every((a): a is string => typeof a === 'string')) fail(`contentRefs.${name}.accept must be content type prefixes`);
    slots[name] = { description: String(raw.description ?? ''), file: file as string, accept: accept as string[] };
  }
  return { id, title: manifest!.title as string, description: manifest!.description as string, slots, tree };
}

/** Every file under `dir` by repository path (posix), the manifest left out. */
function readTree(dir: string): Map<string, Uint8Array> {
  const tree = new Map<string, Uint8Array>();
  const walk = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = prefix + entry.name;
      if (entry.isDirectory()) walk(join(folder, entry.name), `${path}/`);
      else if (entry.isFile() && path !== MANIFEST) tree.set(path, new Uint8Array(readFileSync(join(folder, entry.name))));
    }
  };
  walk(dir, '');
  return tree;
}
