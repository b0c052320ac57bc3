/**
 * Writes docs/reference/configuration.md from the JSON Schema of docs.config.yaml (schema/docs.config.schema.json,
 * made by scripts/write-config-schema.ts from src/config/schema.ts): every key as a dotted path, with its type,
 * default, allowed values and description, and a full example. Run by `npm run docs:reference`;
 * test/e2e/manual.test.ts checks the committed page is current.
 *
 * A key's description is the schema's `description`, given with `.describe()` in src/config/schema.ts (so editors
 * show it too). A key without one, and an example that is not a valid config or leaves a key out, stop the script,
 * so the page cannot fall behind the schema.
 *
 *   tsx scripts/write-config-docs.ts               writes docs/reference/configuration.md
 *   tsx scripts/write-config-docs.ts --out <dir>   writes <dir>/configuration.md instead
 *   tsx scripts/write-config-docs.ts --check       exits 1 when docs/reference/configuration.md is not what it would write
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeReferencePage } from './reference-page.js';
import { parse } from 'yaml';
import { parseConfig } from '../src/config/load.js';

const FILE = 'configuration.md';
const SCHEMA = fileURLToPath(new URL('../schema/docs.config.schema.json', import.meta.url));

interface JsonSchema {
  type?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

/** Valid, and naming every key: the script checks both. */
const EXAMPLE = `$schema: ./docs.config.schema.json
storage:
  dir: .docs
  database: postgres://docs@db.internal:5432/docs
server:
  host: 127.0.0.1
  port: 4000
  publicUrl: https://docs.example.com
  bodyLimit: 52428800
  jobLeaseSeconds: 60
  auditRetentionDays: 365
  trustProxy: [127.0.0.1, 10.0.0.0/8]
organizations:
  - title: Acme
    hostname: acme
    emailDomains: [acme.com]
    defaultRole: read
admin:
  email: admin@acme.com
  displayName: Docs admin
network:
  allowHosts: [localhost:8080]
imports:
  folder: ./imports
  crawlDelayMs: 250
  maxPages: 200
  maxDepth: 6
  timeoutMs: 10000
translation:
  provider: libretranslate
  url: https://translate.example.com
  apiKey: s3cret
  timeoutMs: 30000
  batchSize: 50
  batchChars: 10000
spaces:
  - title: Handbook
    directory: ./handbook
    ref: main
    workTree: false
    organization: Acme
    conflict: git
  - title: API v2
    directory: ./api/v2
  - title: API v1
    directory: ./api/v1
  - title: Handbook (fr)
    directory: ./handbook-fr
sites:
  - title: Acme Handbook
    basename: handbook
    organization: Acme
    visibility: public
    published: true
    customization:
      styling:
        primaryColor: { light: '#0B6E4F', dark: '#3DDC97' }
    spaces:
      - Handbook
      - space: Handbook (fr)
        path: fr
        condition: visitor.claims.locale === "fr"
        hidden: false
  - title: Acme Developers
    basename: developers
    visibility: visitor-auth
    published: true
    sections:
      - title: Guides
        spaces: [Handbook]
      - title: API
        path: api
        condition: visitor.claims.developer === true
        spaces:
          - API v2
          - space: API v1
            path: v1
            condition: visitor.claims.legacy === true
            hidden: false
gitSync:
  mergeMessage: "docs: {subject} (#{number})"
`;

export function renderConfiguration(schema: JsonSchema = JSON.parse(readFileSync(SCHEMA, 'utf8')) as JsonSchema): string {
  const keys = flatten(schema);
  checkDescriptions(keys);
  checkExample(keys);
  const out: string[] = [
    '---',
    'description: Every key of docs.config.yaml, with its type, default and allowed values, and a full example.',
    '---',
    '',
    '# Configuration file',
    '',
    '{% hint style="info" %}',
    'This page is generated from the JSON Schema of `docs.config.yaml` (`schema/docs.config.schema.json`) by `scripts/write-config-docs.ts`. After changing `src/config/schema.ts`, run `npm run schema` and then `npm run docs:reference`.',
    '{% endhint %}',
    '',
    '`docs.config.yaml` sits at the root of the project; commands find the nearest one upwards from the current folder, or take `--config <file>`. Every key is optional: without the file, every default applies. Relative paths are resolved from the folder of the file. An unknown key or a value of the wrong type stops every command with the file, line and key. For a guided tour, see [Configuration](../configuration.md).',
    '',
    'Lists of mappings are written with `[]` in the key names below: `spaces[].title` is the `title` of each item of `spaces`.',
    '',
    '## Full example',
    '',
    'Every key, with the default value where there is one.',
    '',
    '```yaml',
    ...EXAMPLE.trimEnd().split('\n'),
    '```',
    '',
  ];
  for (const key of keys) {
    if (!key.path.includes('.') && !key.path.includes('[')) out.push(`## ${key.path}`, '');
    else out.push(`### ${key.path}`, '');
    out.push(facts(key), '', key.description, '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

interface Key {
  path: string;
  schema: JsonSchema;
  required: boolean;
  description: string;
}

/** Every key of the schema, depth first, as dotted paths (`[]` for the items of a list). */
function flatten(schema: JsonSchema): Key[] {
  const keys: Key[] = [];
  const visit = (node: JsonSchema, prefix: string) => {
    const object = objectOf(node);
    if (object?.properties) {
      for (const [name, child] of Object.entries(object.properties)) {
        const path = prefix ? `${prefix}.${name}` : name;
        keys.push({ path, schema: child, required: object.required?.includes(name) ?? false, description: '' });
        visit(child, path);
      }
      return;
    }
    const items = node.items;
    if (!items) return;
    // A list of scalars or mappings: a list of mappings documents their keys; a list of "scalar or mapping" its items too.
    if (items.anyOf) {
      keys.push({ path: `${prefix}[]`, schema: items, required: false, description: '' });
      visit(items, `${prefix}[]`);
    } else if (objectOf(items)?.properties) {
      visit(items, `${prefix}[]`);
    }
  };
  visit(schema, '');
  for (const key of keys) key.description = key.schema.description ?? '';
  return keys;
}

function objectOf(node: JsonSchema): JsonSchema | undefined {
  if (node.properties) return node;
  return node.anyOf?.find((alternative) => alternative.properties);
}

function checkDescriptions(keys: readonly Key[]): void {
  const missing = keys
    .filter((k) => !k.description)
    .map((k) => `${k.path}: no description (add one with .describe() in src/config/schema.ts, then run npm run schema)`);
  if (missing.length) throw new Error(`scripts/write-config-docs.ts:\n  ${missing.join('\n  ')}`);
}

/** The example is a valid config and names every key of the schema. */
function checkExample(keys: readonly Key[]): void {
  parseConfig(EXAMPLE, 'the example of scripts/write-config-docs.ts');
  const named = new Set<string>();
  const visit = (value: unknown, prefix: string) => {
    if (Array.isArray(value)) {
      if (value.length) named.add(`${prefix}[]`);
      for (const item of value) visit(item, `${prefix}[]`);
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const path = prefix ? `${prefix}.${key}` : key;
        named.add(path);
        // A customization is GitBook's settings object, documented on its own page.
        if (!path.endsWith('.customization')) visit(child, path);
      }
    }
  };
  visit(parse(EXAMPLE), '');
  const missing = keys.map((k) => k.path).filter((path) => !named.has(path));
  if (missing.length) throw new Error(`scripts/write-config-docs.ts: the example leaves out ${missing.join(', ')}`);
}

/** `Type: ... · Default: ... · Required.` */
function facts(key: Key): string {
  const parts = [`**Type:** ${typeOf(key.schema)}`];
  const allowed = allowedOf(key.schema);
  if (allowed) parts.push(`**Allowed:** ${allowed}`);
  const def = defaultOf(key.schema);
  if (def !== undefined) parts.push(`**Default:** ${def}`);
  if (key.required) parts.push('**Required**');
  return parts.join(' · ');
}

function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) {
    const types = schema.anyOf.map(typeOf);
    return [...new Set(types)].join(' or ');
  }
  if (schema.enum) return schema.type ?? 'string';
  switch (schema.type) {
    case 'string':
      return schema.format === 'uri' ? 'URL' : schema.format === 'email' ? 'email address' : 'string';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return '`null`';
    case 'array':
      return `list of ${schema.items ? plural(typeOf(schema.items)) : 'values'}`;
    case 'object':
      return schema.properties ? 'mapping' : 'mapping (any keys)';
    default:
      return 'any';
  }
}

const plural = (type: string) =>
  type
    .split(' or ')
    .map((t) => ({ mapping: 'mappings', string: 'strings', integer: 'integers', URL: 'URLs', 'email address': 'email addresses', boolean: 'booleans' })[t] ?? t)
    .join(' or ');

function allowedOf(schema: JsonSchema): string | undefined {
  const parts: string[] = [];
  const enums = [...(schema.enum ?? []), ...(schema.anyOf ?? []).flatMap((a) => a.enum ?? (a.type === 'null' ? [null] : []))];
  if (enums.length) parts.push(enums.map((v) => `\`${v === null ? 'null' : String(v)}\``).join(', '));
  if (schema.minimum !== undefined && schema.maximum !== undefined) parts.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) parts.push(`at least ${schema.minimum}`);
  else if (schema.maximum !== undefined) parts.push(`at most ${schema.maximum}`);
  const length = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined) parts.push(`${min} to ${max} ${unit}`);
    else if (min !== undefined && min > 1) parts.push(`at least ${min} ${unit}`);
    else if (min === 1) parts.push(unit === 'items' ? 'at least one item' : 'not empty');
    else if (max !== undefined) parts.push(`at most ${max} ${unit}`);
  };
  if (schema.type === 'string') length(schema.minLength, schema.maxLength, 'characters');
  if (schema.type === 'array') length(schema.minItems, undefined, 'items');
  if (schema.pattern && schema.format !== 'email') parts.push(`matching \`${schema.pattern}\``);
  return parts.length ? parts.join('; ') : undefined;
}

function defaultOf(schema: JsonSchema): string | undefined {
  if (!('default' in schema)) return undefined;
  const value = schema.default;
  // A section's default is the defaults of its keys, listed with them.
  if (value && typeof value === 'object' && !Array.isArray(value)) return undefined;
  return `\`${JSON.stringify(value).replace(/^"(.*)"$/, '$1')}\``;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  writeReferencePage(FILE, () => renderConfiguration(), process.argv.slice(2));
